import { fromPromise } from 'xstate';
import type {
  PreferenceCreate,
  PreferenceDefault,
  PreferenceScope,
  PreferenceUpdate,
} from '../../../../contract/preferences';
import type { LoadViewsInput, SavedView } from '../../../../machines/savedView.machine';
import { client, resultOf } from '../../lib/api';
import { toSavedViews } from './savedViewHelpers';

/** The saved-view machine's effects: the preference calls of the typed client. */
export const savedViewCalls = {
  loadViews: fromPromise<SavedView[], LoadViewsInput>(async ({ input }) =>
    toSavedViews(
      await resultOf(
        client.preferences.list({
          query: {
            keys: input.preferenceKey,
            includedDetail: true,
            publicPreferenceId: input.publicPreferenceId ?? undefined,
          },
          // Another list on the same screen may ask for the same key; neither call may cancel the other.
          ignoreCancel: true,
        }),
      ),
      input.preferenceKey,
    ),
  ),
  createView: fromPromise<SavedView, PreferenceCreate>(({ input }) =>
    resultOf(client.preferences.create({ body: input })),
  ),
  updateView: fromPromise<SavedView, PreferenceUpdate>(({ input }) =>
    resultOf(client.preferences.update({ body: input })),
  ),
  shareView: fromPromise<SavedView, PreferenceScope>(({ input }) =>
    resultOf(client.preferences.setScope({ body: input })),
  ),
  setDefaultView: fromPromise<null, PreferenceDefault>(({ input }) =>
    resultOf(client.preferences.setDefault({ body: input })),
  ),
  removeView: fromPromise<null, { id: number }>(({ input }) =>
    resultOf(client.preferences.remove({ params: { id: input.id } })),
  ),
  hideView: fromPromise<null, { id: number }>(({ input }) =>
    resultOf(client.preferences.hide({ params: { id: input.id } })),
  ),
};
