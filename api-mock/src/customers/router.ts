import type { RouterImplementation } from '@ts-rest/fastify';
import { customersContract, parseLogoFileIdentifier } from '../../../contract/customers';
import type { AppDeps } from '../deps';
import { requireActor, requirePEUser } from '../auth/actor';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { containsPattern } from '../lib/like';
import { forbidden, HttpProblem } from '../lib/problem';
import { customerOr404, toCustomer } from '../customers/queries';
import { storageIdentityOf } from '../queries/storageIdentity';
import { storageOf } from '../storage';
import { BUCKET_OF_FILE_TYPE, keyBelongsTo } from '../storage/layout';
import { registerFiles, releaseFiles } from '../storage/registry';

/**
 * Customer lookup and switching for provider staff, the logo of the current customer (spec 1 sections 6 and 7).
 * cloudCredential belongs to file storage and is implemented there.
 */
export function customersRouter({ db, config }: AppDeps): Partial<RouterImplementation<typeof customersContract>> {
  return {
    list: async ({ request, query }) => {
      await requirePEUser(db, request);
      const pattern = containsPattern(query.keyword);
      const rows = await db
        .selectFrom('customers')
        .selectAll()
        .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('customer_identifier', 'ilike', pattern)]))
        .orderBy('name')
        .orderBy('id')
        .limit(query.count)
        .execute();
      return ok(rows.map(toCustomer));
    },

    history: async ({ request, query }) => {
      const actor = await requirePEUser(db, request);
      const rows = await db
        .selectFrom((qb) =>
          qb
            .selectFrom('customer_switch_history')
            .select((eb) => [
              'customer_id',
              eb.fn.max('switched_at').as('last_switched'),
              eb.fn.max('id').as('last_id'),
            ])
            .where('user_id', '=', actor.userId)
            .groupBy('customer_id')
            .as('h'),
        )
        .innerJoin('customers', 'customers.id', 'h.customer_id')
        .selectAll('customers')
        .select('h.last_switched')
        .orderBy('h.last_switched', 'desc')
        .orderBy('h.last_id', 'desc')
        .limit(query.count)
        .execute();
      return ok(
        rows.map(({ last_switched, ...customer }) => ({
          // The switch is to a customer, not to one of its sites: no location to name.
          location: { locationId: null, customer: toCustomer(customer) },
          switchedTime: new Date(last_switched).toISOString(),
        })),
      );
    },

    switchCustomer: async ({ request, params }) => {
      const actor = await requirePEUser(db, request);
      const target = await customerOr404(db, params.customerId);
      await change(db, async (trx) => {
        await trx.updateTable('sessions').set({ customer_id: target.id }).where('id', '=', actor.id).execute();
        await trx
          .insertInto('customer_switch_history')
          .values({ user_id: actor.userId, customer_id: target.id })
          .execute();
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
      const actor = await requireActor(db, request);
      if (!actor.isAdmin) throw forbidden("Only an admin may change the customer's logo");
      const identifier = body.customerLogoFileIdentifier === '' ? null : body.customerLogoFileIdentifier;
      const logoFile = (value: string | null) => {
        const logo = parseLogoFileIdentifier(value);
        return logo && { bucketName: BUCKET_OF_FILE_TYPE.CustomerLogo, resourceKey: logo.resourceKey };
      };
      const next = logoFile(identifier);
      // Another customer's file is refused as every file route refuses it (403), before anything is looked up.
      if (next && !keyBelongsTo(next.resourceKey, await storageIdentityOf(db, actor.customerId))) {
        throw forbidden('The logo belongs to another customer');
      }
      const { row, replaced } = await change(db, async (trx) => {
        const before = await trx
          .selectFrom('customers')
          .select('logo_file_identifier')
          .where('id', '=', actor.customerId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const previous = logoFile(before.logo_file_identifier);
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
        const updated = await trx
          .updateTable('customers')
          .set({ logo_file_identifier: identifier })
          .where('id', '=', actor.customerId)
          .returningAll()
          .executeTakeFirstOrThrow();
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

    hasAssetGeniusSite: async ({ request, query }) => {
      const actor = await requireActor(db, request);
      // Customer users ask about their own customer only; another id is answered as unknown.
      if (!actor.isPEUser && query.customerId !== actor.customerId) {
        throw new HttpProblem(404, `No customer ${query.customerId}`);
      }
      const customer = await customerOr404(db, query.customerId);
      return ok(customer.has_asset_genius_site);
    },
  };
}
