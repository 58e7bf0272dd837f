import type { PreferenceListItem } from '../../../../contract/preferences';
import { client, resultOf } from '../../lib/api';

/** An early answer older than this is not used: the page asks again. */
const EARLY_VIEWS_MAX_AGE_MS = 10_000;

interface EarlyViews {
  key: string;
  startedAt: number;
  answer: Promise<PreferenceListItem[]>;
}

let early: EarlyViews | null = null;

const keyOf = (preferenceKey: string, publicPreferenceId: number | null) => `${preferenceKey}|${publicPreferenceId}`;

/** Ask for a list's saved views; the screen's saved-view machine asks through this. */
export const requestViews = (preferenceKey: string, publicPreferenceId: number | null) =>
  resultOf(
    client.preferences.list({
      query: { keys: preferenceKey, includedDetail: true, publicPreferenceId: publicPreferenceId ?? undefined },
      // Another list on the same screen may ask for the same key; neither call may cancel the other.
      ignoreCancel: true,
    }),
  );

/**
 * Ask for the saved views of the page being opened as soon as the user is known, while its script still loads: the
 * page's list waits for its views, so they are then there when the page mounts.
 */
export function requestViewsEarly(preferenceKey: string, publicPreferenceId: number | null): void {
  const answer = requestViews(preferenceKey, publicPreferenceId);
  answer.catch(() => {});
  early = { key: keyOf(preferenceKey, publicPreferenceId), startedAt: Date.now(), answer };
}

/** Sign-out: an early answer was the signed-out user's. */
export function forgetEarlyViews(): void {
  early = null;
}

/**
 * The early answer for these views, once: null when none was asked for, it is for other views, or it is too old.
 * A failed early answer is asked for again.
 */
export function takeEarlyViews(preferenceKey: string, publicPreferenceId: number | null) {
  const taken = early;
  early = null;
  if (!taken || taken.key !== keyOf(preferenceKey, publicPreferenceId)) return null;
  if (Date.now() - taken.startedAt > EARLY_VIEWS_MAX_AGE_MS) return null;
  return taken.answer.catch(() => requestViews(preferenceKey, publicPreferenceId));
}
