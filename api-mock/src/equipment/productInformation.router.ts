import { initServer } from '@ts-rest/fastify';
import { equipmentContract } from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { productResourceFetcher } from '../catalogue/productResources';
import { change } from '../db/events';
import { countryNameOf } from '../lib/countries';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { PROVIDER_INBOX, queueMail, senderOf } from '../mail/outbox';
import { CONTACT_METHOD_NAMES } from '../mail/text';
import { findProductMarketInfo } from '../productMarketInfo/queries';
import { equipmentScopeOf, requireEquipment } from './records';
import { customerNameOf } from './contractRequests.queries';

const s = initServer();

/**
 * The Product information tab (spec 2): the resource block of the instrument's product page, and the request for
 * more information, mailed to the provider with a copy to the requester's own account address. Another customer's
 * instrument, or one that does not exist, is 10002.
 */
export function productInformationRoutes({ db, config, productResources = productResourceFetcher() }: AppDeps) {
  return {
    productResources: s.route(equipmentContract.productResources, async ({ request, params }) => {
      const actor = actorOf(request);
      const equipment = await requireEquipment(db, equipmentScopeOf(actor), params.id);
      const info = await findProductMarketInfo(db, equipment);
      return ok(await productResources.resourcesOf(info?.productUrl ?? null, config.publicOrigin));
    }),

    requestMarketInfo: s.route(equipmentContract.requestMarketInfo, async ({ request, body }) => {
      const actor = actorOf(request);
      const equipment = await requireEquipment(db, equipmentScopeOf(actor), body.equipmentId);
      const info = await findProductMarketInfo(db, equipment);
      if (!info) throw badRequest('The instrument has no product information to ask more about');
      const [account, customerName] = await Promise.all([
        senderOf(db, actor.userId),
        customerNameOf(db, actor.customerId),
      ]);
      const name = `${body.firstName} ${body.lastName}`;
      const product = `${info.displayName ?? `${info.brandName} ${info.modelName}`} (${info.partNumber})`;
      const instrument = [equipment.mfg, equipment.model, equipment.serial].filter(Boolean).join(' - ');
      const country = (body.countryId ? countryNameOf(body.countryId) : null) ?? body.country ?? null;
      await change(db, async (trx) => {
        await queueMail(trx, {
          to: [PROVIDER_INBOX],
          subject: `Request for more information: ${product} (${customerName})`,
          body: [
            `Request for more information about ${product}`,
            '',
            `Customer: ${customerName}`,
            `Instrument: ${instrument}`,
            `From: ${name} <${body.emailAddress}>, ${body.telephone}`,
            ...(body.companyName ? [`Company: ${body.companyName}`] : []),
            ...(country ? [`Country: ${country}`] : []),
            `Contact: ${body.contactMethod ? CONTACT_METHOD_NAMES[body.contactMethod] : '—'}`,
            '',
            body.comments ?? '',
          ].join('\n'),
          causedBy: account,
        });
        // The copy goes to the account's own address, never to one the form names.
        await queueMail(trx, {
          to: [account.email],
          subject: `We received your request for more information about ${product}`,
          body: [`Dear ${name},`, '', `we received your request about ${product} and will contact you.`].join('\n'),
          causedBy: account,
        });
        return {
          result: null,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'equipment',
            entityId: equipment.id,
            eventType: 'equipment.moreInfoRequested',
            payload: { partNumber: info.partNumber },
          },
        };
      });
      return ok(null);
    }),
  };
}
