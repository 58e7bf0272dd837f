import { type Kysely, type Selectable } from 'kysely';
import {
  CONTRACT_DEFAULT_ORDER,
  CONTRACT_LIST_FIELDS,
  type Contract,
  type ContractField,
  type ContractFilter,
  type ContractCountQuery,
  type ContractListQuery,
  type ContractOrderSetting,
} from '../../../contract/contracts';
import { FilterOperator, type FilterSetting, type ListCount, type OrderSetting } from '../../../contract/listQuery';
import type { ContractsTable, Database } from '../db/schema';
import { filtersWhere, type ListFields } from '../lib/listQuerySql';
import { pageOfIds, type ListTotal } from '../lib/paging';
import { cachedBoundedCount, type CountOptions } from '../lib/listCount';
import { publishedEventVersion } from '../db/listVersion';

/** The SQL column of every contract grid field (the fields and their kinds are the contract's). */
const COLUMNS: Record<ContractField, string> = {
  vendorContractId: 'contracts.vendor_contract_id',
  poNumber: 'contracts.po_number',
  isPEContract: 'contracts.is_pe_contract',
  effectiveDate: 'contracts.effective_date',
  contractExpiry: 'contracts.contract_expiry',
  billingDate: 'contracts.billing_date',
  billingStatus: 'contracts.billing_status',
  contractType: 'contracts.contract_type',
  createdTime: 'contracts.created_time',
  lastUpdatedTime: 'contracts.last_updated_time',
};

/** The whitelist of the contract list: API field -> column and kind, on the shared list-query code. */
export const CONTRACT_FIELDS: ListFields = Object.fromEntries(
  (Object.keys(CONTRACT_LIST_FIELDS) as ContractField[]).map((name) => {
    const kind = CONTRACT_LIST_FIELDS[name];
    return [name, { column: COLUMNS[name], type: kind === 'dateTime' ? 'date' : kind === 'code' ? 'text' : kind }];
  }),
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bound of an instant field: a bare day is read in UTC, and as an upper bound it holds the whole day. */
const instantBound = (value: string, upper: boolean) =>
  DAY.test(value) ? `${value}T${upper ? '23:59:59.999' : '00:00:00.000'}Z` : value;

/**
 * The filter map as list-query filters (the contract says what each kind of field accepts): text values any of,
 * each found anywhere in the field ignoring case; codes any of, exactly ("" for a blank field in both); flags any
 * of; dates a range, both ends in ([""] for a blank date).
 */
export function contractFilters(filter: ContractFilter): FilterSetting[] {
  return (Object.entries(filter) as [ContractField, string[]][]).flatMap(([field, values]): FilterSetting[] => {
    if (values.length === 0) return [];
    const kind = CONTRACT_LIST_FIELDS[field];
    switch (kind) {
      case 'text':
      case 'code': {
        const words = [...new Set(values.filter((v) => v !== ''))];
        const blank = values.includes('');
        if (words.length === 0) return [{ field, operator: FilterOperator.Blank, value: [] }];
        const operator = kind === 'text' ? FilterOperator.Contains : FilterOperator.In;
        return [{ field, operator, value: words, includingNull: blank || undefined }];
      }
      case 'boolean':
        return [{ field, operator: FilterOperator.In, value: [...new Set(values)] }];
      case 'date':
      case 'dateTime': {
        if (values[0] === '') return [{ field, operator: FilterOperator.Blank, value: [] }];
        const bounds = kind === 'dateTime' ? values.map((v, i) => instantBound(v, i === 1)) : values;
        return bounds.length === 1
          ? [{ field, operator: FilterOperator.From, value: bounds }]
          : [{ field, operator: FilterOperator.Between, value: bounds }];
      }
    }
  });
}

const SELECTED = [
  'contracts.vendor_contract_id',
  'contracts.po_number',
  'contracts.is_pe_contract',
  'contracts.effective_date',
  'contracts.contract_expiry',
  'contracts.billing_date',
  'contracts.billing_status',
  'contracts.contract_type',
  'contracts.created_time',
  'contracts.last_updated_time',
] as const;

type ContractRow = Omit<Selectable<ContractsTable>, 'id' | 'customer_id' | 'description'>;

/** A contract as a row of the grid. */
export const toContract = (row: ContractRow): Contract => ({
  vendorContractId: row.vendor_contract_id,
  poNumber: row.po_number,
  isPEContract: row.is_pe_contract,
  effectiveDate: row.effective_date,
  contractExpiry: row.contract_expiry,
  billingDate: row.billing_date,
  billingStatus: row.billing_status,
  contractType: row.contract_type,
  createdTime: row.created_time.toISOString(),
  lastUpdatedTime: row.last_updated_time ? row.last_updated_time.toISOString() : null,
});

/** The sort fields, and the contract's id to break ties with. */
const ORDER_FIELDS: ListFields = { ...CONTRACT_FIELDS, id: { column: 'contracts.id', type: 'number' } };

/**
 * The order of a page: the request's (or the default), then the id in the direction of the first column, so one
 * index (customer, column, id) gives the rows in order either way, even when many share a value.
 */
function contractOrder(requested: readonly ContractOrderSetting[]): OrderSetting[] {
  const orders = requested.length > 0 ? [...requested] : [CONTRACT_DEFAULT_ORDER];
  return [...orders, { field: 'id', orderType: orders[0]!.orderType }];
}

/** The customer's contracts the filter map leaves. */
const matchingContracts = (db: Kysely<Database>, customerId: number, filter: ContractFilter) =>
  db
    .selectFrom('contracts')
    .where('contracts.customer_id', '=', customerId)
    .where(filtersWhere(CONTRACT_FIELDS, contractFilters(filter)));

/**
 * One page of a customer's contracts and how many match, exactly up to `countCap` (lib/paging.ts chooses the plan
 * from that count; migration 026 indexes each sort column).
 */
export async function contractPage(
  db: Kysely<Database>,
  customerId: number,
  query: ContractListQuery,
  countCap: number,
): Promise<{ items: Contract[] } & ListTotal> {
  const { ids, ...total } = await pageOfIds(db, matchingContracts(db, customerId, query.filter), {
    idColumn: 'contracts.id',
    fields: ORDER_FIELDS,
    orders: contractOrder(query.orderSettings),
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    countCap,
  });
  const rows =
    ids.length > 0
      ? await db
          .selectFrom('contracts')
          .select(['contracts.id', ...SELECTED])
          .where('contracts.customer_id', '=', customerId)
          .where('contracts.id', 'in', ids)
          .execute()
      : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: ids.flatMap((id) => (byId.has(id) ? [toContract(byId.get(id)!)] : [])), ...total };
}

/**
 * How many of the customer's contracts match the filter map, counted for at most the bound (then a lower bound),
 * kept per customer, list version and filter map.
 */
export async function contractCount(
  db: Kysely<Database>,
  customerId: number,
  query: ContractCountQuery,
  options: CountOptions,
): Promise<ListCount> {
  const filters = contractFilters(query.filter).map((f) => JSON.stringify(f));
  const key = ['contracts', customerId, await publishedEventVersion(db, customerId), filters.sort()];
  return cachedBoundedCount(db, key, matchingContracts(db, customerId, query.filter), options);
}
