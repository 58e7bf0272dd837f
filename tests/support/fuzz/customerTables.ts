import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { ApiServer } from './sessions';

/**
 * Which tables hold a customer's rows, read from the database's catalogue at test time: a table with a
 * `customer_id` column, or with a foreign key to a table that holds a customer's rows (or to `customers`). A row
 * belongs to the customer when any of these leads to it, so a row of one customer that points at another's
 * instrument or user is part of both. Every other table must be named below with the reason it is left out.
 */

type Database = ApiServer['database']['db'];

/** Tables that hold no customer's rows (no `customer_id`, no foreign key to one): why each is left out. */
export const UNOWNED_TABLES: Readonly<Record<string, string>> = {
  kysely_migration: 'the migrator’s list of applied migrations',
  kysely_migration_lock: 'the migrator’s lock',
  product_market_info: 'the product catalogue, shared by every customer',
  system_notification: 'the one banner of the portal, for everyone',
  mail_outbox:
    'mails queued for sending, by address, with the user who caused each for the hourly quota (what is sent to whom is checked by the mail tests)',
  sign_in_throttle:
    'sign-in attempts under hashed keys of client address, account and device, before anyone is signed in',
  rate_limit_counts: 'request counters by key, shared by the server processes',
  hub_jobs: 'work handed between server processes for one live page connection',
  hub_messages: 'messages queued for one live page connection',
  search_index_state: 'whether the search index beside the database is on, and which server drains its queue',
};

/** Tables that reach a customer by a foreign key but are not a customer's rows: why each is left out. */
export const EXEMPT_TABLES: Readonly<Record<string, string>> = {
  regions: 'the regions of the portal, the same for every customer; updated_by names the provider user who last edited',
  country_email_routing:
    'the provider’s mail routing per country, the same for every customer; updated_by names the provider user',
};

interface ForeignKey {
  columns: string[];
  refTable: string;
  refColumns: string[];
}

/** The plan of the snapshot: each covered table with how its rows of a customer are found, and what is wrong. */
export interface CustomerTables {
  /** Covered table → what leads from it to a customer (`customer_id`, or `column -> table`). */
  covered: Map<string, string[]>;
  /** Tables neither covered nor named, names that are stale: each says what to do, and where. */
  problems: string[];
  rowsOf: (table: string, customerId: number) => RawBuilder<Record<string, unknown>>;
}

const WHERE = 'tests/support/fuzz/customerTables.ts';

async function catalogue(db: Database) {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name::text as table_name, c.column_name::text as column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
  // pg_catalog: a composite key's column pairs in order (information_schema joins constraints by name only).
  const { rows: keys } = await sql<{
    table_name: string;
    name: string;
    column_name: string;
    ref_table: string;
    ref_column: string;
  }>`
    select cl.relname::text as table_name, c.conname::text as name, a.attname::text as column_name,
      rf.relname::text as ref_table, ra.attname::text as ref_column
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace ns on ns.oid = cl.relnamespace
    join pg_class rf on rf.oid = c.confrelid
    cross join lateral unnest(c.conkey, c.confkey) with ordinality as k(col, refcol, position)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.refcol
    where c.contype = 'f' and ns.nspname = current_schema()
    order by 1, 2, k.position`.execute(db);
  const tables = new Map<string, Set<string>>();
  for (const c of columns) tables.set(c.table_name, (tables.get(c.table_name) ?? new Set()).add(c.column_name));
  const foreignKeys = new Map<string, Map<string, ForeignKey>>();
  for (const k of keys) {
    const ofTable = foreignKeys.get(k.table_name) ?? new Map<string, ForeignKey>();
    const key = ofTable.get(k.name) ?? { columns: [], refTable: k.ref_table, refColumns: [] };
    key.columns.push(k.column_name);
    key.refColumns.push(k.ref_column);
    ofTable.set(k.name, key);
    foreignKeys.set(k.table_name, ofTable);
  }
  return { tables, foreignKeys };
}

/** Read the catalogue: which tables hold a customer's rows, how to find them, and which tables nobody named. */
export async function customerTables(db: Database): Promise<CustomerTables> {
  const { tables, foreignKeys } = await catalogue(db);
  const named = (t: string) => Object.hasOwn(UNOWNED_TABLES, t) || Object.hasOwn(EXEMPT_TABLES, t);
  // Each covered table's condition on its rows for customer `c`, built once (a table reached twice reuses it).
  const conditions = new Map<string, { paths: string[]; where: (c: number) => RawBuilder<unknown> } | null>();
  const condition = (
    table: string,
    stack: string[],
  ): { paths: string[]; where: (c: number) => RawBuilder<unknown> } | null => {
    if (conditions.has(table)) return conditions.get(table)!;
    if (Object.hasOwn(EXEMPT_TABLES, table) || Object.hasOwn(UNOWNED_TABLES, table)) return null;
    const parts: Array<{ path: string; where: (c: number) => RawBuilder<unknown> }> = [];
    if (table === 'customers') parts.push({ path: 'id', where: (c) => sql`${sql.ref(`${table}.id`)} = ${c}` });
    if (tables.get(table)?.has('customer_id')) {
      parts.push({ path: 'customer_id', where: (c) => sql`${sql.ref(`${table}.customer_id`)} = ${c}` });
    }
    for (const key of foreignKeys.get(table)?.values() ?? []) {
      if (key.refTable === table || stack.includes(key.refTable)) continue;
      if (key.refTable === 'customers' && key.columns.join() === 'customer_id') continue;
      const target = condition(key.refTable, [...stack, table]);
      if (!target) continue;
      const columns = sql.join(key.columns.map((c) => sql.ref(`${table}.${c}`)));
      const refColumns = sql.join(key.refColumns.map((c) => sql.ref(`${key.refTable}.${c}`)));
      parts.push({
        path: `${key.columns.join(', ')} -> ${key.refTable}`,
        where: (c) =>
          sql`(${columns}) in (select ${refColumns} from ${sql.table(key.refTable)} where ${target.where(c)})`,
      });
    }
    const found =
      parts.length === 0
        ? null
        : {
            paths: parts.map((p) => p.path),
            where: (c: number) =>
              sql`(${sql.join(
                parts.map((p) => p.where(c)),
                sql` or `,
              )})`,
          };
    // A table met again while its own condition is being built (a cycle) is not stored half-built.
    if (stack.length === 0 || found) conditions.set(table, found);
    return found;
  };

  const covered = new Map<string, string[]>();
  const problems: string[] = [];
  for (const table of [...tables.keys()].sort()) {
    const found = condition(table, []);
    if (found) covered.set(table, found.paths);
    else if (!named(table)) {
      problems.push(
        `table ${table} holds no customer's rows that the snapshot can find (no customer_id, no foreign key to a ` +
          `customer's table): give it a customer_id or a foreign key, or name it in UNOWNED_TABLES of ${WHERE} with the reason`,
      );
    }
  }
  for (const table of Object.keys(EXEMPT_TABLES)) {
    if (!tables.has(table)) problems.push(`EXEMPT_TABLES of ${WHERE} names ${table}, which is not a table: remove it`);
  }
  for (const table of Object.keys(UNOWNED_TABLES)) {
    if (!tables.has(table)) problems.push(`UNOWNED_TABLES of ${WHERE} names ${table}, which is not a table: remove it`);
    const leads = [
      ...(tables.get(table)?.has('customer_id') ? ['customer_id'] : []),
      ...[...(foreignKeys.get(table)?.values() ?? [])]
        .filter((k) => k.refTable === 'customers' || covered.has(k.refTable))
        .map((k) => `${k.columns.join(', ')} -> ${k.refTable}`),
    ];
    if (leads.length > 0) {
      problems.push(
        `table ${table} now reaches a customer (${leads.join('; ')}) but UNOWNED_TABLES of ${WHERE} says it ` +
          `holds no customer's rows: remove it there so the snapshot covers it, or move it to EXEMPT_TABLES with the reason`,
      );
    }
  }
  return {
    covered,
    problems,
    rowsOf: (table, customerId) =>
      sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${conditions.get(table)!.where(customerId)}`,
  };
}

const digestOf = (rows: unknown[]) => {
  // Row order is not the point: each row as JSON, sorted (PGlite gives bigint for int8, the pg driver a string).
  const texts = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
  return `${rows.length} rows ${createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 16)}`;
};

/**
 * A digest of the customer's rows in every table that holds some. Throws when a table is neither covered nor named
 * with a reason (the message says which, and what to do).
 */
export async function snapshot(db: Database, customerId: number): Promise<Record<string, string>> {
  const plan = await customerTables(db);
  if (plan.problems.length > 0) throw new Error(`The customer snapshot is incomplete:\n${plan.problems.join('\n')}`);
  const out: Record<string, string> = {};
  for (const table of plan.covered.keys()) {
    out[table] = digestOf((await plan.rowsOf(table, customerId).execute(db)).rows);
  }
  return out;
}
