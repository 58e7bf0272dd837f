import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { keyOf, rankOf, type DocumentRow, type SearchedTable } from './searchedTables';
import { rankValues } from './valueRanks';

/**
 * The numbers of text values that an index with numbered keys filters by (migration 061): per customer and column,
 * each value gets one when the index is first told of a row holding it, and keeps it. Its rank, which the index sorts
 * by, may change (valueRanks).
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

/** A value's number and rank (null until placed). */
interface Numbered {
  id: number;
  rank: number | null;
}

/**
 * Number every value of these columns in the rows (each a row of one customer, `customer_id`), giving a number to a
 * value that has none: per customer, column → value → its number and rank.
 */
async function numberValues(
  db: Kysely<Database>,
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
): Promise<Map<number, Map<string, Map<string, Numbered>>>> {
  const triples = new Map<string, [number, string, string]>();
  for (const row of rows)
    for (const column of columns) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      const triple: [number, string, string] = [Number(row.customer_id), column, String(value)];
      triples.set(JSON.stringify(triple), triple);
    }
  const all = [...triples.values()];
  const perCustomer = new Map<number, Map<string, Map<string, Numbered>>>();
  if (all.length === 0) return perCustomer;
  const [customers, names, values] = [all.map((t) => t[0]), all.map((t) => t[1]), all.map((t) => t[2])];
  // The insert's rows are not seen by the select beside it (one snapshot): the values numbered before come from the
  // select, the new ones from the insert.
  const { rows: numbered } = await sql<ValueRow & { rank: string | number | null }>`
    with wanted(customer_id, column_name, value) as (
      select * from unnest(${customers}::integer[], ${names}::text[], ${values}::text[])),
    added as (
      insert into search_value_ids (customer_id, column_name, value) select * from wanted
      on conflict do nothing returning customer_id, column_name, value, id, rank)
    select * from added
    union all
    select s.customer_id, s.column_name, s.value, s.id, s.rank from search_value_ids s
    join wanted w on s.customer_id = w.customer_id and s.column_name = w.column_name and s.value = w.value`.execute(db);
  for (const r of numbered) {
    const ofCustomer = perCustomer.get(r.customer_id) ?? new Map<string, Map<string, Numbered>>();
    const column = ofCustomer.get(r.column_name) ?? new Map<string, Numbered>();
    column.set(r.value, { id: Number(r.id), rank: r.rank === null ? null : Number(r.rank) });
    perCustomer.set(r.customer_id, ofCustomer.set(r.column_name, column));
  }
  return perCustomer;
}

/**
 * The documents with each text key the number of its value (`numberValues`) and, with `ranked`, its rank beside it
 * (`rankValues`; 0 without), for an index with numbered keys; and how many instruments were queued again because
 * ranks moved.
 */
export async function numberedDocuments(
  db: Kysely<Database>,
  index: SearchedTable,
  rows: DocumentRow[],
  ranked: boolean,
): Promise<{ documents: DocumentRow[]; moved: number }> {
  const columns = index.fields.filter((f) => f.type === 'text').map((f) => f.column);
  const numbers = await numberValues(db, rows, columns);
  let moved = 0;
  if (ranked)
    for (const [customerId, ofCustomer] of numbers) {
      const held = new Map(
        [...ofCustomer].map(([column, values]) => [column, new Map([...values].map(([v, n]) => [v, n.rank]))]),
      );
      if (![...held.values()].some((values) => [...values.values()].includes(null))) continue;
      const placed = await rankValues(db, index, customerId, held);
      moved += placed.moved;
      for (const [column, values] of placed.ranks)
        for (const [value, rank] of values) {
          const n = ofCustomer.get(column)?.get(value);
          if (n) n.rank = rank;
        }
    }
  const documents = rows.map((row) => {
    const ofCustomer = numbers.get(Number(row.customer_id));
    const keys = columns.flatMap((c): [string, number | null][] => {
      if (row[c] === null || row[c] === undefined)
        return [
          [keyOf(c), null],
          [rankOf(c), 0],
        ];
      const n = ofCustomer?.get(c)?.get(String(row[c]));
      if (n === undefined) throw new Error(`the ${c} of instrument ${String(row.id)} has no number`);
      if (ranked && n.rank === null) throw new Error(`the ${c} of instrument ${String(row.id)} has no rank`);
      return [
        [keyOf(c), n.id],
        [rankOf(c), n.rank ?? 0],
      ];
    });
    return { ...row, ...Object.fromEntries(keys) };
  });
  return { documents, moved };
}
