import { initServer } from '@ts-rest/fastify';
import { accountManagementContract } from '../../../contract/accountManagement';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { containsPattern } from '../lib/like';
import { findCustomerUsers } from './customerUsers.queries';

const s = initServer();

/** GET users/customer/users: active users of the current customer whose name or e-mail contains the keyword. */
export function customerUsersRoute({ db }: AppDeps) {
  return s.route(accountManagementContract.customerUsers, async ({ request, query }) => {
    const rows = await findCustomerUsers(db, actorOf(request).customerId, containsPattern(query.keyword));
    return ok({
      items: rows.map((u) => ({ userId: u.id, emailAddress: u.email, displayName: `${u.first_name} ${u.last_name}` })),
    });
  });
}
