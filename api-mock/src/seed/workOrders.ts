import type { Faker } from '@faker-js/faker';
import { sql, type Insertable, type Kysely } from 'kysely';
import { SERVICE_CALL_TYPE_NAMES } from '../../../contract/reservations';
import type { Database, ServiceCallLinesTable, ServiceCallsTable } from '../db/schema';
import { bulkInsert } from '../db/bulkInsert';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Years of history before today that an instrument installed long ago has. */
const HISTORY_YEARS = 6;
/**
 * Instruments that get a history: a world of benchmark size would otherwise hold millions of generated orders
 * (benchmarks add theirs in bulk).
 */
const HISTORY_INSTRUMENTS_MAX = 5_000;
export const WORK_ORDER_STATUS = {
  open: 'OPEN',
  inProcess: 'IN PROCESS',
  released: 'RELEASED',
  processed: 'PROCESSED',
  closed: 'CLOSED',
} as const;

const ENGINEERS = [
  'Jonas Becker',
  'Maria Rossi',
  'Kenji Watanabe',
  'Laura Martin',
  'Carlos Pereira',
  'Anna Kowalski',
  'Li Wei',
  'Sophie Dubois',
];

/** What goes wrong, what the engineer did, and the parts it took, by kind of visit. */
const VISITS = {
  maintenance: {
    type: 1,
    problems: ['Annual preventive maintenance due.', 'Preventive maintenance as per service contract.'],
    solutions: [
      'Replaced seals and filters, cleaned the optics, checked pressures and temperatures; all within specification.',
      'Performed the maintenance checklist, replaced wear parts, ran the system suitability test: passed.',
    ],
    parts: [
      ['PM-KIT-01', 'Preventive maintenance kit'],
      ['SEAL-2210', 'Piston seal set'],
      ['FLT-0450', 'Inlet filter'],
    ],
  },
  repair: {
    type: 7,
    problems: [
      'Pump pressure fluctuates during gradient runs.',
      'Instrument does not initialise; communication error on start-up.',
      'Baseline noise increased after the last lamp change.',
      'Leak detected at the autosampler needle seat.',
      'Temperature of the column compartment does not stabilise.',
    ],
    solutions: [
      'Replaced the check valves and the purge valve; pressure ripple below 1 %.',
      'Replaced the main board; firmware reloaded and configuration restored.',
      'Replaced the deuterium lamp and realigned the optics; noise within specification.',
      'Replaced the needle seat and rotor seal; leak test passed.',
      'Replaced the Peltier element and the fan; temperature stable at ±0.1 °C.',
    ],
    parts: [
      ['CV-1120', 'Active inlet valve cartridge'],
      ['MB-3300', 'Main board'],
      ['LMP-D2-08', 'Deuterium lamp'],
      ['NS-0712', 'Needle seat'],
      ['PLT-5520', 'Peltier element'],
    ],
  },
  qualification: {
    type: 12,
    problems: ['Operational qualification (OQ) due.', 'Requalification after relocation.'],
    solutions: [
      'Executed the OQ protocol; all tests passed; certificate issued.',
      'Executed IQ/OQ after relocation; all acceptance criteria met.',
    ],
    parts: [['QUAL-OQ', 'Qualification test kit']],
  },
} as const;
type VisitKind = keyof typeof VISITS;
interface Visit {
  type: number;
  problems: readonly string[];
  solutions: readonly string[];
  parts: readonly (readonly [string, string])[];
}

interface Instrument {
  id: number;
  customer_id: number;
  city: string;
  mfg: string;
  model: string;
  serial: string | null;
  pki_tag: string | null;
  system_id: string | null;
  system_nick_name: string | null;
  dtype: string | null;
  building: string | null;
  floor: string | null;
  department: string | null;
  cost_center: string | null;
  asset_id: string | null;
  inst_date: Date | null;
}

/**
 * The work-order history of the demo world, relative to the day it is seeded: every instrument has had a preventive
 * maintenance each year since it was installed (at most six years back), a qualification every other year, and
 * repairs now and then; finished orders are closed or processed with the engineer's report, parts and labour, and a
 * customer signature; one instrument in eight has an order coming up in the next two months. Deterministic for a
 * given faker seed and day.
 */
export async function seedWorkOrders(db: Kysely<Database>, f: Faker, now = new Date()): Promise<void> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const instruments = (await db
    .selectFrom('equipment')
    .innerJoin('locations', 'locations.id', 'equipment.location_id')
    .select([
      'equipment.id',
      'equipment.customer_id',
      'locations.city',
      'equipment.mfg',
      'equipment.model',
      'equipment.serial',
      'equipment.pki_tag',
      'equipment.system_id',
      'equipment.system_nick_name',
      'equipment.dtype',
      'equipment.building',
      'equipment.floor',
      'equipment.department',
      'equipment.cost_center',
      'equipment.asset_id',
      'equipment.inst_date',
    ])
    .orderBy('equipment.id')
    .limit(HISTORY_INSTRUMENTS_MAX)
    .execute()) as unknown as Instrument[];
  const people = await db
    .selectFrom('users')
    .select(['customer_id', 'first_name', 'last_name', 'email', 'office_phone'])
    .where('location_id', 'is not', null)
    .orderBy('id')
    .execute();

  let sequence = 0;
  const calls: Insertable<ServiceCallsTable>[] = [];
  const lines: { call: number; line: Omit<Insertable<ServiceCallLinesTable>, 'service_call_id'> }[] = [];

  const add = (instrument: Instrument, kind: VisitKind, start: number, finished: boolean) => {
    const visit: Visit = VISITS[kind];
    const pick = f.number.int({ min: 0, max: visit.problems.length - 1 });
    const reporter = f.helpers.arrayElement(people.filter((p) => p.customer_id === instrument.customer_id));
    const engineer = f.helpers.arrayElement(ENGINEERS);
    const hours = f.helpers.arrayElement([2, 3, 4, 6, 8]);
    const received = start - f.number.int({ min: 2, max: 20 }) * DAY_MS;
    const complete = start + hours * 3_600_000 + f.number.int({ min: 0, max: 2 }) * DAY_MS;
    const hasReport = finished && f.datatype.boolean({ probability: 0.9 });
    sequence += 1;
    calls.push({
      customer_id: instrument.customer_id,
      equipment_id: instrument.id,
      service_order_no: `SO${String(sequence).padStart(8, '0')}`,
      svmx_order_no: `WO-${String(10_000_000 + sequence * 7)}`,
      job_type: SERVICE_CALL_TYPE_NAMES[visit.type] ?? null,
      service_call_type: visit.type,
      call_status: finished
        ? f.helpers.weightedArrayElement([
            { weight: 8, value: WORK_ORDER_STATUS.closed },
            { weight: 2, value: WORK_ORDER_STATUS.processed },
          ])
        : f.helpers.arrayElement([WORK_ORDER_STATUS.open, WORK_ORDER_STATUS.released, WORK_ORDER_STATUS.inProcess]),
      issue_type: String(visit.type),
      priority: kind === 'repair' ? f.helpers.arrayElement([1, 2, 3]) : 3,
      issue_text: visit.problems[pick] ?? null,
      contact_name: reporter ? `${reporter.first_name} ${reporter.last_name}` : null,
      email: reporter?.email ?? null,
      office_phone: reporter?.office_phone ?? null,
      date_time_call_received: new Date(received),
      svmx_cse_schedule_date: new Date(start),
      start_date: new Date(start),
      end_date: new Date(start + hours * 3_600_000),
      work_start_date: finished ? new Date(start + f.number.int({ min: 0, max: 60 }) * 60_000) : null,
      date_time_call_complete: finished ? new Date(complete) : null,
      repair_problem: finished ? (visit.problems[pick] ?? null) : null,
      repair_solution: finished ? (visit.solutions[pick % visit.solutions.length] ?? null) : null,
      service_engn_name: engineer,
      cust_ref_no: f.datatype.boolean({ probability: 0.5 }) ? `REF-${f.string.numeric(6)}` : null,
      purchase_order_number: f.datatype.boolean({ probability: 0.6 }) ? `PO${f.string.numeric(8)}` : null,
      report_available: hasReport,
      signed_by: hasReport && reporter ? `${reporter.first_name} ${reporter.last_name}` : null,
      signed_at: hasReport ? new Date(complete) : null,
      city: instrument.city,
      mfg: instrument.mfg,
      model: instrument.model,
      serial: instrument.serial,
      pki_tag: instrument.pki_tag,
      system_id: instrument.system_id,
      system_nick_name: instrument.system_nick_name,
      dtype: instrument.dtype,
      building: instrument.building,
      floor: instrument.floor,
      department: instrument.department,
      cost_center: instrument.cost_center,
      asset_id: instrument.asset_id,
    });
    if (!finished) return;
    const call = calls.length - 1;
    const parts = f.helpers.arrayElements(visit.parts, { min: 1, max: Math.min(2, visit.parts.length) });
    for (const [partNo, description] of parts) {
      lines.push({ call, line: { kind: 'part', part_no: partNo, description, quantity: 1, unit: 'pc' } });
    }
    lines.push({
      call,
      line: { kind: 'labour', part_no: null, description: `Labour: ${engineer}`, quantity: hours, unit: 'h' },
    });
    lines.push({ call, line: { kind: 'labour', part_no: null, description: 'Travel', quantity: 1, unit: 'h' } });
  };

  for (const instrument of instruments) {
    const installed = instrument.inst_date ? new Date(instrument.inst_date).getTime() : today - 3 * 365 * DAY_MS;
    const first = Math.max(installed, today - HISTORY_YEARS * 365 * DAY_MS);
    const workday = (t: number) => Math.floor(t / DAY_MS) * DAY_MS + f.helpers.arrayElement([8, 9, 10, 13]) * 3_600_000;
    for (let year = 0; first + (year + 1) * 365 * DAY_MS < today; year++) {
      const base = first + year * 365 * DAY_MS;
      add(instrument, 'maintenance', workday(base + f.number.int({ min: 300, max: 360 }) * DAY_MS), true);
      if (year % 2 === 1)
        add(instrument, 'qualification', workday(base + f.number.int({ min: 20, max: 200 }) * DAY_MS), true);
      if (f.datatype.boolean({ probability: 0.35 })) {
        add(instrument, 'repair', workday(base + f.number.int({ min: 10, max: 290 }) * DAY_MS), true);
      }
    }
    if (instrument.id % 8 === 0) {
      const kind = f.helpers.arrayElement<VisitKind>(['maintenance', 'repair', 'qualification']);
      add(instrument, kind, workday(today + f.number.int({ min: 1, max: 60 }) * DAY_MS), false);
    }
  }

  const ids = await bulkInsert(db, 'service_calls', calls, { returningIds: true });
  const rows = lines.map(({ call, line }) => ({ ...line, service_call_id: ids[call]! }));
  await bulkInsert(db, 'service_call_lines', rows);
  // The calendar's service orders were seeded before: they keep their instrument and site as the others do.
  await sql`update service_calls c set city = l.city, mfg = e.mfg, model = e.model, serial = e.serial,
      pki_tag = e.pki_tag, system_id = e.system_id, system_nick_name = e.system_nick_name, dtype = e.dtype,
      building = e.building, floor = e.floor, department = e.department, cost_center = e.cost_center,
      asset_id = e.asset_id
    from equipment e join locations l on l.id = e.location_id
    where e.id = c.equipment_id and c.mfg is null`.execute(db);
  // ... and those finished carry the engineer's report, as finished orders do.
  await sql`update service_calls set report_available = true, service_engn_name = ${ENGINEERS[1]},
      work_start_date = start_date, repair_problem = coalesce(issue_text, job_type),
      repair_solution = 'Work carried out as scheduled; the instrument was released to the laboratory.',
      signed_by = contact_name, signed_at = date_time_call_complete
    where is_history and service_engn_name is null`.execute(db);
}
