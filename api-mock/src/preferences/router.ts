import { initServer } from '@ts-rest/fastify';
import { INITIAL_LAYOUT_PREFERENCE_ID, preferencesContract } from '../../../contract/preferences';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import {
  createPreference,
  deletePreference,
  hidePreference,
  listPreferences,
  setDefaultPreference,
  setPreferenceScope,
  toListItem,
  toPreference,
  updatePreference,
} from './queries';
import { requirePreference, requireSharedWithCurrentCustomer } from './records';

const s = initServer();

/*
 * The initial layout (-1) is not stored: it is the client's built-in view. The contract already refuses it
 * wherever it cannot be acted on (update, scope, delete, hide take a positive id), so such a request is a 400
 * with the schema issue, before any handler runs. Only "set default" accepts -1, meaning "no saved default".
 */

export function preferencesRouter({ db }: AppDeps) {
  return s.router(preferencesContract, {
    list: async ({ request, query }) => {
      const actor = actorOf(request);
      requireSharedWithCurrentCustomer(actor, query.publicPreferenceId);
      const rows = await listPreferences(db, actor, query.keys, query.publicPreferenceId !== undefined);
      return ok(rows.map((row) => toListItem(row, actor.userId, query.includedDetail)));
    },

    create: async ({ request, body }) => {
      const actor = actorOf(request);
      if (body.shareScope === 'public') requireSharedWithCurrentCustomer(actor, body.publicPreferenceId);
      return ok(toPreference(await createPreference(db, actor, body), actor.userId));
    },

    update: async ({ request, body }) => {
      const actor = actorOf(request);
      const existing = await requirePreference(db, actor, body.preferenceId, { to: 'update' });
      return ok(toPreference(await updatePreference(db, actor, existing, body), actor.userId));
    },

    setDefault: async ({ request, body }) => {
      const actor = actorOf(request);
      const chosen = body.preferenceId === INITIAL_LAYOUT_PREFERENCE_ID ? null : body.preferenceId;
      if (chosen !== null) {
        const row = await requirePreference(db, actor, chosen, { to: 'makeDefault' });
        if (row.preference_key !== body.preferenceKey) throw badRequest('The view belongs to another preference key');
      }
      await setDefaultPreference(db, actor, body.preferenceKey, chosen, body);
      return ok(null);
    },

    setScope: async ({ request, body }) => {
      const actor = actorOf(request);
      const existing = await requirePreference(db, actor, body.preferenceId, { to: 'share', scope: body.shareScope });
      if (body.shareScope === 'public') requireSharedWithCurrentCustomer(actor, body.publicPreferenceId);
      return ok(toPreference(await setPreferenceScope(db, actor, existing, body), actor.userId));
    },

    remove: async ({ request, params }) => {
      const actor = actorOf(request);
      await deletePreference(db, actor, await requirePreference(db, actor, params.id, { to: 'delete' }));
      return ok(null);
    },

    hide: async ({ request, params }) => {
      const actor = actorOf(request);
      await hidePreference(db, actor, await requirePreference(db, actor, params.id, { to: 'hide' }));
      return ok(null);
    },
  });
}
