import { sql, type Kysely } from 'kysely';

/**
 * Asset monitoring (spec 2 "Utilization"): the monitored assets of customers with an asset-monitoring site, their
 * events (sample runs, service, downtime) and the hours of each per instrument and UTC day, kept in the same
 * transaction as the events so the chart reads at most a year of days, never the runs themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table asset_monitors (
    equipment_id integer primary key references equipment(id) on delete cascade,
    customer_id integer not null references customers(id) on delete cascade,
    status varchar(20) not null check (status in ('monitored', 'requested')),
    site varchar(100),
    asset_id varchar(30),
    asset_name varchar(100),
    eq_type varchar(100),
    software varchar(100),
    capture_type varchar(50),
    capture_status varchar(50),
    last_capture_date timestamptz,
    conn_status varchar(50),
    last_connected_date timestamptz,
    work_hours numeric(4, 1),
    non_work_days varchar(100),
    asset_url_template varchar(2000),
    created_at timestamptz not null default now())`.execute(db);
  await sql`create index asset_monitors_customer on asset_monitors (customer_id)`.execute(db);
  await sql`create table utilization_events (
    id bigserial primary key,
    customer_id integer not null references customers(id) on delete cascade,
    equipment_id integer not null references equipment(id) on delete cascade,
    system_id varchar(30) not null,
    kind varchar(10) not null check (kind in ('run', 'service', 'downtime')),
    start_time timestamptz not null,
    end_time timestamptz not null check (end_time > start_time),
    hours numeric(10, 4) not null,
    method varchar(200),
    sample_name varchar(200),
    sample_count integer,
    injection_count integer,
    category varchar(100),
    project varchar(200),
    group_id varchar(100),
    user_name varchar(100))`.execute(db);
  await sql`create index utilization_events_system
    on utilization_events (customer_id, system_id, start_time)`.execute(db);
  await sql`create table utilization_daily (
    equipment_id integer not null references equipment(id) on delete cascade,
    day date not null,
    util_hours numeric(10, 4) not null default 0,
    serv_hours numeric(10, 4) not null default 0,
    primary key (equipment_id, day))`.execute(db);
}
