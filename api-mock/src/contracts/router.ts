import { initServer } from '@ts-rest/fastify';
import { contractsContract } from '../../../contract/contracts';
import type { AppDeps } from '../deps';
import { requireActor } from '../auth/actor';
import { ok } from '../lib/envelope';
import { contractPage, requireContractManagement } from './queries';

const s = initServer();

/*
 * Contract management (spec 3 sections 2, 3 and 7): the read-only grid of the contracts of the customer the caller
 * works for, for holders of the contract-management access code. The schema has bounded the page, the sort and
 * the filter map; the field whitelist turns them into SQL.
 */
export function contractsRouter({ db }: AppDeps) {
  return {
    list: s.route(contractsContract.list, async ({ request, body }) => {
      const actor = await requireActor(db, request);
      await requireContractManagement(db, actor.userId);
      return ok(await contractPage(db, actor.customerId, body));
    }),
  };
}
