import type { EquipmentListQuery } from '../../../contract/equipment';
import { UNNUMBERED, type ValueIds } from './valueIds';
import { FilterOperator, OrderType, type OrderSetting } from '../../../contract/listQuery';
import { equipmentOrder } from '../equipment/fields';
import { keywordWords, type EquipmentScope } from '../equipment/queries';
import { workOrderOrder, type WorkOrderScope } from '../serviceCalls/fields';
import {
  EQUIPMENT_NARROW_SEARCH,
  EQUIPMENT_SEARCH,
  WORK_ORDER_SEARCH,
  keyOf,
  sortAttribute,
  storedBoolean,
  valueKey,
  type SearchedTable,
} from './searchedTables';

/** What a list page asks that the index may answer. */
export type IndexedListBody = Pick<
  EquipmentListQuery,
  'fullTextSearchSetting' | 'filterSettings' | 'orderSettings' | 'pageIndex' | 'pageSize'
>;

/** How the index is asked: the matches a page may lie within (`max_matches`), and whether text sorts are exact. */
export interface IndexQueryOptions {
  maxMatches: number;
  textSorts: boolean;
}

/**
 * A list page's question to the search index in SphinxQL, or null when the index would not answer it exactly as the
 * database does; the database answers those. The index answers:
 * - a keyword whose words are letters and digits (PostgreSQL's parser splits other words its own way), at most 40
 *   characters each;
 * - "in" and "equals" filters with values on the text and yes/no fields the index holds, a text value by its key (its
 *   number in an index of numbered keys, from `valueIds`: without them, that index is not asked);
 * - sorts by at most four of those fields (SphinxQL sorts by five keys, the id the fifth), text sorts only where the
 *   database orders text by its bytes (`textSorts`);
 * - pages within the first `maxMatches` matches.
 * `scope` is the list's scope as conditions on the scope attributes, `orders` the list's order as the database
 * applies it (its default included).
 */
function indexQuery(
  table: SearchedTable,
  scope: readonly string[],
  body: IndexedListBody,
  orders: readonly OrderSetting[],
  options: IndexQueryOptions,
  valueIds?: ValueIds,
): string | null {
  const words = keywordWords(body.fullTextSearchSetting?.keyword);
  if (words.length === 0 || !words.every((w) => /^[a-z0-9]{1,40}$/.test(w))) return null;
  const conditions = [`match('${words.map((w) => `${w}*`).join(' ')}')`, ...scope];
  for (const filter of body.filterSettings) {
    const field = table.byField.get(filter.field);
    const isIn = filter.operator === FilterOperator.In || filter.operator === FilterOperator.Equals;
    if (!field || !isIn || filter.includingNull) return null;
    if (filter.value.length === 0) continue;
    if (field.type === 'boolean') {
      if (!filter.value.every((v) => v === 'true' || v === 'false')) return null;
      const stored = [...new Set(filter.value.map((v) => storedBoolean(v === 'true')))];
      conditions.push(`${field.column} in (${stored.join(', ')})`);
    } else if (table.keys === 'numbered') {
      if (!valueIds) return null;
      // A value without a number is in none of the customer's rows the index holds.
      const numbers = [...new Set(filter.value.map((v) => valueIds.get(field.column)?.get(v) ?? UNNUMBERED))];
      conditions.push(`${keyOf(field.column)} in (${numbers.join(', ')})`);
    } else {
      const keys = [...new Set(filter.value.map((v) => valueKey(v).toString()))];
      conditions.push(`${keyOf(field.column)} in (${keys.join(', ')})`);
    }
  }
  if (orders.length > 4) return null;
  const keys: string[] = [];
  for (const order of orders) {
    const field = table.byField.get(order.field);
    if (!field || (field.type === 'text' && !options.textSorts)) return null;
    // A null is stored below every value: first when ascending and last when descending, as the database has it.
    keys.push(`${sortAttribute(table, field)} ${order.orderType === OrderType.Descending ? 'desc' : 'asc'}`);
  }
  keys.push(`id ${orders.at(-1)?.orderType === OrderType.Descending ? 'desc' : 'asc'}`);
  const offset = body.pageIndex * body.pageSize;
  if (body.pageSize < 1 || offset + body.pageSize > options.maxMatches) return null;
  return (
    `select id from ${table.index} where ${conditions.join(' and ')} order by ${keys.join(', ')} ` +
    `limit ${offset}, ${body.pageSize} option max_matches = ${offset + body.pageSize}`
  );
}

/**
 * The text filters whose values' numbers the narrow index needs for a page (`valueIdsOf` finds them), or null when
 * the page filters or sorts by a field the narrow index does not hold.
 */
export function narrowTextFilters(body: IndexedListBody): { column: string; values: string[] }[] | null {
  const narrow = EQUIPMENT_NARROW_SEARCH.byField;
  if (![...body.filterSettings, ...body.orderSettings].every((s) => narrow.has(s.field))) return null;
  return body.filterSettings.flatMap((f) => {
    const field = narrow.get(f.field)!;
    return field.type === 'text' && f.value.length > 0 ? [{ column: field.column, values: f.value }] : [];
  });
}

/** A question to the search index: the index asked and the SphinxQL. */
export interface IndexQuestion {
  index: SearchedTable;
  sql: string;
}

const question = (index: SearchedTable, sql: string | null): IndexQuestion | null =>
  sql === null ? null : { index, sql };

/**
 * An inventory or products-management page (see indexQuery): the customer's instruments, hidden ones only for the
 * latter. The narrow index answers when the page filters and sorts by its fields only and `valueIds` numbers its text
 * filters' values (see narrowTextFilters), the wide one otherwise.
 */
export function equipmentIndexQuery(
  scope: EquipmentScope,
  body: IndexedListBody,
  options: IndexQueryOptions,
  valueIds?: ValueIds,
): IndexQuestion | null {
  const conditions = [
    `customer_id = ${Math.trunc(scope.customerId)}`,
    ...(scope.listType !== 'productsManagement' ? ['is_hidden = 0'] : []),
    ...(scope.isFollowed === true ? [`follower_ids = ${Math.trunc(scope.userId)}`] : []),
  ];
  const orders = equipmentOrder(body.orderSettings);
  for (const index of [EQUIPMENT_NARROW_SEARCH, EQUIPMENT_SEARCH]) {
    const asked = question(index, indexQuery(index, conditions, body, orders, options, valueIds));
    if (asked) return asked;
  }
  return null;
}

/**
 * A work-order page of one tab (see indexQuery); a tab's default order is by a date, which the database answers.
 * `orders` instead of the list's: a count, which no order changes.
 */
export const workOrderIndexQuery = (
  scope: WorkOrderScope,
  body: IndexedListBody,
  options: IndexQueryOptions,
  orders: readonly OrderSetting[] = workOrderOrder(body.orderSettings, scope.isHistory),
): IndexQuestion | null =>
  question(
    WORK_ORDER_SEARCH,
    indexQuery(
      WORK_ORDER_SEARCH,
      [`customer_id = ${Math.trunc(scope.customerId)}`, `is_history = ${scope.isHistory ? 1 : 0}`],
      body,
      orders,
      options,
    ),
  );
