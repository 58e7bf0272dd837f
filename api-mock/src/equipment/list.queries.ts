import { sql, type Kysely, type SqlBool } from 'kysely';
import type { EquipmentCountQuery, EquipmentFilterFieldsQuery, EquipmentListQuery } from '../../../contract/equipment';
import type { FilterSetting, ListCount } from '../../../contract/listQuery';
import type { Database } from '../db/schema';
import { pointedSuggestionPage, suggestionPage, valueSearchCondition } from '../lib/filterSuggestions';
import { containsPattern } from '../lib/like';
import { filtersWhere, BadListQuery } from '../lib/listQuerySql';
import { cachedBoundedCount, countQueryKey, type CountOptions } from '../lib/listCount';
import { pageOfIds, sortedIdPage, type ListTotal } from '../lib/paging';
import type { SearchIndex } from '../search/searchIndex';
import { EQUIPMENT_FIELDS, equipmentOrder, equipmentWalk } from './fields';
import {
  countEquipmentInScope,
  equipmentInScope,
  equipmentInScopeOnly,
  fullTextCondition,
  loadEquipmentExtras,
  selectListColumns,
  type EquipmentListRow,
  type EquipmentScope,
} from './queries';

/** The registry entry of a grid column; 400 for a name the list does not know. */
export const fieldColumn = (name: string) => {
  const field = Object.prototype.hasOwnProperty.call(EQUIPMENT_FIELDS, name) ? EQUIPMENT_FIELDS[name] : undefined;
  if (!field) throw new BadListQuery(`Unknown field ${JSON.stringify(name)} for this list`);
  return field;
};

/**
 * A page of the inventory (or products-management) grid: its rows in order with their extras, and the total, exact
 * up to `countCap` matches.
 */
export async function equipmentPage(
  db: Kysely<Database>,
  scope: EquipmentScope,
  body: EquipmentListQuery,
  countCap: number,
  search?: SearchIndex,
) {
  const fullText = fullTextCondition(body.fullTextSearchSetting?.keyword);
  const where = filtersWhere(EQUIPMENT_FIELDS, body.filterSettings);
  const filtered = equipmentInScope(db, scope)
    .where(where)
    .$if(fullText !== null, (qb) => qb.where(fullText!));
  const page = {
    idColumn: 'equipment.id',
    fields: EQUIPMENT_FIELDS,
    orders: equipmentOrder(body.orderSettings),
    pageIndex: body.pageIndex,
    pageSize: body.pageSize,
  };
  let ids: number[];
  let total: ListTotal;
  if (fullText === null && body.filterSettings.length === 0) {
    // The whole list: its exact total kept by the counters, the page read in index order.
    const onlyEquipment = !body.orderSettings.some((o) => o.field.startsWith('location.'));
    const plain = onlyEquipment ? (equipmentInScopeOnly(db, scope) as unknown as typeof filtered) : filtered;
    total = { totalCount: await countEquipmentInScope(db, scope), totalCountExact: true };
    ids = await sortedIdPage(plain, page);
  } else {
    // With a word, the search index answers when it can: its total is exact at any size.
    const fromIndex = fullText !== null ? await search?.equipmentPage(scope, body) : null;
    if (fromIndex) {
      ids = fromIndex.ids;
      total = { totalCount: fromIndex.totalCount, totalCountExact: true };
    } else {
      const match = sql<SqlBool>`${where} and ${fullText ?? sql`true`}`;
      const window = { scope: equipmentInScope(db, scope), match };
      ({ ids, ...total } = await pageOfIds(db, filtered, { ...page, countCap, window }));
    }
  }
  // The rows and their extras (images, contracts, upcoming service) are read side by side.
  const [listed, extras] = await Promise.all([
    ids.length > 0 ? selectListColumns(db, scope).where('equipment.id', 'in', ids).execute() : [],
    loadEquipmentExtras(db, ids),
  ]);
  const byId = new Map((listed as EquipmentListRow[]).map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)!).filter(Boolean);
  return { rows, extras, ...total };
}

/**
 * The version of a customer's equipment lists: it changes with every instrument added, removed, hidden or followed
 * (the list counters) and with every recorded change of one (the last equipment event of the customer).
 */
async function equipmentListVersion(db: Kysely<Database>, scope: EquipmentScope): Promise<string> {
  const [counters, lastEvent] = await Promise.all([
    db
      .selectFrom('equipment_list_counts')
      .select(['follower_id', 'visible', 'total'])
      .where('customer_id', '=', scope.customerId)
      .where('follower_id', 'in', scope.isFollowed === true ? [0, scope.userId] : [0])
      .orderBy('follower_id')
      .execute(),
    db
      .selectFrom('events')
      .select('id')
      .where('customer_id', '=', scope.customerId)
      .where('entity_type', '=', 'equipment')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return JSON.stringify([counters.map((c) => [c.follower_id, c.visible, c.total]), lastEvent?.id ?? null]);
}

/**
 * How many instruments of the grid match its filters and keyword: from the search index when it answers, else
 * counted for at most `boundMs` (then a lower bound) and kept in `cache` per customer (and user for My list), list
 * version and query.
 */
export async function equipmentCount(
  db: Kysely<Database>,
  scope: EquipmentScope,
  body: EquipmentCountQuery,
  options: CountOptions,
  search?: SearchIndex,
): Promise<ListCount> {
  const fullText = fullTextCondition(body.fullTextSearchSetting?.keyword);
  // The whole list: its exact total kept by the counters.
  if (fullText === null && body.filterSettings.length === 0) {
    return { count: await countEquipmentInScope(db, scope), exact: true };
  }
  // With a word, the search index counts when it can, exactly and at once.
  const fromIndex = fullText !== null ? await search?.equipmentTotal(scope, body) : null;
  if (fromIndex !== null && fromIndex !== undefined) return { count: fromIndex, exact: true };
  const key = [
    scope.customerId,
    scope.isFollowed === true ? scope.userId : 0,
    scope.listType ?? 'inventory',
    await equipmentListVersion(db, scope),
    countQueryKey(body),
  ];
  const filtered = equipmentInScope(db, scope)
    .where(filtersWhere(EQUIPMENT_FIELDS, body.filterSettings))
    .$if(fullText !== null, (qb) => qb.where(fullText!));
  return cachedBoundedCount(db, key, filtered, options);
}

/**
 * A page of filter suggestions for one grid column, narrowed by the other columns' filters and the keyword; the
 * plan chosen from a count capped at `countCap`.
 */
export async function columnSuggestions(
  db: Kysely<Database>,
  scope: EquipmentScope,
  body: EquipmentFilterFieldsQuery,
  name: string,
  countCap: number,
): Promise<(string | null)[]> {
  const field = fieldColumn(name);
  const fullText = fullTextCondition(body.fullTextSearchSetting?.keyword);
  // A column's own filter does not narrow its suggestions, so a picked value can be unpicked.
  const others: FilterSetting[] = body.filterSettings.filter((f) => f.field !== name);
  const base = equipmentInScope(db, scope)
    .where(filtersWhere(EQUIPMENT_FIELDS, others))
    .$if(fullText !== null, (qb) => qb.where(fullText!));
  const page = { pageIndex: body.pageIndex, pageSize: body.pageSize };
  if (field.column.startsWith('locations.')) {
    const column = field.column.replace('locations.', '');
    const words = valueSearchCondition(`pointed.${column}`, body.valueSearch);
    return pointedSuggestionPage(db, base, {
      table: 'locations',
      column,
      pointer: 'equipment.location_id',
      where: sql<boolean>`pointed.customer_id = ${scope.customerId}${words ? sql` and ${words}` : sql``}`,
      ...page,
    });
  }
  const words = valueSearchCondition(field.column, body.valueSearch);
  return suggestionPage(db, words ? base.where(words) : base, {
    column: field.column,
    type: field.type,
    ...equipmentWalk(name),
    ...page,
    countCap,
    wholeScope: fullText === null && words === null && others.length === 0 && scope.isFollowed !== true,
  });
}

/** Distinct values of one field among the inventory, matching a keyword, the first `count` in order. */
export async function fieldOptionValues(
  db: Kysely<Database>,
  scope: EquipmentScope,
  query: { optionType: string; keyword?: string; count: number },
): Promise<(string | null)[]> {
  const column = sql.ref(fieldColumn(query.optionType).column);
  const rows = await equipmentInScope(db, scope)
    .select(sql<string | null>`${column}::text`.as('value'))
    .distinct()
    .$if(!!query.keyword, (qb) => qb.where(sql`${column}::text`, 'ilike', containsPattern(query.keyword ?? '')))
    .orderBy(sql`1`)
    .limit(query.count)
    .execute();
  return rows.map((r) => r.value);
}
