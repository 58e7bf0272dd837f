import { initServer } from '@ts-rest/fastify';
import type { Selectable } from 'kysely';
import { countryEmailRoutingContract, type StoredCountryEmailRouting } from '../../../contract/countryEmailRouting';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { change } from '../db/events';
import type { CountryEmailRoutingTable } from '../db/schema';
import { countryCodeOf, countryIdOf } from '../lib/countries';
import { ok } from '../lib/envelope';
import { HttpProblem } from '../lib/problem';
import { regionsOf, routingOf, saveRegionEmails, saveRouting } from './queries';

const s = initServer();

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

/**
 * Notification e-mail routing (spec 3 "E-mail routing"): GET and PUT Country/emails for a country or All, GET and
 * PUT Country/{countryId}/regionEmails for the regions of a country. A save replaces the routing of its country
 * (the body's id is not needed to find it). Every save is an event.
 */
export function countryEmailRoutingRoutes({ db }: AppDeps) {
  return {
    getCountryEmails: s.route(countryEmailRoutingContract.getCountryEmails, async ({ query }) => {
      const code = query.countryId === undefined ? null : countryOf(query.countryId);
      return ok({ countryEmailRouting: toRouting(code, (await routingOf(db, code)) ?? null) });
    }),

    getRegionEmails: s.route(countryEmailRoutingContract.getRegionEmails, async ({ params }) => {
      const rows = await regionsOf(db, countryOf(params.countryId));
      const regions = rows.map((r) => ({ regionId: r.id, name: r.name, adminEmails: r.admin_emails }));
      return ok({ id: params.countryId, regions });
    }),

    updateCountryEmails: s.route(countryEmailRoutingContract.updateCountryEmails, async ({ request, body }) => {
      const actor = actorOf(request);
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
        const row = await saveRouting(trx, code, values);
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
      const actor = actorOf(request);
      const code = countryOf(params.countryId);
      const saved = await change(db, async (trx) => {
        const row = await saveRegionEmails(trx, {
          regionId: body.regionId,
          countryCode: code,
          adminEmails: body.adminEmails,
          updatedBy: actor.userId,
        });
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
