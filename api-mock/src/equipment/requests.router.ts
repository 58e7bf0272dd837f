import { initServer } from '@ts-rest/fastify';
import {
  contractRequestReference as reference,
  equipmentContract,
  USER_ADDED_DATA_SOURCE_ID,
  USER_ADDED_REFUSAL,
} from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { queueMail, senderOf } from '../mail/outbox';
import { routedRecipients } from '../mail/routing';
import { CONTACT_METHOD_NAMES } from '../mail/text';
import { contractChangeRequestPage, customerNameOf, insertContractRequest } from './contractRequests.queries';
import { requireEquipment } from './records';

const s = initServer();

/**
 * Requests about an instrument to the provider (spec 2 "Contact the contract team"): the ARC feature is needed, an
 * instrument the customer added has no contract to change, and another customer's instrument is 10002. The request
 * is stored with its status and mailed to the contract team (the contract change addresses routed for the
 * instrument's site), with a copy to the requester, in one transaction.
 * View ARC requests (spec 2 row menu) lists them under the same rules: ARC, and 10002 for an instrument the customer
 * does not have; every request of the customer for the instrument shows, whoever of the customer made it, since a
 * lab manager answers for the instrument, not only for their own requests.
 */
export function equipmentRequestRoutes({ db }: AppDeps) {
  return {
    requestContract: s.route(equipmentContract.requestContract, async ({ request, body }) => {
      const actor = actorOf(request);
      const equipment = await requireEquipment(
        db,
        { customerId: actor.customerId, userId: actor.userId },
        body.equipmentId,
      );
      if (equipment.data_source_id === USER_ADDED_DATA_SOURCE_ID) throw badRequest(USER_ADDED_REFUSAL);
      // The copy goes to the account's own address (the sender's): the form's address is for the contract team to
      // answer, and a copy to any address it names would let a caller send the portal's mail to strangers.
      const [causedBy, customerName] = await Promise.all([
        senderOf(db, actor.userId),
        customerNameOf(db, actor.customerId),
      ]);
      // The instrument as the portal has it, not as the form says.
      const instrument = { mfg: equipment.mfg, model: equipment.model, serial: equipment.serial };
      const payload = { ...body, ...instrument };
      await change(db, async (trx) => {
        const id = await insertContractRequest(trx, {
          customerId: actor.customerId,
          equipmentId: equipment.id,
          userId: actor.userId,
          payload,
        });
        const name = `${body.firstName} ${body.lastName}`;
        const what = [instrument.mfg, instrument.model, instrument.serial].filter(Boolean).join(' - ');
        const team = await routedRecipients(trx, { locationId: equipment.location_id }, 'contractChange');
        await queueMail(trx, {
          to: team,
          subject: `Contract change request ${reference(id)}: ${what} (${customerName})`,
          body: [
            `Contract change request ${reference(id)}`,
            '',
            `Customer: ${customerName}`,
            `Instrument: ${what}`,
            `From: ${name} <${body.emailAddress}>, ${body.telephone}`,
            `Contact: ${body.contactMethod ? CONTACT_METHOD_NAMES[body.contactMethod] : '—'}`,
            ...(body.interestedIn ? [`Interested in: ${body.interestedIn}`] : []),
            ...(body.additionalSolutionsFor ? [`Additional solutions for: ${body.additionalSolutionsFor}`] : []),
            '',
            body.comments ?? '',
          ].join('\n'),
          causedBy,
        });
        await queueMail(trx, {
          to: [causedBy.email],
          subject: `We received your contract change request ${reference(id)}`,
          body: [
            `Dear ${name},`,
            '',
            `the contract team received your request ${reference(id)} about ${what} and will contact you.`,
          ].join('\n'),
          causedBy,
        });
        return {
          result: id,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'equipment',
            entityId: equipment.id,
            eventType: 'equipment.contractChangeRequested',
            payload: { requestId: id, routedTo: team.join(';') },
          },
        };
      });
      return ok(null);
    }),

    contractRequests: s.route(equipmentContract.contractRequests, async ({ request, params, query }) => {
      const actor = actorOf(request);
      const equipment = await requireEquipment(db, { customerId: actor.customerId, userId: actor.userId }, params.id);
      return ok(
        await contractChangeRequestPage(db, { customerId: actor.customerId, equipmentId: equipment.id }, query),
      );
    }),
  };
}
