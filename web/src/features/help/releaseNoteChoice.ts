import type { ReleaseNoteChoice } from '../../../../machines/releaseNote.machine';
import { readLocal, writeLocal } from '../../lib/localSettings';

/** The local-settings key of one user's release-note choice (spec 1 section 9: key names not shown; ours). */
export const releaseNoteChoiceKey = (userId: number) => `releaseNote.${userId}`;

const isChoice = (value: unknown): value is ReleaseNoteChoice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).neverShow === 'boolean' &&
  typeof (value as Record<string, unknown>).version === 'string';

/** The stored choice of a user, or null when there is none or it is not a valid { neverShow, version }. */
export function readReleaseNoteChoice(userId: number): ReleaseNoteChoice | null {
  const value = readLocal<unknown>(releaseNoteChoiceKey(userId), null);
  return isChoice(value) ? { neverShow: value.neverShow, version: value.version } : null;
}

/** Stores the choice; if the browser refuses (storage full or disabled) the modal simply shows again next time. */
export function writeReleaseNoteChoice(userId: number, choice: ReleaseNoteChoice): void {
  writeLocal(releaseNoteChoiceKey(userId), choice);
}
