import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/** Rows per statement: each statement carries its rows as one JSON parameter, a few megabytes at most. */
const ROWS_PER_STATEMENT = 5_000;

/**
 * Insert many rows of one shape, a statement per few thousand, each statement's rows sent as a single JSON text
 * that PostgreSQL turns into rows (json_populate_recordset): far cheaper to send and parse than a VALUES list of
 * tens of thousands of parameters. Rows keep their order; answers the new ids in that order when `returningIds`.
 * Every row must name the same columns (a column no row names takes its default; one named takes the row's value).
 */
export async function bulkInsert<T extends keyof Database & string>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  rows: ReadonlyArray<Record<string, unknown>>,
  opts: { returningIds?: boolean } = {},
): Promise<number[]> {
  const ids: number[] = [];
  if (rows.length === 0) return ids;
  const columns = Object.keys(rows[0]!);
  const named = new Set(columns);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((k) => !named.has(k)))
      throw new Error(`bulkInsert into ${table}: every row must name the columns ${columns.join(', ')}`);
  }
  const list = sql.join(columns.map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT));
    const statement = sql<{ id: number }>`insert into ${sql.table(table)} (${list})
      select ${list} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)
      ${opts.returningIds ? sql`returning id` : sql``}`;
    const { rows: inserted } = await statement.execute(db);
    for (const r of inserted) ids.push(r.id);
  }
  return ids;
}
