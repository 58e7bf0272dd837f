import { z } from 'zod';
import { signedIn } from './access';
import {
  c,
  envelope,
  standardErrors,
  withCommonQuery,
  EntityId,
  IsoDate,
  IsoDateTime,
  pagingQuery,
  queryBoolean,
} from './common';
import { paged } from './listQuery';
import { EQUIPMENT_MAX } from './equipment';
import { CALENDAR_PAGE_SIZE, CALENDAR_PERIOD_MAX_DAYS } from './reservations';

/**
 * Reminders of due work (issue 38): what falls due soon on the welcome page, the due dates beside the calendar's
 * service visits, and the user's choice about the weekly digest mail. A due date is the next_due of a service
 * interval (per instrument and kind of work, a work order's service_call_type). Paths chosen: not in spec.
 */

/** "Due soon": due within this many days from today. Chosen: not in spec (the 30 days). */
export const DUE_SOON_DAYS = 30;
/** Rows of the welcome page's list at a time, and the most one call answers. Chosen: not in spec. */
export const DUE_LIST_PAGE_SIZE = 5;
export const DUE_LIST_PAGE_SIZE_MAX = 50;
/** The most instruments one calendar call asks due dates for: a page of the calendar's rows, with room. */
export const DUE_CALENDAR_EQUIPMENT_MAX = CALENDAR_PAGE_SIZE * 5;

/** A due date of one kind of work on one instrument. */
export const DueItem = z.object({
  equipmentId: EntityId,
  serial: z.string().max(EQUIPMENT_MAX.serial).nullable(),
  /** The system nickname, or make and model. */
  instrumentName: z
    .string()
    .max(EQUIPMENT_MAX.mfg + 1 + EQUIPMENT_MAX.model)
    .nullable(),
  /** The kind of work: a work order's service_call_type (labelled calendar:service_type_<id>). */
  serviceCallType: z.number().int().min(1).max(999),
  dueDate: IsoDate,
  /** The due date is before today in the caller's time zone. */
  overdue: z.boolean(),
});
export type DueItem = z.infer<typeof DueItem>;

/** A due date on a calendar row. */
export const CalendarDueDate = z.object({
  equipmentId: EntityId,
  serviceCallType: z.number().int().min(1).max(999),
  dueDate: IsoDate,
});
export type CalendarDueDate = z.infer<typeof CalendarDueDate>;

/** The weekly digest of due work: on unless the user turned it off. */
export const DigestSetting = z.object({ weeklyDigest: z.boolean() });
export type DigestSetting = z.infer<typeof DigestSetting>;

/** A comma-separated list of ids, at most `max` of them. */
const idList = (max: number) =>
  z
    .string()
    .max(max * 11)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'ids')
    .transform((v) => (v === '' ? [] : [...new Set(v.split(',').map(Number))]))
    .refine((ids) => ids.length <= max && ids.every((id) => id >= 1 && id <= 2_147_483_647), 'ids');

const boundedPeriod = (query: { start: string; end: string }) => {
  const days = (Date.parse(query.end) - Date.parse(query.start)) / 86_400_000;
  return days > 0 && days <= CALENDAR_PERIOD_MAX_DAYS;
};

export const dueDatesContract = c.router(
  {
    upcoming: {
      method: 'GET',
      // path chosen: not in spec
      path: '/api/DueDates/upcoming',
      query: withCommonQuery({
        ...pagingQuery(DUE_LIST_PAGE_SIZE, DUE_LIST_PAGE_SIZE_MAX),
        /** Only the instruments on the caller's own list. */
        mine: queryBoolean.optional(),
      }),
      responses: { 200: envelope(paged(DueItem)), ...standardErrors },
      summary: `Due dates of the visible instruments that are overdue or due within ${DUE_SOON_DAYS} days, earliest first`,
      metadata: signedIn('customerEquipment'),
    },
    calendar: {
      method: 'GET',
      // path chosen: not in spec
      path: '/api/DueDates/calendar',
      query: withCommonQuery({
        start: IsoDateTime,
        end: IsoDateTime,
        equipmentIds: idList(DUE_CALENDAR_EQUIPMENT_MAX),
        /** Comma-separated kinds of work (the calendar's checked service types); absent: every kind. */
        serviceCallType: idList(50).optional(),
      }).refine(boundedPeriod, { message: 'period', path: ['end'] }),
      responses: { 200: envelope(z.object({ items: z.array(CalendarDueDate) })), ...standardErrors },
      summary: 'The due dates of some instruments (a page of calendar rows) between start and end',
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
    digestSetting: {
      method: 'GET',
      // path chosen: not in spec
      path: '/api/DueDates/digestSetting',
      query: withCommonQuery({}),
      responses: { 200: envelope(DigestSetting), ...standardErrors },
      summary: 'Whether the caller receives the weekly digest mail of due work (on unless they turned it off)',
      metadata: signedIn('ownAccount'),
    },
    updateDigestSetting: {
      method: 'PUT',
      // path chosen: not in spec
      path: '/api/DueDates/digestSetting',
      query: withCommonQuery({}),
      body: DigestSetting,
      responses: { 200: envelope(DigestSetting), ...standardErrors },
      summary: 'Turn the weekly digest mail of due work on or off for the caller',
      metadata: signedIn('ownAccount'),
    },
  },
  { strictStatusCodes: true },
);
