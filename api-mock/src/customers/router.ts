import type { RouterImplementation } from '@ts-rest/fastify';
import { customersContract, parseLogoFileIdentifier } from '../../../contract/customers';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { containsPattern } from '../lib/like';
import { storageOf } from '../storage';
import { BUCKET_OF_FILE_TYPE } from '../storage/layout';
import { registerFiles, releaseFiles } from '../storage/registry';
import {
  customersMatching,
  lockedLogoOf,
  setFieldLabels,
  setLogo,
  switchHistoryOf,
  switchSessionCustomer,
  toCustomer,
} from './queries';
import { requireCustomer, requireOwnLogoFile } from './records';

/**
 * Customer lookup and switching for provider staff, the logo of the current customer (spec 1 sections 6 and 7).
 * cloudCredential belongs to file storage and is implemented there.
 */
export function customersRouter({ db, config }: AppDeps): Partial<RouterImplementation<typeof customersContract>> {
  return {
    list: async ({ query }) => {
      const rows = await customersMatching(db, containsPattern(query.keyword), query.count);
      return ok(rows.map(toCustomer));
    },

    history: async ({ request, query }) => {
      const rows = await switchHistoryOf(db, actorOf(request).userId, query.count);
      return ok(
        rows.map(({ last_switched, ...customer }) => ({
          // The switch is to a customer, not to one of its sites: no location to name.
          location: { locationId: null, customer: toCustomer(customer) },
          switchedTime: new Date(last_switched).toISOString(),
        })),
      );
    },

    switchCustomer: async ({ request, params }) => {
      const actor = actorOf(request);
      const target = await requireCustomer(db, actor, params.customerId);
      await change(db, async (trx) => {
        await switchSessionCustomer(trx, { sessionId: actor.id, userId: actor.userId, customerId: target.id });
        return {
          result: null,
          event: {
            customerId: target.id,
            actorId: actor.userId,
            entityType: 'user',
            entityId: actor.userId,
            eventType: 'customer.switched',
            payload: { fromCustomerId: actor.customerId, toCustomerId: target.id },
          },
        };
      });
      return ok(null);
    },

    updateLogo: async ({ request, body }) => {
      const actor = actorOf(request);
      const identifier = body.customerLogoFileIdentifier === '' ? null : body.customerLogoFileIdentifier;
      const logoFile = (value: string | null) => {
        const logo = parseLogoFileIdentifier(value);
        return logo && { bucketName: BUCKET_OF_FILE_TYPE.CustomerLogo, resourceKey: logo.resourceKey };
      };
      const next = logoFile(identifier);
      // Another customer's file is refused as every file route refuses it (403), before anything is looked up.
      if (next) await requireOwnLogoFile(db, actor, next.resourceKey);
      const { row, replaced } = await change(db, async (trx) => {
        const previous = logoFile(await lockedLogoOf(trx, actor.customerId));
        // The logo must be a file uploaded into this customer's logos and held by no other record.
        if (next && next.resourceKey !== previous?.resourceKey) {
          await registerFiles(
            trx,
            storageOf(config),
            [next],
            { customerId: actor.customerId, as: 'customerLogo' },
            'The logo has not been uploaded',
          );
        }
        const replaced = previous && previous.resourceKey !== next?.resourceKey ? previous : null;
        if (replaced) await releaseFiles(trx, [replaced]);
        const updated = await setLogo(trx, actor.customerId, identifier);
        return {
          result: { row: updated, replaced },
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'customer',
            entityId: actor.customerId,
            eventType: identifier ? 'customer.logoChanged' : 'customer.logoRemoved',
            payload: { customerLogoFileIdentifier: identifier },
          },
        };
      });
      if (replaced) {
        // The replaced file goes once the change has committed; one left behind only costs space.
        await storageOf(config)
          .deleteObject(replaced.bucketName, replaced.resourceKey)
          .catch((error: unknown) => request.log.warn({ err: error }, 'a replaced logo could not be removed'));
      }
      return ok(toCustomer(row));
    },

    updateFieldLabels: async ({ request, params, body }) => {
      const actor = actorOf(request);
      const target = await requireCustomer(db, actor, params.customerId);
      const row = await change(db, async (trx) => ({
        result: await setFieldLabels(trx, target.id, body),
        event: {
          customerId: target.id,
          actorId: actor.userId,
          entityType: 'customer',
          entityId: target.id,
          eventType: 'customer.fieldLabelsChanged',
          payload: body,
        },
      }));
      return ok(toCustomer(row));
    },

    hasAssetGeniusSite: async ({ request, query }) => {
      const customer = await requireCustomer(db, actorOf(request), query.customerId);
      return ok(customer.has_asset_genius_site);
    },
  };
}
