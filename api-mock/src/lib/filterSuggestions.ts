import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { searchWordsOf } from '../../../contract/listQuery';
import { containsPattern } from './like';
import { cappedCount, onePage } from './paging';

/**
 * A column filter's search: every word contained in the column's text, case ignored. One plain `%word%` pattern per
 * word (its own wildcards escaped), so the match stays linear in the value's length. Null without a word.
 */
export function valueSearchCondition(column: string, search: string | undefined): RawBuilder<boolean> | null {
  const words = searchWordsOf(search ?? '');
  if (words.length === 0) return null;
  const text = sql`${sql.ref(column)}::text`;
  return sql<boolean>`(${sql.join(
    words.map((word) => sql`${text} ilike ${containsPattern(word)}`),
    sql` and `,
  )})`;
}

export interface SuggestionOptions {
  column: string;
  type: string;
  /** The column has an index led by the scope's equality columns (on the column, or on its first `prefix` characters). */
  walksIndex: boolean;
  /**
   * Long texts are indexed on their first characters; values that share them are suggested once, as the least of
   * them, wherever their rows are in the table.
   */
  prefix?: number;
  /** The index holds blanks first (else last, as an index does by default). */
  nullsFirst?: boolean;
  /** Up to this many matches their values are read out of them; beyond it the index is walked (`exactCountMax`). */
  countCap: number;
  /**
   * `base` is the list's scope alone (no word, no filter): its rows are every entry of the index, so the index is
   * walked without counting them first.
   */
  wholeScope?: boolean;
  pageIndex: number;
  pageSize: number;
}

/**
 * One page of the distinct values of a column among the rows of `base` (the list's scope, the other filters and the
 * search), blank first, then in order: the filter suggestions of a grid column. With `walksIndex` the page steps
 * along the column's index from one distinct value to the next (a few probes per value) instead of reading every
 * row of the customer.
 */
export async function suggestionPage<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, object>,
  opts: SuggestionOptions,
): Promise<(string | null)[]> {
  const column = sql.ref(opts.column);
  if (!opts.walksIndex) {
    const rows = (await onePage(
      base
        .select(sql<string | null>`${column}::text`.as('value'))
        .distinct()
        .orderBy(sql`1 asc nulls first`),
      opts,
    ).execute()) as unknown as { value: string | null }[];
    return rows.map((r) => r.value);
  }
  // The walk's key is what the index holds: the column, or the literal-length prefix its expression index has.
  const key = opts.prefix ? sql`left(${column}, ${sql.lit(opts.prefix)})` : column;
  if (!opts.wholeScope && (await cappedCount(db, base, opts.countCap)) <= opts.countCap)
    return valuesOfFewMatches(db, base, key, opts);
  const probe = (after: RawBuilder<unknown> | null) =>
    base
      .select([key.as('key'), column.as('value')])
      // A range ("> ''", not "<> ''"), so an index holding only blanks is not read to its end.
      .where(opts.type === 'text' ? sql<boolean>`${key} > ''` : sql<boolean>`${key} is not null`)
      .$if(after !== null, (qb) => qb.where(sql<boolean>`${key} > ${after}`))
      // The index's own order (the range leaves out the nulls, but the planner matches the order as written).
      .orderBy(opts.nullsFirst ? sql`${key} asc nulls first` : key)
      .limit(1);
  // The entry at the index's blank end (one probe) is null when any is; an empty text is one equality probe. A
  // single "is null or = ''" check would read the whole range when there is no blank.
  const last = (await base
    .select(key.as('key'))
    .orderBy(opts.nullsFirst ? sql`${key} asc nulls first` : sql`${key} desc nulls first`)
    .limit(1)
    .executeTakeFirst()) as { key: unknown } | undefined;
  const empty =
    opts.type === 'text'
      ? await base
          .select(sql`1`.as('one'))
          .where(sql<boolean>`${key} = ''`)
          .limit(1)
          .executeTakeFirst()
      : undefined;
  const blank = (last !== undefined && last.key === null) || empty !== undefined;
  const offset = Math.max(0, opts.pageIndex * opts.pageSize - (blank ? 1 : 0));
  const size = opts.pageIndex === 0 && blank ? opts.pageSize - 1 : opts.pageSize;
  // A key as long as the prefix may stand for several values and the probe's row is any of them: the least is read
  // from the rows sharing that key (through the prefix index).
  const value = opts.prefix
    ? sql`case when length(p.key) < ${sql.lit(opts.prefix)} then p.value::text else (${base
        .select(sql`min(${column})::text`.as('least'))
        .where(sql<boolean>`${key} = p.key`)}) end`
    : sql`p.value::text`;
  const values = await sql<{ value: string }>`with recursive v(key, value) as (
      (${probe(null)})
      union all
      select next.key, next.value from v cross join lateral (${probe(sql.ref('v.key'))}) next
    ) select ${value} as value from (select key, value from v limit ${size} offset ${offset}) p`.execute(db);
  return [...(opts.pageIndex === 0 && blank ? [null] : []), ...values.rows.map((r) => r.value)];
}

/**
 * The walk's page read out of few matches: they are found through the filter and text indexes (OFFSET 0 keeps the
 * planner from walking the column's index instead), and their distinct keys sorted apart. Blank (null, or empty
 * text) once and first; of the values sharing a prefix key, the least, as the walk takes it.
 */
async function valuesOfFewMatches<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, object>,
  key: RawBuilder<unknown>,
  opts: SuggestionOptions,
): Promise<(string | null)[]> {
  const column = sql.ref(opts.column);
  const blank = opts.type === 'text' ? sql<boolean>`${key} is null or ${key} = ''` : sql<boolean>`${key} is null`;
  const matches = base.select([
    sql`case when ${blank} then null else ${key} end`.as('key'),
    sql`case when ${blank} then null else ${column} end`.as('value'),
  ]);
  const { rows } = await sql<{ value: string | null }>`
    select value::text as value from (
      select distinct on (key) key, value from (${matches} offset 0) m order by key asc nulls first, value
    ) d
    order by key asc nulls first
    limit ${opts.pageSize} offset ${opts.pageIndex * opts.pageSize}`.execute(db);
  return rows.map((r) => r.value);
}

/**
 * One page of the distinct values of a column of a small table the rows of `base` point to (a customer's locations),
 * blank (null or empty) once and first, then in order: each row of that table counts when one row of `base` points
 * to it, found by one probe along the pointer's index rather than by reading every row of `base`.
 */
export async function pointedSuggestionPage<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, object>,
  opts: {
    table: string;
    column: string;
    /** The column of `base` that holds the id of the table's row. */
    pointer: string;
    /** Which rows of the table may be pointed to (the customer's). */
    where: RawBuilder<boolean>;
    pageIndex: number;
    pageSize: number;
  },
): Promise<(string | null)[]> {
  const pointed = base.select(sql`1`.as('one')).where(sql<boolean>`${sql.ref(opts.pointer)} = pointed.id`);
  const { rows } = await sql<{ value: string | null }>`
    select distinct nullif(pointed.${sql.ref(opts.column)}::text, '') as value
    from ${sql.table(opts.table)} pointed
    where ${opts.where} and exists (${pointed})
    order by 1 asc nulls first
    limit ${opts.pageSize} offset ${opts.pageIndex * opts.pageSize}`.execute(db);
  return rows.map((r) => r.value);
}
