import dayjs from 'dayjs';
import { SERVICE_DUE_SOON_DAYS } from '../../../../contract/serviceIntervals';

/** How a due date stands today: past (overdue), within SERVICE_DUE_SOON_DAYS (soon), or later (later). */
export type DueStatus = 'overdue' | 'soon' | 'later';

/** The status of a due date (YYYY-MM-DD) on the user's today; null without a date. */
export function dueStatusOf(due: string | null | undefined, today = dayjs().format('YYYY-MM-DD')): DueStatus | null {
  if (!due) return null;
  if (due < today) return 'overdue';
  return due <= dayjs(today).add(SERVICE_DUE_SOON_DAYS, 'day').format('YYYY-MM-DD') ? 'soon' : 'later';
}
