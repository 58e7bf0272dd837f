import { fromPromise } from 'xstate';
import type {
  PreferenceCreate,
  PreferenceDefault,
  PreferenceScope,
  PreferenceUpdate,
} from '../../../../contract/preferences';
import type { LoadViewsInput, SavedView } from '../../../../machines/savedView.machine';
import { client, resultOf } from '../../lib/api';
import { requestViews, takeEarlyViews } from './earlyViews';
import { toSavedViews } from './savedViewHelpers';

/** The saved-view machine's effects: the preference calls of the typed client. */
export const savedViewCalls = {
  loadViews: fromPromise<SavedView[], LoadViewsInput>(async ({ input }) => {
    const publicId = input.publicPreferenceId ?? null;
    const answer = takeEarlyViews(input.preferenceKey, publicId) ?? requestViews(input.preferenceKey, publicId);
    return toSavedViews(await answer, input.preferenceKey);
  }),
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
