import type { TFunction } from 'i18next';
import { SERVICE_INTERVAL_MONTHS_MAX, SERVICE_INTERVAL_MONTHS_MIN } from '../../../../contract/serviceIntervals';

/** A kind of work by name, as the calendar names the work orders' types. */
export const kindLabel = (t: TFunction, kind: number) => t(`calendar:service_type_${kind}`);

/** The message key of a months entry that cannot be saved, or null for a whole number in range (or empty). */
export function monthsProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const months = Number(text);
  if (!Number.isInteger(months)) return 'serviceIntervals:months_whole';
  if (months < SERVICE_INTERVAL_MONTHS_MIN || months > SERVICE_INTERVAL_MONTHS_MAX)
    return 'serviceIntervals:months_range';
  return null;
}
