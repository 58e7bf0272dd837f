import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { OrderSetting } from '../../../contract/listQuery';
import { orderKeys, type ListFields } from './listQuerySql';

/** Which page of a list a call asks for: the contract's pageIndex (from 0) and pageSize. */
export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}

/** The rows of one page of a sorted select: the one place a page becomes LIMIT and OFFSET. */
export const onePage = <DB, TB extends keyof DB, O>(sorted: SelectQueryBuilder<DB, TB, O>, page: PageRequest) =>
  sorted.limit(page.pageSize).offset(page.pageIndex * page.pageSize);

/** One page of a list, sorted, and the count of every row of `all` (the same rows, unsorted), read side by side. */
export async function pageOf<DB, TB extends keyof DB, O, AllDB, AllTB extends keyof AllDB>(
  sorted: SelectQueryBuilder<DB, TB, O>,
  all: SelectQueryBuilder<AllDB, AllTB, object>,
  page: PageRequest,
): Promise<{ rows: O[]; totalCount: number }> {
  const [rows, counted] = await Promise.all([
    onePage(sorted, page).execute(),
    (all as unknown as SelectQueryBuilder<Record<string, never>, never, object>)
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

/**
 * A page of ids in the list's order and the count of every match, for the large grids: one pass finds every match
 * on ids and sort keys alone and counts them, then the page is sorted out of them; only a page past the end is
 * counted on its own. The sort stays outside the counting pass: inside it, a planner that takes the count for
 * streaming (PostgreSQL before 16) may walk a sorted column's index over every row of the scope instead of using the
 * filter and search indexes.
 */
export async function pageOfIds<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  page: PageRequest & { idColumn: string; fields: ListFields; orders: readonly OrderSetting[] },
): Promise<{ ids: number[]; totalCount: number }> {
  const sorted = orderKeys(page.fields, page.orders, 'id');
  const matches = filtered
    .select([
      sql<number>`${sql.ref(page.idColumn)}`.as('id'),
      ...sorted.keys,
      sql<string>`count(*) over ()`.as('total'),
    ])
    .as('matches');
  const rows = (await onePage(
    (db as unknown as Kysely<Record<string, never>>)
      .selectFrom(matches as never)
      .select([sql<number>`id`.as('id'), sql<string>`total`.as('total')])
      .orderBy(sorted.order as never),
    page,
  ).execute()) as unknown as { id: number; total: string }[];
  if (rows.length > 0) return { ids: rows.map((r) => r.id), totalCount: Number(rows[0]!.total) };
  const counted = (await filtered.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow()) as unknown as {
    count: string;
  };
  return { ids: [], totalCount: Number(counted.count) };
}
