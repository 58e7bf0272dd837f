import { z } from 'zod';
import { signedIn } from './access';
import {
  c,
  envelope,
  standardErrors,
  withCommonQuery,
  EntityId,
  IdParam,
  IsoDate,
  IsoDateTime,
  pagingQuery,
  queryBoolean,
} from './common';
import { MAX_PAGE_SIZE, paged } from './listQuery';
import { optionalText } from './validation';
import { EQUIPMENT_MAX } from './equipment';

/**
 * Instrument reservations of the calendar (spec 3 sections 2, 3, 4 and 7; spec 2 section 7 and the reservation
 * messages of spec 2 section 8). Instants carry an offset; the common timeZoneDiff tells the server the user's zone.
 */

/** Calendar constants (spec 3 section 9). */
export const CALENDAR_PAGE_SIZE = 20;
/** The longest period the calendar and its overview answer for: a month view with its leading and trailing weeks. */
export const CALENDAR_PERIOD_MAX_DAYS = 42;

/** start before end, at most CALENDAR_PERIOD_MAX_DAYS apart: a hostile period cannot ask for years of rows. */
const boundedPeriod = <T extends { start: string; end: string }>(query: T) => {
  const days = (Date.parse(query.end) - Date.parse(query.start)) / 86_400_000;
  return days > 0 && days <= CALENDAR_PERIOD_MAX_DAYS;
};
export const CALENDAR_WORK_START_HOUR = 8;
export const CALENDAR_WORK_END_HOUR = 16;
export const CALENDAR_SLOT_MINUTES = 30;
/** Default service-order type ids of the sidebar checkboxes (spec 3 section 9). */
export { SCHEDULED_EVENT_IDS as SCHEDULED_EVENT_TYPE_IDS, SERVICE_WORK_TYPE_IDS } from './limits';
/**
 * What each service-order type is: the job type a service order of that type carries. The spec gives only the ids;
 * the names are ours (chosen: not in spec). The service-work names are the issue types of a service request (the
 * serviceRequest namespace labels them serviceWork_<id>); the client shows all of them through the keys
 * calendar:service_type_<id>.
 */
export const SERVICE_CALL_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Preventive maintenance',
  2: 'Performance qualification',
  9: 'Calibration',
  4: 'Safety inspection',
  5: 'Performance verification',
  8: 'Validation',
  3: 'Firmware update',
  6: 'Training',
  15: 'Decommissioning',
  7: 'Repair',
  10: 'Installation',
  13: 'Relocation',
  12: 'Qualification',
  11: 'Application support',
  14: 'Software support',
};
/** Reservation and deletion comments (spec 3 sections 5 and 9). */
export const RESERVATION_COMMENT_MAX = 250;
/** Longest span of a repeated reservation, from its start to its end-by date. Chosen: not in spec. */
export const RESERVATION_SERIES_MAX_DAYS = 366;
/** Largest repeat interval (every n days or weeks). Chosen: not in spec. */
export const RESERVATION_MAX_INTERVAL = 52;

/** Message keys of spec 2 section 8. */
export const ReservationMessage = {
  equipment: 'calendar_OSTag_select_err',
  start: 'calendar_start_time_err',
  end: 'calendar_end_time_err',
  startFuture: 'calendar_start_future',
  endAfterStart: 'calendar_end_grater',
  period: 'calendar_time_period_err',
  recurrence: 'recurrency_error',
  endBy: 'end_by_validation',
} as const;

export const ReservedBy = z.object({
  userId: EntityId,
  userName: z.string().max(61),
  avatarThumbnailUrl: z.string().max(2000).nullable(),
});

/** A reservation (spec 3 section 3 "Reservation"; lastUpdateTime from spec 2). */
export const Reservation = z.object({
  reservationId: EntityId,
  equipmentId: EntityId,
  serial: z.string().max(EQUIPMENT_MAX.serial).nullable(),
  /** Make and model, or the system nickname. */
  instrumentName: z
    .string()
    .max(EQUIPMENT_MAX.mfg + 3 + EQUIPMENT_MAX.model)
    .nullable(),
  city: z.string().max(100).nullable(),
  building: z.string().max(EQUIPMENT_MAX.building).nullable(),
  floor: z.string().max(EQUIPMENT_MAX.floor).nullable(),
  room: z.string().max(EQUIPMENT_MAX.room).nullable(),
  comments: z.string().max(RESERVATION_COMMENT_MAX).nullable(),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  reservedBy: ReservedBy,
  /** The series a repeated reservation belongs to. Chosen: not in spec. */
  seriesId: EntityId.nullable(),
  lastUpdateTime: IsoDateTime,
});
export type Reservation = z.infer<typeof Reservation>;

/** A service order shown as a block on the calendar. Chosen: not in spec. */
export const CalendarServiceEvent = z.object({
  serviceOrderNo: z.string().max(40),
  /** One of SCHEDULED_EVENT_TYPE_IDS or SERVICE_WORK_TYPE_IDS. */
  serviceCallType: z.number().int(),
  jobType: z.string().max(40).nullable(),
  callStatus: z.string().max(40).nullable(),
  startDate: IsoDateTime,
  endDate: IsoDateTime.nullable(),
});
export type CalendarServiceEvent = z.infer<typeof CalendarServiceEvent>;

/** A row of the calendar: an instrument with its reservations and service orders in the period. */
export const CalendarInstrument = z.object({
  equipmentId: EntityId,
  serial: z.string().max(EQUIPMENT_MAX.serial).nullable(),
  mfg: z.string().max(EQUIPMENT_MAX.mfg).nullable(),
  model: z.string().max(EQUIPMENT_MAX.model).nullable(),
  systemId: z.string().max(EQUIPMENT_MAX.systemId).nullable(),
  systemNickName: z.string().max(EQUIPMENT_MAX.systemNickName).nullable(),
  city: z.string().max(100).nullable(),
  building: z.string().max(EQUIPMENT_MAX.building).nullable(),
  floor: z.string().max(EQUIPMENT_MAX.floor).nullable(),
  room: z.string().max(EQUIPMENT_MAX.room).nullable(),
  reservations: z.array(Reservation),
  serviceEvents: z.array(CalendarServiceEvent),
});
export type CalendarInstrument = z.infer<typeof CalendarInstrument>;

/** A day of the sidebar overview that has reservations. */
export const ReservationDay = z.object({ date: IsoDate, count: z.number().int().min(1) });
export type ReservationDay = z.infer<typeof ReservationDay>;

/** Repeat a reservation every `interval` days or weeks up to `endBy`. Chosen: not in spec. */
export const Recurrence = z.object({
  frequency: z.enum(['daily', 'weekly'], { message: ReservationMessage.recurrence }),
  interval: z
    .number()
    .int(ReservationMessage.recurrence)
    .min(1, ReservationMessage.recurrence)
    .max(RESERVATION_MAX_INTERVAL, ReservationMessage.recurrence),
  endBy: IsoDate,
});
export type Recurrence = z.infer<typeof Recurrence>;

const DAY_MS = 24 * 60 * 60 * 1000;
const SLOT_MS = CALENDAR_SLOT_MINUTES * 60 * 1000;

const reservationFields = {
  startDate: IsoDateTime.nullable().optional(),
  endDate: IsoDateTime.nullable().optional(),
  comments: optionalText(RESERVATION_COMMENT_MAX),
  recurrence: Recurrence.nullable().optional(),
};

type ReservationTimes = {
  startDate?: string | null;
  endDate?: string | null;
  recurrence?: Recurrence | null;
};

/**
 * The time rules: start and end given, the end after the start, at least one half-hour slot, a new reservation
 * starts in the future, and a series ends after its start and within RESERVATION_SERIES_MAX_DAYS.
 */
const checkTimes = (value: ReservationTimes, ctx: z.RefinementCtx, mustStartInFuture: boolean) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  if (!value.startDate) issue('startDate', ReservationMessage.start);
  if (!value.endDate) issue('endDate', ReservationMessage.end);
  if (!value.startDate || !value.endDate) return;
  const start = Date.parse(value.startDate);
  const end = Date.parse(value.endDate);
  if (mustStartInFuture && start <= Date.now()) issue('startDate', ReservationMessage.startFuture);
  if (end <= start) issue('endDate', ReservationMessage.endAfterStart);
  else if (end - start < SLOT_MS) issue('endDate', ReservationMessage.period);
  if (value.recurrence) {
    const endBy = Date.parse(`${value.recurrence.endBy}T23:59:59Z`);
    if (endBy < start || endBy - start > RESERVATION_SERIES_MAX_DAYS * DAY_MS) {
      issue('recurrence', ReservationMessage.endBy);
    }
  }
};

/** Body of POST Equipment/{id}/reservation: the equipment is in the path. */
export const ReservationCreate = z.object(reservationFields).superRefine((v, ctx) => checkTimes(v, ctx, true));
export type ReservationCreate = z.infer<typeof ReservationCreate>;

/** Body of PUT Equipment/Reservation: one reservation (not its series); lastUpdateTime guards against a lost update. */
export const ReservationUpdate = z
  .object({
    reservationId: EntityId,
    equipmentId: z
      .number({ required_error: ReservationMessage.equipment })
      .int()
      .positive(ReservationMessage.equipment),
    ...reservationFields,
    recurrence: z.null().optional(),
    lastUpdateTime: IsoDateTime.optional(),
  })
  .superRefine((v, ctx) => checkTimes(v, ctx, false));
export type ReservationUpdate = z.infer<typeof ReservationUpdate>;

/** Filters of the calendar (spec 3 section 7 "GET Equipment/reservation"). */
const calendarFilters = {
  systemId: z.string().trim().max(EQUIPMENT_MAX.systemId).optional(),
  systemNickName: z.string().trim().max(EQUIPMENT_MAX.systemNickName).optional(),
  serial: z.string().trim().max(EQUIPMENT_MAX.serial).optional(),
  /** Comma-separated service-order type ids of the sidebar checkboxes. */
  serviceCallType: z
    .string()
    .max(200)
    .regex(/^(\d{1,3}(,\d{1,3})*)?$/, 'serviceCallType')
    .transform((v) => (v === '' ? [] : v.split(',').map(Number)))
    .optional(),
  /** My reservations only. */
  myOnly: queryBoolean.optional(),
};

/** Row order of the calendar. Values chosen: not in spec. */
export const CalendarOrderType = z.enum(['serial', 'systemNickName', 'systemId', 'city']);
export type CalendarOrderType = z.infer<typeof CalendarOrderType>;

export const reservationsContract = c.router(
  {
    calendar: {
      method: 'GET',
      path: '/api/Equipment/reservation',
      query: withCommonQuery({
        start: IsoDateTime,
        end: IsoDateTime,
        ...pagingQuery(CALENDAR_PAGE_SIZE, MAX_PAGE_SIZE),
        ...calendarFilters,
        calendarOrderType: CalendarOrderType.optional(),
      }).refine(boundedPeriod, { message: 'period', path: ['end'] }),
      responses: { 200: envelope(paged(CalendarInstrument)), ...standardErrors },
      summary: 'A page of instruments with their reservations and service orders between start and end',
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
    overview: {
      method: 'GET',
      path: '/api/Equipment/reservationOverview',
      query: withCommonQuery({ start: IsoDateTime, end: IsoDateTime, ...calendarFilters }).refine(boundedPeriod, {
        message: 'period',
        path: ['end'],
      }),
      responses: { 200: envelope(z.object({ items: z.array(ReservationDay) })), ...standardErrors },
      summary: 'The days of a range (a month) that have reservations, for the sidebar date overview',
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
    create: {
      method: 'POST',
      path: '/api/Equipment/:id/reservation',
      pathParams: z.object({ id: IdParam }),
      query: withCommonQuery({}),
      body: ReservationCreate,
      responses: { 200: envelope(z.object({ items: z.array(Reservation) })), ...standardErrors },
      summary: 'Reserve an instrument for a period, once or repeated; answers every reservation made',
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
    update: {
      method: 'PUT',
      path: '/api/Equipment/Reservation',
      query: withCommonQuery({}),
      body: ReservationUpdate,
      responses: { 200: envelope(Reservation), ...standardErrors },
      summary: 'Change the instrument, period or comments of one reservation',
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
    remove: {
      method: 'DELETE',
      path: '/api/Equipment/Reservation/:id',
      pathParams: z.object({ id: IdParam }),
      query: withCommonQuery({
        isSeriesDelete: queryBoolean.default(false),
        /** Required (non-blank) when someone other than the reserver deletes; the server checks. */
        comments: z.string().trim().max(RESERVATION_COMMENT_MAX).optional(),
      }),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: "Delete a reservation or its whole series; an admin deleting another user's one gives a comment",
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
    search: {
      method: 'GET',
      path: '/api/equipment/reservation/search',
      query: withCommonQuery({
        keyword: z.string().trim().max(200).optional(),
        ...pagingQuery(CALENDAR_PAGE_SIZE, MAX_PAGE_SIZE),
      }),
      responses: { 200: envelope(paged(Reservation)), ...standardErrors },
      summary: 'A page of reservations matching a keyword (serial, instrument, location, comments, reserver)',
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
  },
  { strictStatusCodes: true },
);
