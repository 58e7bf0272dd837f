import { sql, type Kysely } from 'kysely';

/**
 * Contract change requests (spec 2 "Contact the contract team"): kept per instrument with a status, so the row menu's
 * View ARC requests can list them; the request's form is kept whole as the contract team received it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table contract_change_requests (
    id serial primary key,
    customer_id integer not null references customers(id) on delete cascade,
    equipment_id integer not null references equipment(id) on delete cascade,
    user_id integer references users(id) on delete set null,
    status varchar(20) not null default 'SUBMITTED' check (status in ('SUBMITTED', 'IN_PROGRESS', 'CLOSED')),
    payload jsonb not null,
    created_at timestamptz not null default now())`.execute(db);
  await sql`create index contract_change_requests_equipment
    on contract_change_requests (customer_id, equipment_id, created_at desc)`.execute(db);
}
