import { initServer } from '@ts-rest/fastify';
import { feedbackContract } from '../../../contract/feedback';
import type { AppDeps } from '../deps';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { PROVIDER_INBOX, queueMail } from '../mail/outbox';

const s = initServer();

/** Contact requests: the no-account request needs no session (the account is not recognised). */
export function feedbackRouter({ db }: AppDeps) {
  return {
    requestMoreInfo: s.route(feedbackContract.requestMoreInfo, async ({ body }) => {
      await change(db, async (trx) => {
        const { id } = await trx
          .insertInto('contact_requests')
          .values({
            kind: 'noAccount',
            email: body.emailAddress,
            payload: JSON.stringify(body),
            user_id: null,
            customer_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queueMail(trx, {
          to: [PROVIDER_INBOX],
          subject: `Portal access request from ${body.firstName} ${body.lastName}`,
          body: [
            `Name: ${body.firstName} ${body.lastName}`,
            `E-mail: ${body.emailAddress}`,
            `Telephone: ${body.telephone}`,
            `Company: ${body.companyName ?? ''}`,
            `Country: ${body.country ?? ''}`,
            `Comments: ${body.comments ?? ''}`,
          ].join('\n'),
        });
        return {
          result: null,
          event: {
            customerId: null,
            actorId: null,
            entityType: 'contactRequest',
            entityId: id,
            eventType: 'contactRequest.created',
            payload: { kind: 'noAccount' },
          },
        };
      });
      return ok(null);
    }),
  };
}
