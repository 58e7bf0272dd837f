import { initServer } from '@ts-rest/fastify';
import { accountManagementContract, allowedRoleChoices } from '../../../contract/accountManagement';
import type { RoleId } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { requireActor } from '../auth/actor';
import { requireReadableUser } from './records';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { profileChanges } from './profile.queries';
import { loadUserDetail } from './userDetail.queries';
import { storageOf } from '../storage';
import { forbidden, HttpProblem } from '../lib/problem';

const s = initServer();

/** The account screen: GET users/{id} and PUT Users/profile (spec 3 sections 2, 5, 6 and 7). */
export function accountProfileRouter({ db, config }: AppDeps) {
  const storage = storageOf(config);
  return {
    get: s.route(accountManagementContract.get, async ({ request, params }) => {
      const actor = await requireActor(db, request);
      await requireReadableUser(db, request, actor, params.id);
      const detail = await loadUserDetail(db, storage, params.id);
      if (!detail) throw new HttpProblem(404, `No user ${params.id}`);
      return ok(detail);
    }),

    updateOwnProfile: s.route(accountManagementContract.updateOwnProfile, async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const me = await db
        .selectFrom('users')
        .select(['role', 'customer_id'])
        .where('id', '=', actor.userId)
        .executeTakeFirstOrThrow();
      if (!allowedRoleChoices(me.role as RoleId, true).includes(body.role)) {
        throw forbidden('This role cannot be chosen for your own account');
      }
      const changes = await profileChanges(db, body, me.customer_id);
      await change(db, async (trx) => {
        await trx.updateTable('users').set(changes).where('id', '=', actor.userId).execute();
        return {
          result: null,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'user',
            entityId: actor.userId,
            eventType: 'user.profileUpdated',
            payload: changes,
          },
        };
      });
      const detail = await loadUserDetail(db, storage, actor.userId);
      if (!detail) throw new HttpProblem(404, `No user ${actor.userId}`);
      return ok(detail);
    }),
  };
}
