import { initServer } from '@ts-rest/fastify';
import { accountManagementContract } from '../../../contract/accountManagement';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { HttpProblem } from '../lib/problem';
import { storageOf } from '../storage';
import { homeCustomerOf, languageOf, profileChanges, updateUser } from './profile.queries';
import { requireReadableUser, requireRoleChoice } from './records';
import { loadUserDetail } from './userDetail.queries';

const s = initServer();

/** The account screen: GET users/{id}, PUT Users/profile and the own language (spec 3 sections 2, 5, 6 and 7). */
export function accountProfileRouter({ db, config }: AppDeps) {
  const storage = storageOf(config);
  return {
    get: s.route(accountManagementContract.get, async ({ request, params }) => {
      await requireReadableUser(db, actorOf(request), params.id);
      const detail = await loadUserDetail(db, storage, params.id);
      if (!detail) throw new HttpProblem(404, `No user ${params.id}`);
      return ok(detail);
    }),

    updateOwnProfile: s.route(accountManagementContract.updateOwnProfile, async ({ request, body }) => {
      const actor = actorOf(request);
      requireRoleChoice(actor, { id: actor.userId, role: actor.role }, body.role);
      const changes = await profileChanges(db, body, await homeCustomerOf(db, actor.userId));
      await updateUser(db, actor.userId, changes, {
        customerId: actor.customerId,
        actorId: actor.userId,
        entityType: 'user',
        entityId: actor.userId,
        eventType: 'user.profileUpdated',
        payload: changes,
      });
      const detail = await loadUserDetail(db, storage, actor.userId);
      if (!detail) throw new HttpProblem(404, `No user ${actor.userId}`);
      return ok(detail);
    }),

    updateOwnLanguage: s.route(accountManagementContract.updateOwnLanguage, async ({ request, body }) => {
      const actor = actorOf(request);
      const changes = { language_code: languageOf(body.languageId).languageCode };
      await updateUser(db, actor.userId, changes, {
        customerId: actor.customerId,
        actorId: actor.userId,
        entityType: 'user',
        entityId: actor.userId,
        eventType: 'user.languageChanged',
        payload: changes,
      });
      const detail = await loadUserDetail(db, storage, actor.userId);
      if (!detail) throw new HttpProblem(404, `No user ${actor.userId}`);
      return ok(detail);
    }),
  };
}
