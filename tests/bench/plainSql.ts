import { sql, type Kysely } from 'kysely';

/**
 * What a timed answer is compared with: the same question asked in plain SQL written in the bench (a count, a
 * select with its whole ORDER BY, LIMIT and OFFSET), not through the server's query builder. The SQL pieces are the
 * bench's own constants, never user input.
 */

/** A page of a list as plain SQL finds it: the count of every match and the page's ids in order, as text. */
export interface ExpectedPage {
  totalCount: number;
  ids: string[];
}

/** The rows a list shows: `from` (tables with their joins), `where` (the customer's scope, filters and search). */
export interface PlainRows {
  from: string;
  where: string;
}

/** How many `rows` there are: count(*). */
export async function plainCount<DB>(db: Kysely<DB>, q: PlainRows): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from ${sql.raw(q.from)} where ${sql.raw(q.where)}`.execute(db);
  return Number(rows[0]!.count);
}

/** A page of `rows` ordered by `orderBy` (the tie-breaker included), each row named by the expression `id`. */
export async function plainPage<DB>(
  db: Kysely<DB>,
  q: PlainRows & { id: string; orderBy: string; pageIndex: number; pageSize: number },
): Promise<ExpectedPage> {
  const totalCount = await plainCount(db, q);
  // The output column's name is one no table has: ORDER BY would take a bare column name for it.
  const { rows } = await sql<{ plain_page_id: string }>`
    select (${sql.raw(q.id)})::text as plain_page_id from ${sql.raw(q.from)} where ${sql.raw(q.where)}
    order by ${sql.raw(q.orderBy)} limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`.execute(db);
  return { totalCount, ids: rows.map((r) => r.plain_page_id) };
}

type PagedBody = {
  result?: { items: Record<string, unknown>[]; totalCount: number; totalCountExact?: boolean } | null;
};

/**
 * A check for `timed`: the answer holds exactly the expected page (its items' `idKey` in order) and its total. A
 * total the answer marks as a lower bound (`totalCountExact: false`) must not exceed the true one.
 */
export const isPage =
  (want: ExpectedPage, idKey: string) =>
  (body: PagedBody): true | string => {
    const items = body.result?.items;
    if (!items) return `no page: ${JSON.stringify(body).slice(0, 200)}`;
    const ids = items.map((item) => String(item[idKey]));
    const total = body.result!.totalCount;
    const totalOk = body.result!.totalCountExact === false ? total <= want.totalCount : total === want.totalCount;
    if (totalOk && ids.join() === want.ids.join()) return true;
    return `not what plain SQL finds: ${JSON.stringify({ got: { totalCount: total, ids }, want }).slice(0, 1_000)}`;
  };

/**
 * A check for `timed`: a count call's answer is the count plain SQL finds, or, marked not exact (the count ran out of
 * time), a number below it.
 */
export const isCount =
  (want: number) =>
  (body: { result?: { count: number; exact: boolean } | null }): true | string => {
    const got = body.result;
    if (!got) return `no count: ${JSON.stringify(body).slice(0, 200)}`;
    if (got.exact ? got.count === want : got.count < want) return true;
    return `not the count plain SQL finds: ${JSON.stringify({ got, want })}`;
  };

/**
 * The first page of a column's filter suggestions among `rows`, by plain SQL: its distinct values, blank (null or
 * empty) once and first, then in the column's order, as text. A long text indexed on its first `prefix` characters
 * is suggested once per prefix: the least of the values sharing it.
 */
export async function plainSuggestions<DB>(
  db: Kysely<DB>,
  q: PlainRows & { column: string; pageSize: number; prefix?: number },
): Promise<(string | null)[]> {
  const key = q.prefix ? `left(${q.column}, ${q.prefix})` : q.column;
  const { rows } = await sql<{ value: string | null }>`
    select nullif(least_value, '') as value
    from (select case when (${sql.raw(key)})::text = '' then null else ${sql.raw(key)} end as plain_key,
            min((${sql.raw(q.column)})::text) as least_value
          from ${sql.raw(q.from)} where ${sql.raw(q.where)} group by 1) d
    order by plain_key asc nulls first limit ${q.pageSize}`.execute(db);
  return rows.map((r) => r.value);
}

/** A check for `timed`: the suggestions of `field` are the expected ones (blank as null). */
export const areSuggestions =
  (want: (string | null)[], field: string) =>
  (body: { result?: Record<string, unknown> | null }): true | string => {
    const got = body.result?.[field];
    if (!Array.isArray(got)) return `no suggestions for ${field}`;
    const shown = (got as (string | null)[]).map((v) => (v === '' ? null : v));
    if (JSON.stringify(shown) === JSON.stringify(want)) return true;
    return `${field} suggestions are not what plain SQL finds: ${JSON.stringify({ got: shown, want }).slice(0, 1_000)}`;
  };

/** `compute` once per distinct argument list (the expected answer of each distinct call). */
export function once<A extends unknown[], T>(compute: (...args: A) => Promise<T>) {
  const known = new Map<string, Promise<T>>();
  return (...args: A): Promise<T> => {
    const key = JSON.stringify(args);
    let found = known.get(key);
    if (!found) known.set(key, (found = compute(...args)));
    return found;
  };
}

/** A SQL string literal of a bench constant. */
export const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** `(a, b, c)` of bench constants, for `in`. */
export const litList = (values: readonly string[]) => `(${values.map(lit).join(', ')})`;
