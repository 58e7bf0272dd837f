import { sql, type Kysely } from 'kysely';

/**
 * The contract grid (spec 3 "Contract management"): a contract's billing date, when it was created and last changed
 * (kept by a trigger, so every writer of contracts keeps it without knowing), and one index per customer and sort
 * column, so a page in any order reads its rows along an index instead of sorting every contract of the customer.
 * Nulls come first in each index as the list's ascending order puts them, and the id breaks ties in the same
 * direction (the list's order says "nulls first" of it too), so a descending order reads the index backwards.
 * The contract and PO numbers are filtered by what they contain: a trigram index (pg_trgm, which PGlite loads as
 * well) finds the rows holding a value of three characters or more without reading every contract. The codes (type,
 * billing status) are filtered by their whole value, along their sort index.
 */
const SORT_COLUMNS = [
  'vendor_contract_id',
  'po_number',
  'effective_date',
  'contract_expiry',
  'billing_date',
  'billing_status',
  'contract_type',
  'created_time',
  'last_updated_time',
] as const;
const TEXT_COLUMNS = ['vendor_contract_id', 'po_number'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contracts
    add column billing_date date,
    add column created_time timestamptz not null default now(),
    add column last_updated_time timestamptz`.execute(db);
  // Contracts made before this migration: created a month before they took effect (never in the future), and the
  // provider's contracts billed on their first day. A contract entered with an instrument has no billing date.
  await sql`update contracts set
    created_time = least(effective_date::timestamptz - interval '30 days', now()),
    billing_date = case when is_pe_contract then effective_date end`.execute(db);
  await sql`create function contracts_touch() returns trigger language plpgsql as $$
    begin
      if new.last_updated_time is not distinct from old.last_updated_time then
        new.last_updated_time := now();
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger contracts_touch before update on contracts
    for each row execute function contracts_touch()`.execute(db);
  for (const column of SORT_COLUMNS) {
    await sql`create index ${sql.id(`contracts_sort_${column}`)}
      on contracts (customer_id, ${sql.id(column)} nulls first, id nulls first)`.execute(db);
  }
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of TEXT_COLUMNS) {
    await sql`create index ${sql.id(`contracts_text_${column}`)}
      on contracts using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  }
}
