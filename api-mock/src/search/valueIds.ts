import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { keyOf, type DocumentRow, type SearchedTable } from './searchedTables';

/**
 * The numbers of text values that an index with numbered keys filters by (migration 061): per customer and column,
 * each value gets one when the index is first told of a row holding it, and keeps it.
 */

/** Column → value → its number. */
export type ValueIds = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** A number no value has (they are positive 32-bit integers): the key of a filter value no row holds. */
export const UNNUMBERED = 4_294_967_295;

interface ValueRow {
  customer_id: number;
  column_name: string;
  value: string;
  id: number;
}

/** Add a number to column → value → number. */
const addTo = (ids: Map<string, Map<string, number>>, r: Pick<ValueRow, 'column_name' | 'value' | 'id'>) => {
  const column = ids.get(r.column_name) ?? new Map<string, number>();
  column.set(r.value, Number(r.id));
  return ids.set(r.column_name, column);
};

/** The numbers of a customer's values of these columns, of those that have one. */
export async function valueIdsOf(
  db: Kysely<Database>,
  customerId: number,
  wanted: readonly { column: string; values: readonly string[] }[],
): Promise<ValueIds> {
  const pairs = wanted.flatMap((w) => w.values.map((value) => [w.column, value] as const));
  if (pairs.length === 0) return new Map();
  const { rows } = await sql<ValueRow>`
    select s.column_name, s.value, s.id from search_value_ids s
    join unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) as w(column_name, value)
      on s.column_name = w.column_name and s.value = w.value
    where s.customer_id = ${customerId}`.execute(db);
  const ids = new Map<string, Map<string, number>>();
  for (const r of rows) addTo(ids, r);
  return ids;
}

/**
 * Number every value of these columns in the rows (each a row of one customer, `customer_id`), giving a number to a
 * value that has none: per customer, column → value → number.
 */
async function numberValues(
  db: Kysely<Database>,
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
): Promise<Map<number, Map<string, Map<string, number>>>> {
  const triples = new Map<string, [number, string, string]>();
  for (const row of rows)
    for (const column of columns) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      const triple: [number, string, string] = [Number(row.customer_id), column, String(value)];
      triples.set(JSON.stringify(triple), triple);
    }
  const all = [...triples.values()];
  const perCustomer = new Map<number, Map<string, Map<string, number>>>();
  if (all.length === 0) return perCustomer;
  const [customers, names, values] = [all.map((t) => t[0]), all.map((t) => t[1]), all.map((t) => t[2])];
  // The insert's rows are not seen by the select beside it (one snapshot): the values numbered before come from the
  // select, the new ones from the insert.
  const { rows: numbered } = await sql<ValueRow>`
    with wanted(customer_id, column_name, value) as (
      select * from unnest(${customers}::integer[], ${names}::text[], ${values}::text[])),
    added as (
      insert into search_value_ids (customer_id, column_name, value) select * from wanted
      on conflict do nothing returning customer_id, column_name, value, id)
    select * from added
    union all
    select s.customer_id, s.column_name, s.value, s.id from search_value_ids s
    join wanted w on s.customer_id = w.customer_id and s.column_name = w.column_name and s.value = w.value`.execute(db);
  for (const r of numbered) perCustomer.set(r.customer_id, addTo(perCustomer.get(r.customer_id) ?? new Map(), r));
  return perCustomer;
}

/** The documents with each text key the number of its value (`numberValues`), for an index with numbered keys. */
export async function numberedDocuments(
  db: Kysely<Database>,
  index: SearchedTable,
  rows: DocumentRow[],
): Promise<DocumentRow[]> {
  const columns = index.fields.filter((f) => f.type === 'text').map((f) => f.column);
  const ids = await numberValues(db, rows, columns);
  return rows.map((row) => {
    const ofCustomer = ids.get(Number(row.customer_id));
    const keys = columns.map((c) => {
      if (row[c] === null || row[c] === undefined) return [keyOf(c), null] as const;
      const id = ofCustomer?.get(c)?.get(String(row[c]));
      if (id === undefined) throw new Error(`the ${c} of instrument ${String(row.id)} has no number`);
      return [keyOf(c), id] as const;
    });
    return { ...row, ...Object.fromEntries(keys) };
  });
}
