import { z } from 'zod';
import { signedIn } from './access';
import { c, EntityId, envelope, IdParam, IsoDate, standardErrors, withCommonQuery } from './common';
import { SelectedIds } from './listQuery';
import { SERVICE_CALL_TYPE_NAMES } from './reservations';

/**
 * Service intervals (issue 38, chosen: not in spec): per instrument and kind of work (a work order's
 * service_call_type), an interval in months. The next due date is the last completed work order of that kind plus
 * the interval, or the installation date plus the interval before the first one; a month end stays a month end.
 */

export const SERVICE_INTERVAL_MONTHS_MIN = 1;
export const SERVICE_INTERVAL_MONTHS_MAX = 120;
/** A due date within this many days is "due soon"; before today it is overdue. */
export const SERVICE_DUE_SOON_DAYS = 30;

/** The kinds of work in the order the work orders list them. */
export const SERVICE_INTERVAL_KINDS: readonly number[] = Object.keys(SERVICE_CALL_TYPE_NAMES).map(Number);
export const SERVICE_KIND_CALIBRATION = 9;
export const SERVICE_KIND_PREVENTIVE_MAINTENANCE = 1;

export const ServiceKind = z
  .number()
  .int()
  .min(1)
  .max(99)
  .refine((kind) => SERVICE_INTERVAL_KINDS.includes(kind), 'unknown kind of work');

export const IntervalMonths = z.number().int().min(SERVICE_INTERVAL_MONTHS_MIN).max(SERVICE_INTERVAL_MONTHS_MAX);

/** One kind of work of an instrument: its interval (null: none set), its last completion and next due date. */
export const ServiceInterval = z.object({
  serviceCallType: z.number().int(),
  intervalMonths: IntervalMonths.nullable(),
  /** The day the last work order of this kind was completed, whether or not an interval is set. */
  lastDone: IsoDate.nullable(),
  /** Null without an interval, or without a completion and an installation date to count from. */
  nextDue: IsoDate.nullable(),
});
export type ServiceInterval = z.infer<typeof ServiceInterval>;

export const ServiceIntervals = z.object({
  equipmentId: EntityId,
  installationDate: IsoDate.nullable(),
  /** Every kind of work, in SERVICE_INTERVAL_KINDS order. */
  items: z.array(ServiceInterval).max(SERVICE_INTERVAL_KINDS.length),
});
export type ServiceIntervals = z.infer<typeof ServiceIntervals>;

const uniqueKinds = (items: readonly { serviceCallType: number }[]) =>
  new Set(items.map((i) => i.serviceCallType)).size === items.length;

/** The kinds to change on one instrument: a number of months sets the interval, null clears it; others stay. */
export const ServiceIntervalsInput = z.object({
  intervals: z
    .array(z.object({ serviceCallType: ServiceKind, intervalMonths: IntervalMonths.nullable() }))
    .min(1)
    .max(SERVICE_INTERVAL_KINDS.length)
    .refine(uniqueKinds, 'each kind of work once'),
});
export type ServiceIntervalsInput = z.infer<typeof ServiceIntervalsInput>;

/** One kind's interval for the instruments selected in the grid (null clears it). */
export const BulkServiceIntervalInput = z.object({
  equipmentIds: SelectedIds,
  serviceCallType: ServiceKind,
  intervalMonths: IntervalMonths.nullable(),
});
export type BulkServiceIntervalInput = z.infer<typeof BulkServiceIntervalInput>;

export const BulkServiceIntervalResult = z.object({
  /** Instruments whose interval changed (setting the same value again changes nothing). */
  changed: z.number().int().min(0),
});

const managers = signedIn('customerEquipment', { minRole: 'manager' });

export const serviceIntervalsContract = c.router(
  {
    get: {
      method: 'GET',
      path: '/api/Equipment/:id/serviceIntervals', // path chosen: not in spec
      pathParams: z.object({ id: IdParam }),
      query: withCommonQuery({}),
      responses: { 200: envelope(ServiceIntervals), ...standardErrors },
      summary:
        'The intervals, last completions and next due dates of an instrument the caller may open (10002 otherwise)',
      metadata: signedIn('customerEquipment'),
    },
    set: {
      method: 'PUT',
      path: '/api/Equipment/:id/serviceIntervals', // path chosen: not in spec
      pathParams: z.object({ id: IdParam }),
      query: withCommonQuery({}),
      body: ServiceIntervalsInput,
      responses: { 200: envelope(ServiceIntervals), ...standardErrors },
      summary:
        "Set or clear kinds' intervals of one instrument (managers and admins); answers the instrument's intervals",
      metadata: managers,
    },
    bulkSet: {
      method: 'POST',
      path: '/api/Equipment/serviceIntervals/bulk', // path chosen: not in spec
      query: withCommonQuery({}),
      body: BulkServiceIntervalInput,
      responses: { 200: envelope(BulkServiceIntervalResult), ...standardErrors },
      summary:
        "Set or clear one kind's interval on the instruments selected in the grid (managers and admins); an unreachable id refuses the whole batch (10002)",
      metadata: managers,
    },
  },
  { strictStatusCodes: true },
);
