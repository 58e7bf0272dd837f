import { randomBytes } from 'node:crypto';
import { initServer } from '@ts-rest/fastify';
import { invitationsContract, INVITATION_DESCRIPTION_MAX, InvitationType } from '../../../contract/invitations';
import { ErrorCode } from '../../../contract/errors';
import { splitEmailList } from '../../../contract/validation';
import type { AppDeps } from '../deps';
import { hashPassword } from '../auth/password';
import { actorOf } from '../access/actor';
import { appendEvent } from '../db/events';
import { fail, ok } from '../lib/envelope';
import { languageCodeOf } from '../lib/languages';
import { badRequest, HttpProblem } from '../lib/problem';
import { sanitiseRichText } from '../lib/richText';
import { deliverInvitation } from '../mail/onboardingMail';
import { onboardingTemplate } from '../mail/onboardingText';
import { distinctAddresses } from '../mail/text';
import {
  addressesWithRegistration,
  customerById,
  customerByNumber,
  invitationById,
  invitationPage,
  insertInvitation,
  invitationsOf,
  locationOfCustomer,
  markResent,
  type OnboardedCustomer,
} from './queries';

const s = initServer();

/** A unique index refused a new invited user: someone registered the address at the same moment. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A semicolon list as stored: each address once, trimmed, in the order typed. */
const normalisedList = (value: string) => distinctAddresses(splitEmailList(value)).join(';');

/**
 * Customer onboarding (spec 3 "Customer onboarding"): provider staff holding the admin access code send invitation
 * e-mails (an order mail or a portal invite with sign-up links) and read and resend the sent history. Everyone else
 * is refused with 403, whatever the client shows.
 */
export function invitationsRouter({ db, config }: AppDeps) {
  const delivery = async (senderId: number, customer: OnboardedCustomer) => ({
    origin: config.publicOrigin,
    senderId,
    customer: { emailDomain: customer.email_domain, firstLocationId: customer.first_location_id },
    unusablePasswordHash: await hashPassword(randomBytes(32).toString('base64url')),
  });

  const alreadyRegistered = () =>
    fail(ErrorCode.EmailAlreadyRegistered, 'An address was registered while the invitation was being sent');

  return s.router(invitationsContract, {
    history: async ({ query }) => {
      const page = await invitationPage(db, query);
      return ok({ items: await invitationsOf(db, page.rows), totalCount: page.totalCount });
    },

    registeredUsers: async ({ body }) => ok(await addressesWithRegistration(db, distinctAddresses(body))),

    template: async ({ query }) => ok(onboardingTemplate(languageCodeOf(query.languageId))),

    send: async ({ request, body }) => {
      const actor = actorOf(request);
      const customer = await customerByNumber(db, body.customerNo);
      if (!customer) throw badRequest(`No customer has the number ${body.customerNo}`);
      if (body.locationId !== null && !(await locationOfCustomer(db, body.locationId, customer.id))) {
        throw badRequest('The location does not belong to that customer');
      }
      if (
        body.type === InvitationType.PortalInvite &&
        body.locationId === null &&
        customer.first_location_id === null
      ) {
        throw badRequest('A portal invite needs a location of the customer for the new users');
      }
      const description = sanitiseRichText(body.description);
      if (description.length > INVITATION_DESCRIPTION_MAX) throw badRequest('The description is too long');
      const sending = await delivery(actor.userId, customer);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await insertInvitation(trx, {
            sent_by: actor.userId,
            customer_id: customer.id,
            customer_no: customer.customer_identifier,
            location_id: body.locationId,
            email_to: normalisedList(body.emailTo),
            email_cc: normalisedList(body.emailCc),
            email_bcc: normalisedList(body.emailBcc),
            order_number: body.orderNumber,
            language: body.language,
            type: body.type,
            subject: body.subject,
            description,
          });
          await deliverInvitation(trx, inserted, sending);
          await appendEvent(trx, {
            customerId: customer.id,
            actorId: actor.userId,
            entityType: 'invitation',
            entityId: inserted.id,
            eventType: 'invitation.sent',
            payload: { type: body.type, language: body.language, recipients: splitEmailList(inserted.email_to).length },
          });
          return inserted;
        });
        return ok((await invitationsOf(db, [row]))[0]!);
      } catch (error) {
        if (isUniqueViolation(error)) return alreadyRegistered();
        throw error;
      }
    },

    resend: async ({ request, body }) => {
      const actor = actorOf(request);
      const found = await invitationById(db, body.id);
      if (!found) throw new HttpProblem(404, `No invitation ${body.id}`);
      const customer = await customerById(db, found.customer_id);
      if (!customer) throw new HttpProblem(404, `No invitation ${body.id}`);
      const sending = await delivery(actor.userId, customer);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const updated = await markResent(trx, found.id);
          await deliverInvitation(trx, updated, sending);
          await appendEvent(trx, {
            customerId: updated.customer_id,
            actorId: actor.userId,
            entityType: 'invitation',
            entityId: updated.id,
            eventType: 'invitation.resent',
            payload: { sendCount: updated.send_count },
          });
          return updated;
        });
        return ok((await invitationsOf(db, [row]))[0]!);
      } catch (error) {
        if (isUniqueViolation(error)) return alreadyRegistered();
        throw error;
      }
    },
  });
}
