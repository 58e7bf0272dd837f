import { initServer } from '@ts-rest/fastify';
import { contractsContract } from '../../../contract/contracts';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { countCapOf } from '../lib/paging';
import { CountCache, countOptionsOf } from '../lib/listCount';
import { contractCount, contractPage } from './queries';

const s = initServer();

/*
 * Contract management (spec 3 sections 2, 3 and 7): the read-only grid of the contracts of the customer the caller
 * works for, for holders of the contract-management access code. The schema has bounded the page, the sort and
 * the filter map; the field whitelist turns them into SQL.
 */
export function contractsRouter({ db, config }: AppDeps) {
  const counts = new CountCache();
  return {
    list: s.route(contractsContract.list, async ({ request, body }) =>
      ok(await contractPage(db, actorOf(request).customerId, body, countCapOf(config))),
    ),
    listCount: s.route(contractsContract.listCount, async ({ request, body }) =>
      ok(await contractCount(db, actorOf(request).customerId, body, countOptionsOf(config, counts))),
    ),
  };
}
