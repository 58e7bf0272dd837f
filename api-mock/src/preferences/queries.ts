import type { Kysely, Transaction } from 'kysely';
import type { Preference, PreferenceListItem } from '../../../contract/preferences';
import type { Actor } from '../auth/actor';
import type { Database, PreferenceRow } from '../db/schema';
import { forbidden, HttpProblem } from '../lib/problem';

type Db = Kysely<Database> | Transaction<Database>;

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

/**
 * A preference the caller may see: of the current customer, and the caller's own or public. Anything else, also
 * another customer's preference, answers 404, so an id never tells whether it exists elsewhere.
 */
export async function visiblePreference(db: Db, actor: Actor, id: number): Promise<PreferenceRow> {
  const row = await db
    .selectFrom('preferences')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', actor.customerId)
    .where((eb) => eb.or([eb('user_id', '=', actor.userId), eb('share_scope', '=', 'public')]))
    .executeTakeFirst();
  if (!row) throw new HttpProblem(404, `No view ${id}`);
  return row;
}

/** A view is shared with the current customer only; the client sends its id as publicPreferenceId. */
export function assertSharedWithCurrentCustomer(actor: Actor, publicPreferenceId: number | null | undefined): void {
  if (publicPreferenceId != null && publicPreferenceId !== actor.customerId) {
    throw forbidden('Views can only be shared with the current customer');
  }
}

/** The views and settings of the given keys: own ones, plus (withPublic) the public ones the caller did not hide. */
export function listPreferences(db: Db, actor: Actor, keys: string[], withPublic: boolean): Promise<PreferenceRow[]> {
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
export async function clearDefault(trx: Db, actor: Actor, preferenceKey: string): Promise<void> {
  await trx
    .updateTable('preferences')
    .set({ is_default: false })
    .where('user_id', '=', actor.userId)
    .where('customer_id', '=', actor.customerId)
    .where('preference_key', '=', preferenceKey)
    .where('is_default', '=', true)
    .execute();
}
