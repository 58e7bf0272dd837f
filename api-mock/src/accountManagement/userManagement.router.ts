import { initServer } from '@ts-rest/fastify';
import { accountManagementContract, type UserDetail } from '../../../contract/accountManagement';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { ok } from '../lib/envelope';
import { countCapOf } from '../lib/paging';
import { CountCache, countOptionsOf } from '../lib/listCount';
import { HttpProblem } from '../lib/problem';
import { storageOf } from '../storage';
import { profileChanges, updateUser } from './profile.queries';
import { requireEnablableUser, requireManagedUser, requireRemovableUser, requireRoleChoice } from './records';
import { loadUserDetail } from './userDetail.queries';
import { removeUser, userCount, userListPage, userSuggestions } from './userManagement.queries';

const s = initServer();

const userEvent = (actor: Actor, customerId: number, userId: number, eventType: string, payload: unknown) => ({
  customerId,
  actorId: actor.userId,
  entityType: 'user',
  entityId: userId,
  eventType,
  payload,
});

/**
 * The user lists and other users' accounts (spec 3 sections 2, 3, 5, 6 and 7): POST users/list and FilterFields,
 * PUT users/{id} (a profile edit, or enabling an inactive user) and DELETE users/{id}. The users are those of the
 * declared scope: the current customer's, every customer's in admin mode.
 */
export function userManagementRoutes({ db, config }: AppDeps) {
  const storage = storageOf(config);
  const counts = new CountCache();
  return {
    list: s.route(accountManagementContract.list, async ({ request, body }) =>
      ok(await userListPage(db, storage, actorOf(request).scopeCustomerId, body, countCapOf(config))),
    ),

    listCount: s.route(accountManagementContract.listCount, async ({ request, body }) =>
      ok(await userCount(db, actorOf(request).scopeCustomerId, body, countOptionsOf(config, counts))),
    ),

    filterFields: s.route(accountManagementContract.filterFields, async ({ request, body }) =>
      ok(await userSuggestions(db, actorOf(request).scopeCustomerId, body, countCapOf(config))),
    ),

    update: s.route(accountManagementContract.update, async ({ request, params, body }) => {
      const actor = actorOf(request);
      const target = await requireManagedUser(db, actor, params.id);
      if ('isActive' in body) {
        requireEnablableUser(actor, target);
        await updateUser(
          db,
          target.id,
          { is_active: true },
          userEvent(actor, target.customer_id, target.id, 'user.enabled', {}),
        );
      } else {
        requireRoleChoice(actor, target, body.role);
        const changes = await profileChanges(db, body, target.customer_id);
        await updateUser(
          db,
          target.id,
          changes,
          userEvent(actor, target.customer_id, target.id, 'user.profileUpdated', changes),
        );
      }
      const detail: UserDetail | null = await loadUserDetail(db, storage, target.id);
      if (!detail) throw new HttpProblem(404, `No user ${target.id}`);
      return ok(detail);
    }),

    remove: s.route(accountManagementContract.remove, async ({ request, params }) => {
      const actor = actorOf(request);
      const target = await requireRemovableUser(db, actor, params.id);
      await removeUser(db, target.id, userEvent(actor, target.customer_id, target.id, 'user.removed', {}));
      return ok(null);
    }),
  };
}
