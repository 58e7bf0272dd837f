import {
  SCHEDULED_EVENT_TYPE_IDS,
  SERVICE_WORK_TYPE_IDS,
  type CalendarOrderType,
} from '../../../../contract/reservations';
import type { TimeInterval } from '../../../../machines/calendar.machine';

/** The calendar's filter popover: each field matches instruments whose value contains it. */
export interface CalendarFilter {
  serialNo: string;
  systemNickName: string;
  systemID: string;
}

export type ReservationFilterMode = 'all' | 'mine';

/** The two groups of service-order types in the sidebar. */
export type ServiceTypeGroup = 'scheduledEvent' | 'serviceWork';

/** The value of a calendar saved view (spec 3 section 3 "Calendar preference"). */
export interface CalendarLayout {
  filter: CalendarFilter;
  reservationFilterMode: ReservationFilterMode;
  timeInterval: TimeInterval;
  sortBy: CalendarOrderType;
  serviceOrderTypeCheckedKeys: Record<ServiceTypeGroup, number[]>;
}

export const SERVICE_TYPE_GROUPS: Record<ServiceTypeGroup, readonly number[]> = {
  scheduledEvent: SCHEDULED_EVENT_TYPE_IDS,
  serviceWork: SERVICE_WORK_TYPE_IDS,
};

export const EMPTY_FILTER: CalendarFilter = { serialNo: '', systemNickName: '', systemID: '' };

/** The initial layout (view -1): week mode, all reservations, the default service types, rows by serial. */
export const INITIAL_CALENDAR_LAYOUT: CalendarLayout = {
  filter: EMPTY_FILTER,
  reservationFilterMode: 'all',
  timeInterval: 'week',
  sortBy: 'serial',
  serviceOrderTypeCheckedKeys: {
    scheduledEvent: [...SCHEDULED_EVENT_TYPE_IDS],
    serviceWork: [...SERVICE_WORK_TYPE_IDS],
  },
};

/** A layout as a saved view may hold it (older or partial values): every field present. */
export function completeLayout(layout: Partial<CalendarLayout>): CalendarLayout {
  return {
    ...INITIAL_CALENDAR_LAYOUT,
    ...layout,
    filter: { ...EMPTY_FILTER, ...layout.filter },
    serviceOrderTypeCheckedKeys: {
      ...INITIAL_CALENDAR_LAYOUT.serviceOrderTypeCheckedKeys,
      ...layout.serviceOrderTypeCheckedKeys,
    },
  };
}

export const hasFilter = (filter: CalendarFilter) => Object.values(filter).some((v) => v.trim() !== '');

/** The checked service types as the calendar query wants them: "1,2,9" ('' for none). */
export const serviceCallTypeParam = (layout: CalendarLayout) =>
  [...layout.serviceOrderTypeCheckedKeys.scheduledEvent, ...layout.serviceOrderTypeCheckedKeys.serviceWork].join(',');

/** Local storage key of the sidebar's collapsed state. */
export const SIDEBAR_COLLAPSED_KEY = 'calendar.sidebarCollapsed';
