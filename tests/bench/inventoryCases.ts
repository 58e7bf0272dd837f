import type { Kysely } from 'kysely';
import { EQUIPMENT_FIELDS } from '../../api-mock/src/equipment/fields';
import type { EquipmentListQuery } from '../../contract/equipment';
import { FilterOperator, OrderType } from '../../contract/listQuery';
import { litList, once, plainCount, plainPage, type PlainRows } from './plainSql';

/**
 * The inventory list shapes issue 36 sets targets for, shared by the inventory bench (the list as the server answers
 * it) and the search-index bench (the probe of a search index of only the cases' columns), so both time the
 * same questions and check them against the same plain SQL.
 */

/**
 * A word is broad when it matches at least this many of the user's instruments (issue 36). How many a word matches
 * grows with the world, so each word's class, and its target, is settled by its count in plain SQL.
 */
export const BROAD_MATCHES = 50_000;

/** A page of a user's list as the inventory asks for it: a contact's family name, two filters, a sort. */
export const listBody = {
  pageIndex: 3,
  pageSize: 30,
  isFollowed: true,
  listType: 'inventory' as const,
  fullTextSearchSetting: { keyword: 'osinski' },
  filterSettings: [
    { field: 'floor', operator: FilterOperator.In, value: ['1', '2', '3'] },
    { field: 'building', operator: FilterOperator.In, value: ['Building A', 'Building B'] },
  ],
  orderSettings: [{ field: 'serial', orderType: OrderType.Descending }],
};
/**
 * The same with a model's word: one of 14 models, so narrow in a small world and broad (about 71,000 matches) at
 * 1,000,000 instruments.
 */
export const modelListBody = { ...listBody, fullTextSearchSetting: { keyword: 'lambda' } };
/** The same with a keyword that matches the make of a third of all instruments (about 21,000 rows after filters). */
export const broadListBody = {
  ...listBody,
  fullTextSearchSetting: { keyword: 'perkin' },
  filterSettings: [
    { field: 'dtype', operator: FilterOperator.In, value: ['ICP-OES', 'UV/Vis Spectrometer', 'ICP-MS'] },
    { field: 'building', operator: FilterOperator.In, value: ['Building A', 'Building B'] },
  ],
};
/**
 * The broad words again, sorted by asset ID, an order that owes nothing to the make: beyond the cap the page is found
 * among the first rows of that order. Sorted by serial number, which starts with the make's code, the matches of one
 * make lie together somewhere in the order, and no walk from its start finds them soon.
 */
const byAssetId = [{ field: 'assetId', orderType: OrderType.Descending }];
export const modelByAssetIdBody = { ...modelListBody, orderSettings: byAssetId };
export const broadByAssetIdBody = { ...broadListBody, orderSettings: byAssetId };

/** The word cases: a label for the figure, the bench's name, the body, and whether the inventory bench also times them over HTTP. */
export const WORD_CASES = [
  { label: 'a name', bench: 'page of 30, full-text search, two filters, sort', body: listBody, overHttp: true },
  { label: 'a model', bench: "the same with a model's word", body: modelListBody, overHttp: true },
  {
    label: 'word matching a third',
    bench: 'the same with a keyword matching a third',
    body: broadListBody,
    overHttp: true,
  },
  {
    label: 'a model, sorted by asset ID',
    bench: "a model's word, two filters, sorted by asset ID",
    body: modelByAssetIdBody,
    overHttp: false,
  },
  {
    label: 'word matching a third, sorted by asset ID',
    bench: 'a word matching a third, two filters, sorted by asset ID',
    body: broadByAssetIdBody,
    overHttp: false,
  },
];

/** The rows of a user's inventory list in plain SQL: the customer's visible instruments the user follows. */
export async function inventoryOf<DB>(
  db: Kysely<DB>,
  email: string,
): Promise<PlainRows & { userId: number; customerId: number }> {
  const user = await (db as unknown as Kysely<{ users: { id: number; customer_id: number; email: string } }>)
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    userId: user.id,
    customerId: user.customer_id,
    from: 'equipment join locations on locations.id = equipment.location_id',
    where: `equipment.customer_id = ${user.customer_id} and not equipment.is_hidden
      and equipment.follower_ids @> array[${user.id}]`,
  };
}

/** A list body's question in plain SQL: its word, its filters (all "in") and its sort, the id breaking ties. */
export function plainListPage<DB>(db: Kysely<DB>, inventory: PlainRows, body: EquipmentListQuery) {
  const word = body.fullTextSearchSetting?.keyword;
  const conditions = [
    inventory.where,
    ...(word ? [`equipment.search @@ to_tsquery('simple', '${word}:*')`] : []),
    ...body.filterSettings.map((f) => `${EQUIPMENT_FIELDS[f.field]!.column} in ${litList(f.value)}`),
  ];
  const last = body.orderSettings.at(-1)?.orderType === OrderType.Descending ? 'desc' : 'asc';
  const orderBy = [
    ...body.orderSettings.map(
      (o) =>
        `${EQUIPMENT_FIELDS[o.field]!.column} ${o.orderType === OrderType.Descending ? 'desc nulls last' : 'asc nulls first'}`,
    ),
    `equipment.id ${last}`,
  ].join(', ');
  return plainPage(db, {
    from: inventory.from,
    where: conditions.join(' and '),
    id: 'equipment.id',
    orderBy,
    pageIndex: body.pageIndex,
    pageSize: body.pageSize,
  });
}

const ON_POSTGRES = Boolean(process.env.DATABASE_URL) || process.env.BENCH_PG === '1';
/** The targets for a page with a word, by the world's database. */
const WORD_TARGETS = ON_POSTGRES ? { narrow: 20, broad: 50 } : { narrow: 30, broad: 80 };

/**
 * Each timed word's matches on the user's list, counted in plain SQL once before its first call (`count`), and the
 * target of a body's word by its class (`target`, settled when the figures are printed).
 */
export function wordClasses<DB>(db: () => Kysely<DB>, inventory: () => PlainRows) {
  const matches = new Map<string, number>();
  return {
    count: once(async (word: string) => {
      const count = await plainCount(db(), {
        from: inventory().from,
        where: `${inventory().where} and equipment.search @@ to_tsquery('simple', '${word}:*')`,
      });
      matches.set(word, count);
      console.log(
        `"${word}" matches ${count} of the user's instruments: ${count >= BROAD_MATCHES ? 'broad' : 'narrow'}`,
      );
      return count;
    }),
    target: (body: EquipmentListQuery) => () => {
      const n = matches.get(body.fullTextSearchSetting?.keyword ?? '');
      if (n === undefined) return null;
      return n >= BROAD_MATCHES ? WORD_TARGETS.broad : WORD_TARGETS.narrow;
    },
  };
}
