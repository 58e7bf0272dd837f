import { BADGE_CAP } from '../../../../contract/limits';

/** The bell's badge text: the count, capped at 99+ (spec 1 section 9). */
export const badgeText = (count: number | null, cap = BADGE_CAP): string | null =>
  count === null || count <= 0 ? null : count > cap ? `${cap}+` : String(count);
