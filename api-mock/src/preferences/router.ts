import { initServer } from '@ts-rest/fastify';
import { sql } from 'kysely';
import { INITIAL_LAYOUT_PREFERENCE_ID, preferencesContract } from '../../../contract/preferences';
import type { AppDeps } from '../deps';
import { requireActor, type Actor } from '../auth/actor';
import { change, type DomainEvent } from '../db/events';
import type { PreferenceRow } from '../db/schema';
import { ok } from '../lib/envelope';
import { badRequest, forbidden } from '../lib/problem';
import {
  assertSharedWithCurrentCustomer,
  clearDefault,
  listPreferences,
  toListItem,
  toPreference,
  visiblePreference,
} from './queries';

const s = initServer();

/*
 * The initial layout (-1) is not stored: it is the client's built-in view. The contract already refuses it
 * wherever it cannot be acted on (update, scope, delete, hide take a positive id), so such a request is a 400
 * with the schema issue, before any handler runs. Only "set default" accepts -1, meaning "no saved default".
 */

const preferenceEvent = (actor: Actor, id: number, eventType: string, payload: unknown): DomainEvent => ({
  customerId: actor.customerId,
  actorId: actor.userId,
  entityType: 'preference',
  entityId: id,
  eventType,
  payload,
});

const isOwner = (actor: Actor, row: PreferenceRow) => row.user_id === actor.userId;

/**
 * Spec 2 and 3 section 6: owners change the scope of (and delete) their own views except their default one;
 * admins (role admin or PE user) may also make any public view private and delete any public view.
 */
const mayChangeScope = (actor: Actor, row: PreferenceRow, to: 'private' | 'public') =>
  (isOwner(actor, row) && !row.is_default) || (actor.isAdmin && row.share_scope === 'public' && to === 'private');
const mayDelete = (actor: Actor, row: PreferenceRow) =>
  (isOwner(actor, row) && !row.is_default) || (actor.isAdmin && row.share_scope === 'public');

export function preferencesRouter({ db }: AppDeps) {
  return s.router(preferencesContract, {
    list: async ({ request, query }) => {
      const actor = await requireActor(db, request);
      assertSharedWithCurrentCustomer(actor, query.publicPreferenceId);
      const rows = await listPreferences(db, actor, query.keys, query.publicPreferenceId !== undefined);
      return ok(rows.map((row) => toListItem(row, actor.userId, query.includedDetail)));
    },

    create: async ({ request, body }) => {
      const actor = await requireActor(db, request);
      if (body.shareScope === 'public') assertSharedWithCurrentCustomer(actor, body.publicPreferenceId);
      const row = await change(db, async (trx) => {
        if (body.isDefault) await clearDefault(trx, actor, body.preferenceKey);
        const created = await trx
          .insertInto('preferences')
          .values({
            customer_id: actor.customerId,
            user_id: actor.userId,
            preference_key: body.preferenceKey,
            name: body.name,
            value: body.value,
            category: body.category,
            share_scope: body.shareScope,
            is_default: body.isDefault,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { result: created, event: preferenceEvent(actor, created.id, 'preference.created', body) };
      });
      return ok(toPreference(row, actor.userId));
    },

    update: async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const existing = await visiblePreference(db, actor, body.preferenceId);
      if (!isOwner(actor, existing)) throw forbidden('Only the owner may update a view');
      const row = await change(db, async (trx) => {
        if (body.isDefault) await clearDefault(trx, actor, existing.preference_key);
        const updated = await trx
          .updateTable('preferences')
          .set({
            name: body.name,
            value: body.value,
            category: body.category,
            is_default: body.isDefault,
            updated_at: sql`now()`,
          })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { result: updated, event: preferenceEvent(actor, existing.id, 'preference.updated', body) };
      });
      return ok(toPreference(row, actor.userId));
    },

    setDefault: async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const chosen = body.preferenceId === INITIAL_LAYOUT_PREFERENCE_ID ? null : body.preferenceId;
      if (chosen !== null) {
        const row = await visiblePreference(db, actor, chosen);
        if (!isOwner(actor, row)) throw forbidden('Only an own view can be the default');
        if (row.preference_key !== body.preferenceKey) throw badRequest('The view belongs to another preference key');
      }
      await change(db, async (trx) => {
        await clearDefault(trx, actor, body.preferenceKey);
        if (chosen !== null) {
          await trx.updateTable('preferences').set({ is_default: true }).where('id', '=', chosen).execute();
        }
        return {
          result: null,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'user',
            entityId: actor.userId,
            eventType: 'preference.defaultChanged',
            payload: body,
          },
        };
      });
      return ok(null);
    },

    setScope: async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const existing = await visiblePreference(db, actor, body.preferenceId);
      if (!mayChangeScope(actor, existing, body.shareScope))
        throw forbidden('You may not change the scope of this view');
      if (body.shareScope === 'public') assertSharedWithCurrentCustomer(actor, body.publicPreferenceId);
      const row = await change(db, async (trx) => {
        const updated = await trx
          .updateTable('preferences')
          .set({ share_scope: body.shareScope, updated_at: sql`now()` })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { result: updated, event: preferenceEvent(actor, existing.id, 'preference.scopeChanged', body) };
      });
      return ok(toPreference(row, actor.userId));
    },

    remove: async ({ request, params }) => {
      const actor = await requireActor(db, request);
      const existing = await visiblePreference(db, actor, params.id);
      if (!mayDelete(actor, existing)) throw forbidden('You may not delete this view');
      await change(db, async (trx) => {
        await trx.deleteFrom('preferences').where('id', '=', existing.id).execute();
        return {
          result: null,
          event: preferenceEvent(actor, existing.id, 'preference.deleted', {
            preferenceKey: existing.preference_key,
            name: existing.name,
            ownerId: existing.user_id,
          }),
        };
      });
      return ok(null);
    },

    hide: async ({ request, params }) => {
      const actor = await requireActor(db, request);
      const existing = await visiblePreference(db, actor, params.id);
      if (isOwner(actor, existing)) throw badRequest('An own view cannot be hidden; delete it instead');
      await change(db, async (trx) => {
        await trx
          .insertInto('hidden_preferences')
          .values({ user_id: actor.userId, preference_id: existing.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return { result: null, event: preferenceEvent(actor, existing.id, 'preference.hidden', {}) };
      });
      return ok(null);
    },
  });
}
