import { sql, type Kysely, type Selectable } from 'kysely';
import type { EventSummary, Utilization, UtilizationEvent, UtilizationEventQuery } from '../../../contract/equipment';
import type { AssetMonitorsTable, Database } from '../db/schema';
import { badRequest } from '../lib/problem';
import { containsPattern } from '../lib/like';
import { summarise } from '../utilization/periods';
import { OPTIONAL_EVENT_COLUMNS } from '../utilization/record';
import { pageOf } from '../lib/paging';

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** An instrument's event summary for a date range, read from its hours per day. */
export async function eventSummaryOf(
  db: Kysely<Database>,
  equipmentId: number,
  range: number,
  now = new Date(),
): Promise<EventSummary> {
  const today = utcDay(now);
  const first = summarise([], range, today).startDate;
  const days = await db
    .selectFrom('utilization_daily')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      sql<number>`util_hours::float8`.as('util'),
      sql<number>`serv_hours::float8`.as('serv'),
    ])
    .where('equipment_id', '=', equipmentId)
    .where('day', '>=', first)
    .where('day', '<=', today)
    .execute();
  return summarise(days, range, today);
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toUtilization(
  monitor: Selectable<AssetMonitorsTable>,
  summary: EventSummary,
  range: number,
): Utilization {
  return {
    ...summary,
    id: monitor.equipment_id,
    dateRangeSelect: range,
    summaryViewSelect: 'total',
    site: monitor.site,
    assetId: monitor.asset_id,
    assetName: monitor.asset_name,
    eqType: monitor.eq_type,
    software: monitor.software,
    captureType: monitor.capture_type,
    captureStatus: monitor.capture_status,
    lastCaptureDate: instant(monitor.last_capture_date),
    connStatus: monitor.conn_status,
    lastConnectedDate: instant(monitor.last_connected_date),
    workHours: monitor.work_hours === null ? null : Number(monitor.work_hours),
    nonWorkDays: monitor.non_work_days,
    assetUrlTemplate: monitor.asset_url_template,
  };
}

/** The event fields a detail list sorts by, and their columns. */
const COLUMNS = {
  startTime: 'start_time',
  endTime: 'end_time',
  hours: 'hours',
  method: 'method',
  sampleName: 'sample_name',
  sampleCount: 'sample_count',
  injectionCount: 'injection_count',
  category: 'category',
  project: 'project',
  groupId: 'group_id',
  user: 'user_name',
} as const;
type EventField = keyof typeof COLUMNS;
/** The text fields a detail list filters by picked values and searches in. */
const TEXT_FIELDS: readonly EventField[] = ['method', 'sampleName', 'category', 'project', 'groupId', 'user'];

const isField = (name: string): name is EventField => Object.hasOwn(COLUMNS, name);

/** Most days a detail list may span (a year and a day: a leap year's range). Chosen: not in spec. */
export const EVENT_PERIOD_MAX_DAYS = 366;

/** The period of a detail list, checked: it ends after it starts and spans at most a year. */
export function eventPeriod(startDate: string, endDate: string): { start: Date; end: Date } {
  const start = new Date(startDate);
  const end = new Date(endDate);
  if (!(end > start)) throw badRequest('endDate must be after startDate');
  if (end.getTime() - start.getTime() > EVENT_PERIOD_MAX_DAYS * 86_400_000) {
    throw badRequest(`A period spans at most ${EVENT_PERIOD_MAX_DAYS} days`);
  }
  return { start, end };
}

/** Longest an event lasts; the search for events overlapping a period starts this much before it. */
const EVENT_SPAN_MAX_MS = 7 * 86_400_000;

/** Events of a customer's system that overlap a period. */
function eventsOf(db: Kysely<Database>, customerId: number, systemId: string, period: { start: Date; end: Date }) {
  return db
    .selectFrom('utilization_events')
    .where('customer_id', '=', customerId)
    .where('system_id', '=', systemId)
    .where('start_time', '<', period.end)
    .where('start_time', '>=', new Date(period.start.getTime() - EVENT_SPAN_MAX_MS))
    .where('end_time', '>', period.start);
}

const SELECTED = ['start_time', 'end_time', sql<number>`hours::float8`.as('hours'), ...OPTIONAL_EVENT_COLUMNS] as const;

type EventRow = {
  start_time: Date | string;
  end_time: Date | string;
  hours: number;
  method: string | null;
  sample_name: string | null;
  sample_count: number | null;
  injection_count: number | null;
  category: string | null;
  project: string | null;
  group_id: string | null;
  user_name: string | null;
};

const toEvent = (r: EventRow): UtilizationEvent => ({
  startTime: new Date(r.start_time).toISOString(),
  endTime: new Date(r.end_time).toISOString(),
  hours: r.hours,
  method: r.method,
  sampleName: r.sample_name,
  sampleCount: r.sample_count,
  injectionCount: r.injection_count,
  category: r.category,
  project: r.project,
  groupId: r.group_id,
  user: r.user_name,
});

/** A filtered, sorted page of a system's events in a period (the details modal), and how many match. */
export async function utilizationEventPage(
  db: Kysely<Database>,
  customerId: number,
  query: UtilizationEventQuery,
): Promise<{ items: UtilizationEvent[]; totalCount: number }> {
  const period = eventPeriod(query.startDate, query.endDate);
  for (const field of Object.keys(query.filter)) {
    if (!isField(field) || !TEXT_FIELDS.includes(field)) throw badRequest(`Cannot filter by ${field}`);
  }
  if (query.sortField && !isField(query.sortField)) throw badRequest(`Cannot sort by ${query.sortField}`);
  let events = eventsOf(db, customerId, query.systemId, period);
  for (const [field, values] of Object.entries(query.filter)) {
    if (values.length > 0) events = events.where(COLUMNS[field as EventField], 'in', values);
  }
  const search = query.fullTextSearch?.trim();
  if (search) {
    const pattern = containsPattern(search);
    events = events.where((eb) => eb.or(TEXT_FIELDS.map((f) => eb(COLUMNS[f], 'ilike', pattern))));
  }
  const sortColumn = COLUMNS[(query.sortField as EventField | undefined) ?? 'startTime'];
  const direction = query.sortField ? (query.sortDesc ? 'desc' : 'asc') : 'asc';
  const { rows, totalCount } = await pageOf(
    events.select(SELECTED).orderBy(sortColumn, direction).orderBy('id', direction),
    events,
    query,
  );
  return { items: (rows as EventRow[]).map(toEvent), totalCount };
}

/** Every event of a system in a period, in time order, up to `max` (the details modal's suggestions). */
export async function utilizationEventList(
  db: Kysely<Database>,
  customerId: number,
  systemId: string,
  period: { start: Date; end: Date },
  max: number,
): Promise<UtilizationEvent[]> {
  const rows = await eventsOf(db, customerId, systemId, period)
    .select(SELECTED)
    .orderBy('start_time')
    .orderBy('id')
    .limit(max)
    .execute();
  return (rows as EventRow[]).map(toEvent);
}

/** The asset monitor of a customer's instrument, or undefined when monitoring was never requested. */
export function assetMonitorOf(db: Kysely<Database>, customerId: number, equipmentId: number) {
  return db
    .selectFrom('asset_monitors')
    .selectAll()
    .where('equipment_id', '=', equipmentId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Whether a customer has an asset-monitoring site. */
export async function hasAssetMonitoringSite(db: Kysely<Database>, customerId: number): Promise<boolean> {
  const customer = await db
    .selectFrom('customers')
    .select('has_asset_genius_site')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return customer?.has_asset_genius_site === true;
}
