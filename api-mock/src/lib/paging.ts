import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { EXACT_COUNT_MAX } from '../../../contract/limits';
import type { OrderSetting } from '../../../contract/listQuery';
import { orderBy, orderKeys, type ListFields } from './listQuerySql';

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

/** The total of a large list: exact up to its cap; beyond it the cap itself, and `totalCountExact` false. */
export interface ListTotal {
  totalCount: number;
  totalCountExact: boolean;
}

/** A page of one of the large lists: the matching rows (`filtered`), sorted by `orders` then by `idColumn`. */
export interface IdPageRequest extends PageRequest {
  idColumn: string;
  fields: ListFields;
  orders: readonly OrderSetting[];
  /** Count exactly up to this many matches (the server's `exactCountMax`). */
  countCap: number;
}

/**
 * A large list's scope and what its rows must match, apart: beyond the cap, a page is looked for among the first rows
 * of the scope in the list's order before every match is sorted.
 */
export interface WalkWindow<DB, TB extends keyof DB> {
  scope: SelectQueryBuilder<DB, TB, object>;
  match: Expression<SqlBool>;
}

/**
 * How many rows of the scope, in the list's order, are looked through for a page beyond the cap. Enough for a page
 * of matches as dense as the cap makes likely; where the matches lie elsewhere in that order (a word for one make
 * and a sort by serial number, which starts with the make), they are sorted instead, which costs what their number
 * costs and never a walk through the whole scope.
 */
export const WALK_WINDOW_ROWS = 4_000;

/** The largest cap a deployment may set: a count of more matches than this would not fit a page's time either. */
export const EXACT_COUNT_MAX_LIMIT = 1_000_000;

/**
 * LIST_EXACT_COUNT_MAX: how many matches the large lists count exactly, a whole number from 1 to
 * EXACT_COUNT_MAX_LIMIT (tests set a small one). Absent or blank: EXACT_COUNT_MAX. A bad value throws, so the server
 * does not start with a setting it would misread.
 */
export function exactCountMaxSetting(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return EXACT_COUNT_MAX;
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > EXACT_COUNT_MAX_LIMIT)
    throw new Error(
      `LIST_EXACT_COUNT_MAX: "${value.slice(0, 20)}" is not a whole number from 1 to ${EXACT_COUNT_MAX_LIMIT}`,
    );
  return n;
}

/** The cap of the large lists' counts in a server's configuration. */
export const countCapOf = (config: { exactCountMax?: number }): number => config.exactCountMax ?? EXACT_COUNT_MAX;

type AnyQuery = SelectQueryBuilder<Record<string, never>, never, object>;

/** How many rows a select has, counted no further than `cap` + 1: the work stops there. */
export async function cappedCount<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  cap: number,
): Promise<number> {
  const matches = (filtered as unknown as AnyQuery)
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1)
    .as('matches');
  const row = await (db as unknown as Kysely<Record<string, never>>)
    .selectFrom(matches as never)
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number((row as { count: string }).count);
}

/** The ids of a page read along the list's order: ORDER BY the sort columns and the id, then LIMIT and OFFSET. */
export async function sortedIdPage<DB, TB extends keyof DB>(
  rows: SelectQueryBuilder<DB, TB, object>,
  page: Omit<IdPageRequest, 'countCap'>,
): Promise<number[]> {
  return walkedIdPage(rows, orderBy(page.fields, page.orders, page.idColumn), page);
}

async function walkedIdPage<DB, TB extends keyof DB>(
  rows: SelectQueryBuilder<DB, TB, object>,
  order: RawBuilder<unknown>,
  page: PageRequest & { idColumn: string },
): Promise<number[]> {
  const sorted = (rows as unknown as AnyQuery)
    .select(sql<number>`${sql.ref(page.idColumn)}`.as('id'))
    .orderBy(order as never);
  return ((await onePage(sorted, page).execute()) as unknown as { id: number }[]).map((r) => r.id);
}

/**
 * A page of ids of a large list in its order, and its total, the plan chosen from a capped count:
 * - up to `countCap` matches, the count is exact and the matches are few: one read finds them through the filter and
 *   text indexes with their sort keys (no more than the cap and one), counts them and sorts the page out of them;
 * - beyond it, the total is the cap, not exact. Given the list's `window`, the page is looked for among the first
 *   WALK_WINDOW_ROWS rows of the scope in the list's order (a walk of the sort column's index that stops there); when
 *   they hold no full page, every match is sorted apart from the search (OFFSET 0 keeps the planner from merging the
 *   sort into the search, where it may walk a sorted column's index over every row of the scope instead). Without a
 *   window the matches are walked in order.
 */
export async function pageOfIds<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  page: IdPageRequest & { window?: WalkWindow<DB, TB> },
): Promise<{ ids: number[] } & ListTotal> {
  // Both orders are built before anything is read, so a field the list does not know is refused on every page.
  const walked = orderBy(page.fields, page.orders, page.idColumn);
  const sorted = orderKeys(page.fields, page.orders, 'id');
  const few = await countedMatchPage(db, filtered, sorted, page);
  const counted = few?.total ?? (await cappedCount(db, filtered, page.countCap));
  if (counted > page.countCap) {
    const beyond = { totalCount: page.countCap, totalCountExact: false };
    if (!page.window) return { ids: await walkedIdPage(filtered, walked, page), ...beyond };
    const inWindow = await windowIdPage(db, page.window, walked, sorted, page);
    return { ids: inWindow ?? (await sortedMatchPage(db, filtered, sorted, page)), ...beyond };
  }
  return { ids: few?.ids ?? [], totalCount: counted, totalCountExact: true };
}

type SortedKeys = ReturnType<typeof orderKeys>;

/**
 * The page out of the first `countCap` + 1 matches, sorted, and how many of them there are. Null when the page lies
 * beyond the last match, so no row carries the count. A count above the cap means the page is not the list's: the
 * caller reads it anew.
 */
async function countedMatchPage<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  sorted: SortedKeys,
  page: IdPageRequest,
): Promise<{ ids: number[]; total: number } | null> {
  const rows = await matchPage(db, filtered, sorted, page, page.countCap + 1);
  return rows.length === 0 ? null : { ids: rows.map((r) => r.id), total: Number(rows[0]!.total) };
}

/** The page out of every match, sorted apart from the search that finds them. */
async function sortedMatchPage<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  sorted: SortedKeys,
  page: PageRequest & { idColumn: string },
): Promise<number[]> {
  return (await matchPage(db, filtered, sorted, page)).map((r) => r.id);
}

/**
 * The matches with their sort keys in a subquery, kept apart from the sort (by a LIMIT of `limit` matches, counted in
 * `total`, or else OFFSET 0, so the planner does not merge the sort into the search, where it may walk a sorted
 * column's index over every row of the scope instead), and the page sorted out of them.
 */
async function matchPage<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  sorted: SortedKeys,
  page: PageRequest & { idColumn: string },
  limit?: number,
): Promise<{ id: number; total?: string }[]> {
  const keyed = (filtered as unknown as AnyQuery).select([
    sql<number>`${sql.ref(page.idColumn)}`.as('id'),
    ...sorted.keys,
  ]);
  const matches = (limit === undefined ? keyed.offset(0) : keyed.limit(limit)).as('matches');
  return (await onePage(
    (db as unknown as Kysely<Record<string, never>>)
      .selectFrom(matches as never)
      .select([sql<number>`id`.as('id'), ...(limit === undefined ? [] : [sql<string>`count(*) over ()`.as('total')])])
      .orderBy(sorted.order as never),
    page,
  ).execute()) as unknown as { id: number; total?: string }[];
}

/** The page among the first WALK_WINDOW_ROWS rows of the scope in the list's order; null when they hold no full page. */
async function windowIdPage<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  window: WalkWindow<DB, TB>,
  walked: RawBuilder<unknown>,
  sorted: SortedKeys,
  page: PageRequest & { idColumn: string },
): Promise<number[] | null> {
  if ((page.pageIndex + 1) * page.pageSize > WALK_WINDOW_ROWS) return null;
  const rows = (window.scope as unknown as AnyQuery)
    .select([
      sql<number>`${sql.ref(page.idColumn)}`.as('id'),
      ...sorted.keys,
      sql<boolean>`coalesce(${window.match}, false)`.as('hit'),
    ])
    .orderBy(walked as never)
    .limit(WALK_WINDOW_ROWS)
    .as('w');
  const found = (await onePage(
    (db as unknown as Kysely<Record<string, never>>)
      .selectFrom(rows as never)
      .select(sql<number>`id`.as('id'))
      .where(sql<boolean>`hit`)
      .orderBy(sorted.order as never),
    page,
  ).execute()) as unknown as { id: number }[];
  return found.length === page.pageSize ? found.map((r) => r.id) : null;
}
