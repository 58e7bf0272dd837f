import type { FastifyRequest } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { sql, type Selectable } from 'kysely';
import { countryEmailRoutingContract, type StoredCountryEmailRouting } from '../../../contract/countryEmailRouting';
import { AccessCode } from '../../../contract/permissions';
import type { AppDeps } from '../deps';
import { requireAdministrator } from '../auth/administrator';
import { change } from '../db/events';
import type { CountryEmailRoutingTable } from '../db/schema';
import { countryCodeOf, countryIdOf } from '../lib/countries';
import { ok } from '../lib/envelope';
import { HttpProblem } from '../lib/problem';

const s = initServer();

/** Provider staff holding the e-mail routing access code (not the admin code). */
const requireRouter = (db: AppDeps['db'], request: FastifyRequest) =>
  requireAdministrator(db, request, AccessCode.EmailRouting);

/** The ISO code of a country id the portal knows, else 404. */
function countryOf(countryId: number): string {
  const code = countryCodeOf(countryId);
  if (code === null) throw new HttpProblem(404, `No country ${countryId}`);
  return code;
}

const EMPTY = {
  admin_emails: '',
  contract_change_emails: '',
  contact_us_sales: '',
  contact_us_relocation: '',
  contact_us_technical_support: '',
};

function toRouting(
  countryCode: string | null,
  row: Omit<Selectable<CountryEmailRoutingTable>, 'country_code' | 'updated_at' | 'updated_by'> | null,
): StoredCountryEmailRouting {
  const r = row ?? { id: null, ...EMPTY };
  return {
    id: r.id,
    countryId: countryCode === null ? null : countryIdOf(countryCode),
    adminEmails: r.admin_emails,
    contractChangeEmails: r.contract_change_emails,
    contactUsSalesEmailAddress: r.contact_us_sales,
    contactUsInstrumentRelocationEmailAddress: r.contact_us_relocation,
    contactUsTechnicalSupportEmailAddress: r.contact_us_technical_support,
  };
}

const ROUTING_COLUMNS = [
  'id',
  'admin_emails',
  'contract_change_emails',
  'contact_us_sales',
  'contact_us_relocation',
  'contact_us_technical_support',
] as const;

/**
 * Notification e-mail routing (spec 3 "E-mail routing"): GET and PUT Country/emails for a country or All, GET and
 * PUT Country/{countryId}/regionEmails for the regions of a country. A save replaces the routing of its country
 * (the body's id is not needed to find it). Every save is an event.
 */
export function countryEmailRoutingRoutes({ db }: AppDeps) {
  const routingOf = (countryCode: string | null) =>
    db
      .selectFrom('country_email_routing')
      .select(ROUTING_COLUMNS)
      .where('country_code', countryCode === null ? 'is' : '=', countryCode)
      .executeTakeFirst();

  return {
    getCountryEmails: s.route(countryEmailRoutingContract.getCountryEmails, async ({ request, query }) => {
      await requireRouter(db, request);
      const code = query.countryId === undefined ? null : countryOf(query.countryId);
      return ok({ countryEmailRouting: toRouting(code, (await routingOf(code)) ?? null) });
    }),

    getRegionEmails: s.route(countryEmailRoutingContract.getRegionEmails, async ({ request, params }) => {
      await requireRouter(db, request);
      const code = countryOf(params.countryId);
      const rows = await db
        .selectFrom('regions')
        .select(['id', 'name', 'admin_emails'])
        .where('country_code', '=', code)
        .orderBy('name')
        .orderBy('id')
        .execute();
      const regions = rows.map((r) => ({ regionId: r.id, name: r.name, adminEmails: r.admin_emails }));
      return ok({ id: params.countryId, regions });
    }),

    updateCountryEmails: s.route(countryEmailRoutingContract.updateCountryEmails, async ({ request, body }) => {
      const actor = await requireRouter(db, request);
      const code = body.countryId === null ? null : countryOf(body.countryId);
      const values = {
        admin_emails: body.adminEmails,
        contract_change_emails: body.contractChangeEmails,
        contact_us_sales: body.contactUsSalesEmailAddress,
        contact_us_relocation: body.contactUsInstrumentRelocationEmailAddress,
        contact_us_technical_support: body.contactUsTechnicalSupportEmailAddress,
        updated_by: actor.userId,
      };
      const saved = await change(db, async (trx) => {
        const row = await trx
          .insertInto('country_email_routing')
          .values({ country_code: code, ...values })
          .onConflict((oc) =>
            oc.expression(sql`(coalesce(country_code, ''))`).doUpdateSet({ ...values, updated_at: new Date() }),
          )
          .returning(ROUTING_COLUMNS)
          .executeTakeFirstOrThrow();
        const result = toRouting(code, row);
        return {
          result,
          event: {
            customerId: null,
            actorId: actor.userId,
            entityType: 'countryEmailRouting',
            entityId: code ?? 'All',
            eventType: 'countryEmailRouting.updated',
            payload: result,
          },
        };
      });
      return ok(saved);
    }),

    updateRegionEmails: s.route(countryEmailRoutingContract.updateRegionEmails, async ({ request, params, body }) => {
      const actor = await requireRouter(db, request);
      const code = countryOf(params.countryId);
      const saved = await change(db, async (trx) => {
        const row = await trx
          .updateTable('regions')
          .set({ admin_emails: body.adminEmails, updated_at: new Date(), updated_by: actor.userId })
          .where('id', '=', body.regionId)
          .where('country_code', '=', code)
          .returning(['id', 'name', 'admin_emails'])
          .executeTakeFirst();
        if (!row) throw new HttpProblem(404, `No region ${body.regionId} in country ${params.countryId}`);
        const result = { regionId: row.id, name: row.name, adminEmails: row.admin_emails };
        return {
          result,
          event: {
            customerId: null,
            actorId: actor.userId,
            entityType: 'region',
            entityId: row.id,
            eventType: 'region.emailsUpdated',
            payload: { countryCode: code, adminEmails: row.admin_emails },
          },
        };
      });
      return ok(saved);
    }),
  };
}
