import { PreferenceKeys } from '../../../../contract/preferences';
import { PAGE_TOUR_IDS, type PageTourId } from './pageTours';

/**
 * Which tours a user has seen. Kept in a per-user setting on the server (a preference, like the theme), so it
 * follows the user to any browser, and mirrored in this browser so a page does not wait for the server to know.
 */

/** The preference key of the setting. */
export const PAGE_TOURS_PREFERENCE_KEY = PreferenceKeys.pageTours;
/** The local mirror's key, per user: `portal.pageTours.<userId>`. */
export const pageToursLocalKey = (userId: number) => `pageTours.${userId}`;

export interface SeenTours {
  seen: PageTourId[];
}

const isTourId = (value: unknown): value is PageTourId => PAGE_TOUR_IDS.some((id) => id === value);

/** Reads a stored value (the preference's JSON string or the local mirror); anything unreadable counts as none. */
export function parseSeenTours(value: unknown): PageTourId[] {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const seen = (data as { seen?: unknown } | null)?.seen;
  return Array.isArray(seen) ? PAGE_TOUR_IDS.filter((id) => seen.some((s) => s === id && isTourId(s))) : [];
}

/** Both lists together, in the order of the tours. */
export function mergeSeen(...lists: readonly PageTourId[][]): PageTourId[] {
  return PAGE_TOUR_IDS.filter((id) => lists.some((list) => list.includes(id)));
}

export const withSeen = (seen: readonly PageTourId[], tour: PageTourId): PageTourId[] => mergeSeen([...seen], [tour]);

export const serializeSeen = (seen: readonly PageTourId[]): string => JSON.stringify({ seen: mergeSeen([...seen]) });
