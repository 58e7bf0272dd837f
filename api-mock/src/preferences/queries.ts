import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Preference,
  PreferenceCreate,
  PreferenceListItem,
  PreferenceScope,
  PreferenceUpdate,
} from '../../../contract/preferences';
import type { Actor } from '../access/actor';
import { change, type DomainEvent } from '../db/events';
import type { Database, PreferenceRow } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = Pick<Actor, 'userId' | 'customerId'>;

/** A preference as the caller sees it: isDefault is the caller's own default, never another user's. */
export function toPreference(row: PreferenceRow, viewerId: number): Preference {
  return {
    preferenceId: row.id,
    preferenceKey: row.preference_key,
    name: row.name,
    isDefault: row.is_default && row.user_id === viewerId,
    value: row.value,
    category: row.category,
    shareScope: row.share_scope,
    publicPreferenceId: row.share_scope === 'public' ? row.customer_id : null,
    userId: row.user_id,
  };
}

export function toListItem(row: PreferenceRow, viewerId: number, withValue: boolean): PreferenceListItem {
  const { value, ...rest } = toPreference(row, viewerId);
  return withValue ? { ...rest, value } : rest;
}

/** A preference of the current customer that is the caller's own or public. */
export const visiblePreference = (db: Db, actor: Caller, id: number): Promise<PreferenceRow | undefined> =>
  db
    .selectFrom('preferences')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', actor.customerId)
    .where((eb) => eb.or([eb('user_id', '=', actor.userId), eb('share_scope', '=', 'public')]))
    .executeTakeFirst();

/** The views and settings of the given keys: own ones, plus (withPublic) the public ones the caller did not hide. */
export function listPreferences(db: Db, actor: Caller, keys: string[], withPublic: boolean): Promise<PreferenceRow[]> {
  return db
    .selectFrom('preferences')
    .selectAll()
    .where('customer_id', '=', actor.customerId)
    .where('preference_key', 'in', keys)
    .where((eb) => {
      const own = eb('user_id', '=', actor.userId);
      if (!withPublic) return own;
      const notHidden = eb.not(
        eb.exists(
          eb
            .selectFrom('hidden_preferences')
            .select('hidden_preferences.preference_id')
            .whereRef('hidden_preferences.preference_id', '=', 'preferences.id')
            .where('hidden_preferences.user_id', '=', actor.userId),
        ),
      );
      return eb.or([own, eb.and([eb('share_scope', '=', 'public'), notHidden])]);
    })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Clear the caller's default of a key (in the current customer), before another view becomes the default. */
async function clearDefault(trx: Db, actor: Caller, preferenceKey: string): Promise<void> {
  await trx
    .updateTable('preferences')
    .set({ is_default: false })
    .where('user_id', '=', actor.userId)
    .where('customer_id', '=', actor.customerId)
    .where('preference_key', '=', preferenceKey)
    .where('is_default', '=', true)
    .execute();
}

const preferenceEvent = (actor: Caller, id: number, eventType: string, payload: unknown): DomainEvent => ({
  customerId: actor.customerId,
  actorId: actor.userId,
  entityType: 'preference',
  entityId: id,
  eventType,
  payload,
});

/** Saves a new view or setting of the caller (their default of its key when it says so). */
export const createPreference = (db: Kysely<Database>, actor: Caller, body: PreferenceCreate) =>
  change(db, async (trx) => {
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

/** Updates an own view (name, value, category, default flag). */
export const updatePreference = (
  db: Kysely<Database>,
  actor: Caller,
  existing: PreferenceRow,
  body: PreferenceUpdate,
) =>
  change(db, async (trx) => {
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

/** Makes a view (null: the initial layout) the caller's default of its key. */
export const setDefaultPreference = (
  db: Kysely<Database>,
  actor: Caller,
  preferenceKey: string,
  chosen: number | null,
  payload: unknown,
) =>
  change(db, async (trx) => {
    await clearDefault(trx, actor, preferenceKey);
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
        payload,
      },
    };
  });

/** Shares a view with the customer or makes it private again. */
export const setPreferenceScope = (
  db: Kysely<Database>,
  actor: Caller,
  existing: PreferenceRow,
  body: PreferenceScope,
) =>
  change(db, async (trx) => {
    const updated = await trx
      .updateTable('preferences')
      .set({ share_scope: body.shareScope, updated_at: sql`now()` })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { result: updated, event: preferenceEvent(actor, existing.id, 'preference.scopeChanged', body) };
  });

export const deletePreference = (db: Kysely<Database>, actor: Caller, existing: PreferenceRow) =>
  change(db, async (trx) => {
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

/** Hides another user's public view from the caller's list. */
export const hidePreference = (db: Kysely<Database>, actor: Caller, existing: PreferenceRow) =>
  change(db, async (trx) => {
    await trx
      .insertInto('hidden_preferences')
      .values({ user_id: actor.userId, preference_id: existing.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { result: null, event: preferenceEvent(actor, existing.id, 'preference.hidden', {}) };
  });
