import dayjs from 'dayjs';
import type { QueryClient } from '@tanstack/react-query';
import { periodOf } from '../../../../machines/calendar.machine';
import { INITIAL_CALENDAR_LAYOUT } from './calendarLayout';
import { calendarRowsQuery } from './calendarQueries';

/** First day of the week in the current date language (0 Sunday). */
export const weekStartOfLocale = () => (dayjs.Ls[dayjs.locale()] as { weekStart?: number } | undefined)?.weekStart ?? 0;

/**
 * Asks for the rows the calendar opens with from the menu (this week, the initial layout), so they are in the cache
 * when the page mounts. A user whose default view differs asks again for that view's rows.
 */
export function prefetchCalendar(queryClient: QueryClient): void {
  const period = periodOf({ anchor: new Date(), timeInterval: 'week', weekStartsOn: weekStartOfLocale() });
  void queryClient.prefetchQuery(calendarRowsQuery(INITIAL_CALENDAR_LAYOUT, period, 0));
}
