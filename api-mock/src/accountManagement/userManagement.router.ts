import { initServer } from '@ts-rest/fastify';
import { sql } from 'kysely';
import {
  accountManagementContract,
  allowedRoleChoices,
  canManageOtherUsers,
  type UserDetail,
} from '../../../contract/accountManagement';
import type { FilterSetting } from '../../../contract/listQuery';
import { ROLE, type RoleId } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { requireActor, type Actor } from '../auth/actor';
import { managedUser, userManagementScope } from './records';
import { change } from '../db/events';
import { suggestionPage } from '../lib/filterSuggestions';
import { ok } from '../lib/envelope';
import { BadListQuery, filtersWhere, idPageWithTotal } from '../lib/listQuerySql';
import { badRequest, forbidden, HttpProblem } from '../lib/problem';
import { profileChanges } from './profile.queries';
import { loadUserDetail } from './userDetail.queries';
import {
  inIdOrder,
  toUserRow,
  USER_FIELDS,
  USER_ROW_COLUMNS,
  userFullText,
  userOrder,
  usersInScope,
} from './userManagement.queries';
import { storageOf } from '../storage';
import type { FastifyRequest } from 'fastify';

const s = initServer();

const fieldOf = (name: string) => {
  const field = Object.hasOwn(USER_FIELDS, name) ? USER_FIELDS[name] : undefined;
  if (!field) throw new BadListQuery(`Unknown field ${JSON.stringify(name)} for this list`);
  return field;
};

/** A manager or admin (or provider staff) of the users in scope; everyone else is refused (spec 3 section 6). */
async function requireManager(db: AppDeps['db'], request: FastifyRequest) {
  const actor = await requireActor(db, request);
  if (!canManageOtherUsers(actor.role as RoleId, actor.isPEUser))
    throw forbidden('Only a manager or admin may do this');
  return { actor, scope: await userManagementScope(db, request, actor) };
}

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
 * PUT users/{id} (a profile edit, or enabling an inactive user) and DELETE users/{id}.
 */
export function userManagementRoutes({ db, config }: AppDeps) {
  const storage = storageOf(config);
  return {
    list: s.route(accountManagementContract.list, async ({ request, body }) => {
      const { scope } = await requireManager(db, request);
      const fullText = userFullText(body.fullTextSearchSetting?.keyword);
      const filtered = usersInScope(db, { ...scope, isActive: body.isActive })
        .where(filtersWhere(USER_FIELDS, body.filterSettings))
        .$if(fullText !== null, (qb) => qb.where(fullText!));
      const { ids, totalCount } = await idPageWithTotal(db, filtered as never, {
        idColumn: 'users.id',
        fields: USER_FIELDS,
        orders: userOrder(body.orderSettings),
        pageIndex: body.pageIndex,
        pageSize: body.pageSize,
      });
      const rows =
        ids.length > 0
          ? await usersInScope(db, { ...scope, isActive: body.isActive })
              .select(USER_ROW_COLUMNS)
              .where('users.id', 'in', ids)
              .execute()
          : [];
      const items = await Promise.all(inIdOrder(ids, rows).map((row) => toUserRow(storage, row)));
      return ok({ items, totalCount });
    }),

    filterFields: s.route(accountManagementContract.filterFields, async ({ request, body }) => {
      const { scope } = await requireManager(db, request);
      const fullText = userFullText(body.fullTextSearchSetting?.keyword);
      const isActive = true;
      const result: Record<string, (string | null)[]> = {};
      for (const name of new Set(body.selectFields)) {
        const field = fieldOf(name);
        // A column's own filter does not narrow its suggestions, so a picked value can be unpicked.
        const others: FilterSetting[] = body.filterSettings.filter((f) => f.field !== name);
        const base = usersInScope(db, { ...scope, isActive })
          .where(filtersWhere(USER_FIELDS, others))
          .$if(fullText !== null, (qb) => qb.where(fullText!));
        // The joined location is nullable, which the helper's builder type does not say; the SQL is the same.
        result[name] = await suggestionPage(db, base as never, {
          column: field.column,
          type: field.type,
          walksIndex: false,
          pageIndex: body.pageIndex,
          pageSize: body.pageSize,
        });
      }
      return ok(result);
    }),

    update: s.route(accountManagementContract.update, async ({ request, params, body }) => {
      const { actor, scope } = await requireManager(db, request);
      const target = await managedUser(db, scope, params.id);
      if ('isActive' in body) {
        if (!actor.isAdmin) throw forbidden('Only an admin may enable a user');
        if (target.is_active) throw badRequest('This user is already active');
        await change(db, async (trx) => {
          await trx.updateTable('users').set({ is_active: true }).where('id', '=', target.id).execute();
          return { result: null, event: userEvent(actor, target.customer_id, target.id, 'user.enabled', {}) };
        });
      } else {
        const editingSelf = target.id === actor.userId;
        const choices = allowedRoleChoices(target.role as RoleId, editingSelf, actor.isAdmin);
        if (!choices.includes(body.role)) throw forbidden('This role cannot be given to this user');
        const changes = await profileChanges(db, body, target.customer_id);
        await change(db, async (trx) => {
          await trx.updateTable('users').set(changes).where('id', '=', target.id).execute();
          return {
            result: null,
            event: userEvent(actor, target.customer_id, target.id, 'user.profileUpdated', changes),
          };
        });
      }
      const detail: UserDetail | null = await loadUserDetail(db, storage, target.id);
      if (!detail) throw new HttpProblem(404, `No user ${target.id}`);
      return ok(detail);
    }),

    remove: s.route(accountManagementContract.remove, async ({ request, params }) => {
      const { actor, scope } = await requireManager(db, request);
      if (params.id === actor.userId) throw forbidden('You cannot remove your own account');
      const target = await managedUser(db, scope, params.id);
      if (target.role === ROLE.Admin && !actor.isAdmin) throw forbidden('Only an admin may remove an admin');
      await change(db, async (trx) => {
        // The row stays (reservations, views and requests stay theirs); the sessions end at their next call.
        await trx
          .updateTable('users')
          .set({ deleted_at: sql`now()` })
          .where('id', '=', target.id)
          .execute();
        return { result: null, event: userEvent(actor, target.customer_id, target.id, 'user.removed', {}) };
      });
      return ok(null);
    }),
  };
}
