import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * One page of the distinct values of a column among the rows of `base` (the list's scope, the other filters and the
 * search), blank first, then in order: the filter suggestions of a grid column. With `walksIndex` the column has an
 * index led by the scope's equality columns, and the page steps along it from one distinct value to the next (a
 * few probes per value) instead of reading every row of the customer.
 */
export async function suggestionPage<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, object>,
  opts: { column: string; type: string; walksIndex: boolean; pageIndex: number; pageSize: number },
): Promise<(string | null)[]> {
  const column = sql.ref(opts.column);
  if (!opts.walksIndex) {
    const rows = (await base
      .select(sql<string | null>`${column}::text`.as('value'))
      .distinct()
      .orderBy(sql`1 asc nulls first`)
      .limit(opts.pageSize)
      .offset(opts.pageIndex * opts.pageSize)
      .execute()) as unknown as { value: string | null }[];
    return rows.map((r) => r.value);
  }
  const probe = (after: RawBuilder<unknown> | null) =>
    base
      .select(column.as('value'))
      .where(opts.type === 'text' ? sql<boolean>`${column} <> ''` : sql<boolean>`${column} is not null`)
      .$if(after !== null, (qb) => qb.where(sql<boolean>`${column} > ${after}`))
      .orderBy(column)
      .limit(1);
  // Nulls sort last in the index: the last entry (read backwards, one probe) is null when any is; an empty text is
  // one equality probe. A single "is null or = ''" check would read the whole range when there is no blank.
  const last = (await base
    .select(column.as('value'))
    .orderBy(sql`${column} desc nulls first`)
    .limit(1)
    .executeTakeFirst()) as { value: unknown } | undefined;
  const empty =
    opts.type === 'text'
      ? await base
          .select(sql`1`.as('one'))
          .where(sql<boolean>`${column} = ''`)
          .limit(1)
          .executeTakeFirst()
      : undefined;
  const blank = (last !== undefined && last.value === null) || empty !== undefined;
  const offset = Math.max(0, opts.pageIndex * opts.pageSize - (blank ? 1 : 0));
  const size = opts.pageIndex === 0 && blank ? opts.pageSize - 1 : opts.pageSize;
  const values = await sql<{ value: string }>`with recursive v(value) as (
      (${probe(null)})
      union all
      select (${probe(sql.ref('v.value'))}) from v where v.value is not null
    ) select value::text as value from v where value is not null limit ${size} offset ${offset}`.execute(db);
  return [...(opts.pageIndex === 0 && blank ? [null] : []), ...values.rows.map((r) => r.value)];
}
