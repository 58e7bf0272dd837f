import { initServer } from '@ts-rest/fastify';
import { locationContract } from '../../../contract/location';
import type { AppDeps } from '../deps';
import { requireActor } from '../auth/actor';
import { requireSession } from '../auth/context';
import { ok } from '../lib/envelope';
import { locationDetail, searchLocations, locationSummaries } from '../queries/locations';

const s = initServer();

/** Locations (sites): always those of the current customer, except the search of provider staff. */
export function locationRouter({ db }: AppDeps) {
  return s.router(locationContract, {
    summary: async ({ request }) => {
      const session = await requireSession(db, request);
      return ok(await locationSummaries(db, session.customerId));
    },

    get: async ({ request, params }) => {
      const session = await requireSession(db, request);
      return ok(await locationDetail(db, session.customerId, params.locationId));
    },

    search: async ({ request, query }) => {
      const actor = await requireActor(db, request);
      const customerId = actor.isPEUser ? null : actor.customerId;
      return ok(await searchLocations(db, { keyword: query.keyword, count: query.count, customerId }));
    },
  });
}
