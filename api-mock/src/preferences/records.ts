import type { Kysely } from 'kysely';
import type { ShareScope } from '../../../contract/preferences';
import type { Actor } from '../access/actor';
import type { Database, PreferenceRow } from '../db/schema';
import { badRequest, forbidden, HttpProblem } from '../lib/problem';
import { visiblePreference } from './queries';

/** What a call does with a saved view, which decides who may. */
export type PreferenceUse =
  { to: 'update' } | { to: 'makeDefault' } | { to: 'share'; scope: ShareScope } | { to: 'delete' } | { to: 'hide' };

const isOwner = (actor: Actor, row: PreferenceRow) => row.user_id === actor.userId;

/**
 * Spec 2 and 3 section 6: owners change the scope of (and delete) their own views except their default one;
 * admins (role admin or PE user) may also make any public view private and delete any public view.
 */
function mayUse(actor: Actor, row: PreferenceRow, use: PreferenceUse): boolean {
  const ownNotDefault = isOwner(actor, row) && !row.is_default;
  switch (use.to) {
    case 'update':
    case 'makeDefault':
      return isOwner(actor, row);
    case 'share':
      return ownNotDefault || (actor.isAdmin && row.share_scope === 'public' && use.scope === 'private');
    case 'delete':
      return ownNotDefault || (actor.isAdmin && row.share_scope === 'public');
    case 'hide':
      return true;
  }
}

const REFUSAL: Readonly<Record<Exclude<PreferenceUse['to'], 'hide'>, string>> = {
  update: 'Only the owner may update a view',
  makeDefault: 'Only an own view can be the default',
  share: 'You may not change the scope of this view',
  delete: 'You may not delete this view',
};

/**
 * The one record check of a saved view: of the current customer and the caller's own or public, else 404 (also
 * another customer's, so an id never tells whether it exists elsewhere); then who may do what with it (403), and an
 * own view cannot be hidden (400).
 */
export async function requirePreference(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  use: PreferenceUse,
): Promise<PreferenceRow> {
  const row = await visiblePreference(db, actor, id);
  if (!row) throw new HttpProblem(404, `No view ${id}`);
  if (use.to === 'hide') {
    if (isOwner(actor, row)) throw badRequest('An own view cannot be hidden; delete it instead');
  } else if (!mayUse(actor, row, use)) {
    throw forbidden(REFUSAL[use.to]);
  }
  return row;
}

/** A view is shared with the current customer only; the client sends its id as publicPreferenceId. */
export function requireSharedWithCurrentCustomer(actor: Actor, publicPreferenceId: number | null | undefined): void {
  if (publicPreferenceId != null && publicPreferenceId !== actor.customerId) {
    throw forbidden('Views can only be shared with the current customer');
  }
}
