import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../api-mock/src/db/schema';

/** How many rows each large list gets, all of them Acme Labs'. */
export const LARGE = { equipment: 100_000, workOrders: 100_000, users: 20_000, contracts: 50_000 };

/**
 * Large lists for one customer (Acme Labs of the test world), made by SQL in seconds. Every column a shape filters,
 * sorts or searches by follows its own digits of the row number, so no two move together, and each has a word or a
 * value that is narrow (hundreds of rows) and one that is broad (tens of thousands):
 * - equipment: make "perkin" a third, model "lambda" one in 400, serial "s000012" prefixes about 100, room one in 300;
 * - work orders on those instruments, one in two finished (History), with their instrument's make, model and serial;
 * - users: "surname17" about 20, every address starts with "bench" (all of them);
 * - contracts: numbers BK00000001…, eleven contract types.
 */
export async function makeLargeLists(db: Kysely<Database>, acmeId: number, followerId: number) {
  const tables = ['equipment', 'service_calls', 'users', 'contracts'];
  const started = Date.now();
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relname = any(${tables}) and t.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by pg_relation_size(i.indrelid) desc`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const index of indexes) await sql`drop index ${sql.raw(index.name)}`.execute(trx);
    await fill(trx, acmeId, followerId);
  });
  const filled = Date.now();
  // Made again from their definitions on two connections, as many as the machine has cores: building an index
  // from sorted rows is many times faster than keeping sixty of them in step row by row during the load.
  const queue = [...indexes];
  const build = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) await sql.raw(index.definition).execute(db);
  };
  await Promise.all([build(), build()]);
  const indexed = Date.now();
  await Promise.all(
    [
      ['equipment', 'users'],
      ['service_calls', 'contracts'],
    ].map(async (pair) => {
      for (const table of pair) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    }),
  );
  console.log(
    `rows ${filled - started} ms, ${indexes.length} indexes ${indexed - filled} ms, vacuum ${Date.now() - indexed} ms`,
  );
}

async function fill(trx: Transaction<Database>, acmeId: number, followerId: number) {
  const db = trx;
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`
    insert into equipment (customer_id, location_id, mfg, model, serial, dtype, system_id, system_nick_name, building,
      floor, room, department, status, data_source_id, cost_center, contact_name, pki_tag, asset_id, classification,
      inst_date, changed_on_cust, is_hidden, follower_ids)
    select ${acmeId}, l.ids[1 + n % array_length(l.ids, 1)],
      (array['PerkinElmer', 'Agilent', 'PerkinElmer', 'Waters', 'Thermo Fisher', 'PerkinElmer', 'Shimadzu',
        'Bruker', 'Mettler'])[1 + n % 9],
      case when n % 400 = 7 then 'Lambda 1050'
        else (array['Optima', 'Clarus', 'Avio', 'NexION', 'Infinity', 'Acquity', 'Vanquish', 'Nexera', 'Titan',
          'Spectrum', 'Frontier', 'Pyris', 'DSC', 'Elan'])[1 + (n / 9) % 14] || ' ' || (1 + (n / 5) % 9) * 100 end,
      'S' || lpad(((n::bigint * 7919) % 1000003)::text, 7, '0'),
      (array['ICP-OES', 'ICP-MS', 'UV/Vis Spectrometer', 'HPLC', 'GC', 'GC/MS', 'FT-IR', 'DSC', 'TGA', 'Balance',
        'Titrator', 'Centrifuge'])[1 + (n / 7) % 12],
      'SYS' || n, 'Nick ' || (n % 5000), 'Building ' || chr(65 + (n / 11) % 8), ((n / 13) % 6)::text,
      'R' || (n / 17) % 300,
      (array['Research', 'Quality Control', 'Analytical Chemistry', 'Biology', 'Production'])[1 + (n / 19) % 5],
      (array['Active', 'Active', 'Active', 'Active', 'Inactive', 'Retired'])[1 + (n / 23) % 6], 1 + n % 2,
      'CC' || (n / 29) % 50,
      (array['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Marie Curie', 'Niels Bohr', 'Rosalind Franklin'])
        [1 + (n / 31) % 6],
      'PKI' || n, 'AS' || (n * 13) % 100000, (array['A', 'B', 'C', null])[1 + (n / 37) % 4],
      date '2015-01-01' + (n * 7) % 3650,
      case when n % 5 <> 0 then timestamptz '2024-01-01' + make_interval(mins => (n * 37) % 500000) end,
      n % 50 = 0, case when n % 3 = 0 then array[${followerId}]::integer[] else '{}' end
    from generate_series(1, ${LARGE.equipment}) n
    cross join (select array_agg(id order by id) as ids from locations where customer_id = ${acmeId}) l`.execute(db);

  await sql`
    insert into service_calls (customer_id, equipment_id, service_order_no, svmx_order_no, job_type, call_status,
      issue_text, contact_name, email, start_date, date_time_call_received, svmx_cse_schedule_date, work_start_date,
      date_time_call_complete, service_engn_name, cust_ref_no, purchase_order_number, report_available, city,
      department, cost_center, mfg, model, pki_tag, system_id, system_nick_name, serial, dtype, building, floor,
      asset_id)
    select e.customer_id, e.id, 'PL' || lpad(n::text, 9, '0'), 'WO-' || (30000000 + n),
      (array['Preventive maintenance', 'Repair', 'Qualification', 'Calibration', 'Installation'])[1 + (n / 3) % 5],
      case when finished then (array['CLOSED', 'CLOSED', 'CLOSED', 'PROCESSED'])[1 + (n / 7) % 4]
           else (array['OPEN', 'RELEASED', 'IN PROCESS'])[1 + (n / 7) % 3] end,
      'Plan order ' || n, 'Uma Standard', 'user@acme-labs.example', start, start - interval '5 days', start,
      case when finished then start + interval '1 hour' end, case when finished then start + interval '4 hours' end,
      (array['Jonas Becker', 'Maria Rossi', 'Kenji Watanabe', 'Laura Martin', 'Li Wei'])[1 + (n / 11) % 5],
      'REF' || (n % 100000), 'PO' || (n % 50000), finished and n % 10 <> 0, 'Springfield', e.department,
      e.cost_center, e.mfg, e.model, e.pki_tag, e.system_id, e.system_nick_name, e.serial, e.dtype, e.building,
      e.floor, e.asset_id
    from (
      select n, ((n::bigint * 7919) % ${LARGE.equipment})::int as k, n % 2 <> 0 as finished,
        timestamptz '2026-01-01' + make_interval(days => case when n % 2 <> 0 then -(n % 2190) else n % 60 end)
          as start
      from generate_series(1, ${LARGE.workOrders}) n
    ) g
    join (select id, row_number() over (order by id) - 1 as k, customer_id, department, cost_center, mfg, model,
            pki_tag, system_id, system_nick_name, serial, dtype, building, floor, asset_id
          from equipment where customer_id = ${acmeId} and serial like 'S%') e using (k)`.execute(db);

  await sql`
    insert into users (customer_id, location_id, email, password_hash, first_name, last_name, role, is_pe_user,
      language_code, office_phone, department, job_title, status_code, is_active, current_login_time)
    select ${acmeId}, null, 'bench.user.' || n || '@acme-labs.example', 'x',
      (array['Anna', 'Ben', 'Chen', 'Dora', 'Emil', 'Farah', 'Goran', 'Hana', 'Ivan', 'Jun', 'Kira', 'Lars'])[1 + n % 12],
      'Surname' || (n % 997), (array[1, 1, 1, 2, 2, 3])[1 + (n / 3) % 6], false, 'en-us',
      '+1 555 ' || lpad((n % 10000)::text, 4, '0'),
      (array['Research', 'Quality Control', 'Analytical Chemistry', 'Biology', 'Production'])[1 + (n / 7) % 5],
      (array['Lab technician', 'Scientist', 'Lab manager', 'QC analyst', 'Research associate', null])[1 + (n / 11) % 6],
      case when n % 5 = 4 then 0 else 1 end, n % 8 <> 7,
      case when n % 5 <> 4 then timestamptz '2026-01-01' - make_interval(hours => n % 2000) end
    from generate_series(1, ${LARGE.users}) n`.execute(db);

  await sql`
    insert into contracts (customer_id, vendor_contract_id, po_number, contract_type, description, effective_date,
      contract_expiry, billing_status, billing_date, is_pe_contract, created_time, last_updated_time)
    select ${acmeId}, 'BK' || lpad(n::text, 8, '0'),
      case when n % 10 <> 0 then 'PO-' || lpad(((n::bigint * 7919) % 10000000)::text, 7, '0') end,
      (array['ZCEW', 'ZW01', 'ZCEG', 'ZCIC', 'ZCRR', 'ZCSA', 'ZCSI', 'ZCSS', 'ZCTR', 'ZOSC', 'ZRTA'])[1 + (n / 3) % 11],
      'Plan contract', start, start + 180 + (n * 13) % 1280, (array['PAID', 'OPEN', null])[1 + (n / 7) % 3],
      case when (n / 7) % 3 < 2 then start + (n % 30) end, n % 50 <> 0, start - 30 + make_interval(mins => n % 600),
      case when n % 3 <> 0 then start - 29 + make_interval(mins => n % 900) end
    from (select n, date '2021-01-01' + (n * 37) % 2190 as start from generate_series(1, ${LARGE.contracts}) n) g`.execute(
    db,
  );
}
