import type { Faker } from '@faker-js/faker';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { AssetMonitorsTable, Database } from '../db/schema';
import { recordUtilizationEvents, type NewUtilizationEvent } from '../utilization/record';

/*
 * The demo world's asset monitoring: the chromatography, mass-spectrometry, ICP and UV/Vis instruments of customers
 * with an asset-monitoring site. Every other one is monitored, with a year of sample runs on working days (a few
 * overnight sequences, the odd weekend run), its service visits on the days of its work orders and a few downtimes;
 * some were never connected or have capture warnings; a few instruments of other kinds have monitoring requested.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const YEAR_DAYS = 365;

/** Monitored instruments at most: a world of benchmark size would otherwise hold tens of millions of runs. */
export const MONITORED_MAX = 2_000;

/** The external asset-monitoring page of an asset (chosen: not in spec). */
export const ASSET_URL_TEMPLATE = 'https://assetgenius.provider.example/assets/{assetId}';

interface Technique {
  software: string;
  methods: string[];
}

const TECHNIQUES: Record<string, Technique> = {
  HPLC: {
    software: 'OpenLab CDS 2.7',
    methods: [
      'USP Assay Paracetamol Tablets',
      'Related Substances Ibuprofen',
      'Dissolution Metformin HCl',
      'Content Uniformity Amlodipine',
      'Preservatives in Oral Solution',
    ],
  },
  UPLC: {
    software: 'Empower 3 FR5',
    methods: [
      'Impurity Profile Atorvastatin',
      'Peptide Mapping Insulin',
      'Assay Omeprazole Capsules',
      'Cleaning Verification Swab',
    ],
  },
  'Gas Chromatograph': {
    software: 'TotalChrom 6.3',
    methods: [
      'Residual Solvents USP <467>',
      'FAME Profile EN 14103',
      'Ethanol in Hand Sanitiser',
      'Volatile Impurities Headspace',
    ],
  },
  'Mass Spectrometer': {
    software: 'Xcalibur 4.5',
    methods: ['Nitrosamine Screening NDMA/NDEA', 'Metabolite Identification', 'Host Cell Protein Survey'],
  },
  'ICP-MS': {
    software: 'Syngistix 3.0',
    methods: ['Elemental Impurities USP <232>/<233>', 'Trace Metals in Water EPA 200.8', 'Catalyst Residues Pd/Pt'],
  },
  'ICP-OES': {
    software: 'Syngistix 3.0',
    methods: ['Metals in Wastewater EPA 200.7', 'Major Elements in Fertiliser', 'Wear Metals in Oil'],
  },
  'UV/Vis Spectrometer': {
    software: 'UV WinLab 7',
    methods: ['Identity Test UV Spectrum', 'Dissolution UV Read-out', 'Protein A280 Concentration'],
  },
};

const PROJECTS = ['Stability 2026', 'Batch Release', 'Method Validation', 'Cleaning Validation', 'Customer Complaint'];
const GROUPS = ['QC Lab 1', 'QC Lab 2', 'R&D Analytical', 'Stability Unit'];
const CATEGORIES = ['Sample analysis', 'System suitability', 'Calibration', 'Blank'];

interface Instrument {
  id: number;
  customer_id: number;
  dtype: string | null;
  model: string | null;
  serial: string | null;
  system_id: string | null;
  asset_id: string | null;
  city: string | null;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function monitorOf(i: Instrument, index: number, lastEnd: number | null, now: number): Insertable<AssetMonitorsTable> {
  const neverConnected = index % 7 === 6;
  const captureStatus = neverConnected
    ? 'Never Captured'
    : index % 11 === 5
      ? 'Critical'
      : index % 5 === 3
        ? 'Warning'
        : index % 13 === 9
          ? 'Inactive'
          : 'Normal';
  const connStatus = neverConnected ? 'Never Connected' : index % 9 === 4 ? 'Not connected' : 'Connected';
  return {
    equipment_id: i.id,
    customer_id: i.customer_id,
    status: 'monitored',
    site: i.city ? `${i.city} laboratory` : 'Main laboratory',
    asset_id: i.asset_id ?? `AG-${i.id}`,
    asset_name: [i.model, i.serial].filter(Boolean).join(' ').slice(0, 100),
    eq_type: i.dtype,
    software: TECHNIQUES[i.dtype ?? '']?.software ?? null,
    capture_type: index % 3 === 0 ? 'File watcher' : 'Agent',
    capture_status: captureStatus,
    last_capture_date: neverConnected || lastEnd === null ? null : new Date(lastEnd),
    conn_status: connStatus,
    last_connected_date: neverConnected ? null : new Date(now - (connStatus === 'Connected' ? 0 : 9 * DAY_MS)),
    work_hours: 10,
    non_work_days: 'Saturday, Sunday',
    asset_url_template: ASSET_URL_TEMPLATE,
  };
}

/** A year of events of one monitored instrument, up to yesterday. */
function yearOfEvents(
  f: Faker,
  i: Instrument & { system_id: string },
  today: number,
  serviceDays: Map<string, number>,
  users: string[],
): NewUtilizationEvent[] {
  const technique = TECHNIQUES[i.dtype ?? '']!;
  const events: NewUtilizationEvent[] = [];
  const base = { customer_id: i.customer_id, equipment_id: i.id, system_id: i.system_id };
  const downtimeDays = new Set(
    Array.from({ length: 3 }, () => dayOf(today - f.number.int({ min: 2, max: YEAR_DAYS }) * DAY_MS)),
  );
  const event = (kind: NewUtilizationEvent['kind'], start: number, end: number, extra: Partial<NewUtilizationEvent>) =>
    events.push({
      ...base,
      kind,
      start_time: new Date(start),
      end_time: new Date(end),
      hours: Math.round(((end - start) / HOUR_MS) * 10_000) / 10_000,
      ...extra,
    });
  for (let back = YEAR_DAYS; back >= 1; back--) {
    const dayStart = today - back * DAY_MS;
    const day = dayOf(dayStart);
    const weekday = new Date(dayStart).getUTCDay();
    const serviceHours = serviceDays.get(day);
    if (serviceHours !== undefined) {
      event('service', dayStart + 8 * HOUR_MS, dayStart + (8 + serviceHours) * HOUR_MS, {
        category: 'Service',
        user_name: 'Field service engineer',
      });
      continue;
    }
    if (downtimeDays.has(day)) {
      const hours = f.number.int({ min: 4, max: 20 });
      event('downtime', dayStart + 6 * HOUR_MS, dayStart + (6 + hours) * HOUR_MS, { category: 'Downtime' });
      continue;
    }
    const working = weekday >= 1 && weekday <= 5;
    const runs = working ? f.number.int({ min: 2, max: 5 }) : f.datatype.boolean({ probability: 0.1 }) ? 1 : 0;
    let at = dayStart + (7 + f.number.float({ min: 0, max: 1.5 })) * HOUR_MS;
    for (let r = 0; r < runs; r++) {
      const end = at + f.number.float({ min: 0.5, max: 2.5, fractionDigits: 2 }) * HOUR_MS;
      if (end > dayStart + 19 * HOUR_MS) break;
      const samples = f.number.int({ min: 1, max: 40 });
      const project = f.helpers.arrayElement(PROJECTS);
      event('run', at, end, {
        method: f.helpers.arrayElement(technique.methods),
        sample_name: `${project.slice(0, 3).toUpperCase()}-${day.replaceAll('-', '')}-${r + 1}`,
        sample_count: samples,
        injection_count: samples * f.number.int({ min: 1, max: 3 }),
        category: f.helpers.weightedArrayElement([
          { weight: 7, value: CATEGORIES[0]! },
          { weight: 1, value: CATEGORIES[1]! },
          { weight: 1, value: CATEGORIES[2]! },
          { weight: 1, value: CATEGORIES[3]! },
        ]),
        project,
        group_id: f.helpers.arrayElement(GROUPS),
        user_name: f.helpers.arrayElement(users),
      });
      at = end + f.number.float({ min: 0.2, max: 1.5 }) * HOUR_MS;
    }
    // An overnight sequence now and then: it counts on both days.
    if (working && f.datatype.boolean({ probability: 0.15 })) {
      const start = dayStart + 19.5 * HOUR_MS;
      const samples = f.number.int({ min: 40, max: 120 });
      event('run', start, start + f.number.int({ min: 6, max: 10 }) * HOUR_MS, {
        method: f.helpers.arrayElement(technique.methods),
        sample_name: `SEQ-${day.replaceAll('-', '')}`,
        sample_count: samples,
        injection_count: samples * 2,
        category: 'Sample analysis',
        project: 'Stability 2026',
        group_id: f.helpers.arrayElement(GROUPS),
        user_name: f.helpers.arrayElement(users),
      });
    }
  }
  return events;
}

/** Seed the asset monitoring of every customer with an asset-monitoring site. */
export async function seedAssetMonitoring(db: Kysely<Database>, f: Faker, now = new Date()): Promise<void> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const instruments = (await db
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .leftJoin('locations', 'locations.id', 'equipment.location_id')
    .select([
      'equipment.id',
      'equipment.customer_id',
      'equipment.dtype',
      'equipment.model',
      'equipment.serial',
      'equipment.system_id',
      'equipment.asset_id',
      'locations.city',
    ])
    .where('customers.has_asset_genius_site', '=', true)
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id')
    .execute()) as Instrument[];
  const users = await db
    .selectFrom('users')
    .select(['customer_id', sql<string>`first_name || ' ' || last_name`.as('name')])
    .orderBy('id')
    .execute();
  const services = await db
    .selectFrom('service_calls')
    .select(['equipment_id', 'start_date', 'service_call_type'])
    .where('start_date', '>=', new Date(today - YEAR_DAYS * DAY_MS))
    .where('start_date', '<', new Date(today))
    .where('equipment_id', 'is not', null)
    .execute();

  const monitored = instruments.filter((i) => TECHNIQUES[i.dtype ?? ''] && i.id % 2 === 0).slice(0, MONITORED_MAX);
  const requested = instruments.filter((i) => !TECHNIQUES[i.dtype ?? ''] && i.id % 9 === 0).slice(0, MONITORED_MAX);
  const monitors: Insertable<AssetMonitorsTable>[] = [];
  const servicesOf = new Map<number | null, typeof services>();
  for (const s of services) servicesOf.set(s.equipment_id, [...(servicesOf.get(s.equipment_id) ?? []), s]);
  // The events of many instruments go in together: a year of one instrument is too little for a statement.
  const pending: NewUtilizationEvent[] = [];
  const flush = async () => {
    await recordUtilizationEvents(db, pending);
    pending.length = 0;
  };
  for (const [index, instrument] of monitored.entries()) {
    const systemId = instrument.system_id ?? `AG-SYS-${instrument.id}`;
    if (!instrument.system_id) {
      await db.updateTable('equipment').set({ system_id: systemId }).where('id', '=', instrument.id).execute();
    }
    const neverConnected = index % 7 === 6;
    let lastEnd: number | null = null;
    if (!neverConnected) {
      const serviceDays = new Map(
        (servicesOf.get(instrument.id) ?? [])
          .filter((s) => s.start_date)
          .map((s) => [dayOf(new Date(s.start_date!).getTime()), s.service_call_type === 7 ? 8 : 5] as const),
      );
      const names = users.filter((u) => u.customer_id === instrument.customer_id).map((u) => u.name);
      const events = yearOfEvents(f, { ...instrument, system_id: systemId }, today, serviceDays, names);
      pending.push(...events);
      if (pending.length >= 20_000) await flush();
      lastEnd = events.length > 0 ? (events[events.length - 1]!.end_time as Date).getTime() : null;
    }
    monitors.push(monitorOf(instrument, index, lastEnd, now.getTime()));
  }
  await flush();
  for (const instrument of requested) {
    monitors.push({ equipment_id: instrument.id, customer_id: instrument.customer_id, status: 'requested' });
  }
  if (monitors.length > 0) await db.insertInto('asset_monitors').values(monitors).execute();
}
