import { initServer } from '@ts-rest/fastify';
import { accountManagementContract } from '../../../contract/accountManagement';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { privilegesOf } from '../auth/privileges';
import { ok } from '../lib/envelope';
import { requireReadableUser } from './records';

const s = initServer();

/**
 * GET users/{userId}/privilege: a user's features and function codes in the caller's current customer. Anyone reads
 * their own; a manager or admin reads those of their customer's users; another customer's user is unknown (404).
 */
export function privilegeRoutes({ db }: AppDeps) {
  return {
    privilege: s.route(accountManagementContract.privilege, async ({ request, params }) => {
      const actor = actorOf(request);
      await requireReadableUser(db, actor, params.userId);
      return ok({ userPrivilege: await privilegesOf(db, params.userId, actor.customerId) });
    }),
  };
}
