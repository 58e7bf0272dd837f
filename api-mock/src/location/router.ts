import { initServer } from '@ts-rest/fastify';
import { locationContract } from '../../../contract/location';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { locationDetail, searchLocations, locationSummaries } from '../location/queries';

const s = initServer();

/** Locations (sites): always those of the current customer, except the search of provider staff. */
export function locationRouter({ db }: AppDeps) {
  return s.router(locationContract, {
    summary: async ({ request }) => ok(await locationSummaries(db, actorOf(request).customerId)),

    get: async ({ request, params }) => ok(await locationDetail(db, actorOf(request).customerId, params.locationId)),

    search: async ({ request, query }) => {
      const { scopeCustomerId } = actorOf(request);
      return ok(await searchLocations(db, { keyword: query.keyword, count: query.count, customerId: scopeCustomerId }));
    },
  });
}
