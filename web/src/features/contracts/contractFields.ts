import {
  CONTRACT_DEFAULT_ORDER,
  CONTRACT_LIST_FIELDS,
  CONTRACT_ORDER_MAX,
  OPEN_RANGE_START,
  type ContractFilter,
  type ContractOrderSetting,
  type ContractSortField,
} from '../../../../contract/contracts';
import { FilterOperator, type FilterSetting, type OrderSetting } from '../../../../contract/listQuery';
import { filtersParam, pageParam, sortParam, type FieldKindOf, type ListFields } from '../../components/list';
import type { ListValues } from '../../lib/listUrl';

/** Fields whose filter values are whole codes (the contract matches them exactly), not parts of a number. */
export const isCodeField = (field: string) => isColumn(field) && CONTRACT_LIST_FIELDS[field] === 'code';

/** The grid's columns in their order (spec 3 section 3 "Contract"); the contract number is pinned first. */
export const CONTRACT_COLUMNS: readonly ContractSortField[] = [
  'vendorContractId',
  'poNumber',
  'effectiveDate',
  'contractExpiry',
  'billingDate',
  'billingStatus',
  'contractType',
  'createdTime',
  'lastUpdatedTime',
];

const isColumn = (field: string): field is ContractSortField => (CONTRACT_COLUMNS as readonly string[]).includes(field);

/** The contract field registry (contract) as the shared list parts read it: a code is a text to them. */
export const CONTRACT_FIELDS: ListFields = {
  columns: CONTRACT_COLUMNS,
  kindOf: (field) => {
    const kind = isColumn(field) ? CONTRACT_LIST_FIELDS[field] : 'text';
    return kind === 'code' ? 'text' : kind;
  },
  label: (t, field) => (isColumn(field) ? t(`contracts:field_${field}`) : field),
};

const kindOf: FieldKindOf = (field) => (isColumn(field) ? CONTRACT_LIST_FIELDS[field] : undefined);

/** The parameters of the contract list's URL: its filters, sort and page. */
export const CONTRACT_LIST_PARAMS = {
  filter: filtersParam(kindOf),
  sort: sortParam(kindOf, CONTRACT_ORDER_MAX),
  page: pageParam(),
};

export const CONTRACT_LIST_DEFAULTS: ListValues<typeof CONTRACT_LIST_PARAMS> = { filter: [], sort: [], page: 0 };

/** The order the list is asked in: the user's sort, else the list's default. */
export const contractOrder = (sort: OrderSetting[]): OrderSetting[] =>
  sort.length > 0 ? sort : [CONTRACT_DEFAULT_ORDER];

/** A date-time range filter's upper bound is the end of the day picked (RangeFilterEditor adds it). */
const END_OF_DAY = 'T23:59:59.999';
const dayOf = (value: string) => value.replace(END_OF_DAY, '');

/** The bound of an instant field: the start or the end of the day picked, in the user's time zone. */
function instantBound(day: string, end: boolean): string {
  const [year, month, date] = dayOf(day).split('-').map(Number);
  const local = end ? new Date(year!, month! - 1, date!, 23, 59, 59, 999) : new Date(year!, month! - 1, date!);
  return local.toISOString();
}

/** A range of the filter dialogs as the filter map takes it: [from] or [from, to], 1970-01-01 the open start. */
function rangeValues(filter: FilterSetting, instant: boolean): string[] {
  const bound = (v: string, end: boolean) => (instant ? instantBound(v, end) : dayOf(v));
  const [first = '', second = ''] = filter.value;
  switch (filter.operator) {
    case FilterOperator.Between:
      return [bound(first, false), bound(second, true)];
    case FilterOperator.From:
      return [bound(first, false)];
    case FilterOperator.To:
      return [OPEN_RANGE_START, bound(first, true)];
    case FilterOperator.NotBlank:
      return [OPEN_RANGE_START];
    default:
      return [''];
  }
}

/**
 * The column filters as the filter map of POST contract/list: text values (found anywhere in the field, "" for
 * blanks) and date ranges (the contract says how each is read).
 */
export function filterMapOf(filters: readonly FilterSetting[]): ContractFilter {
  const map: ContractFilter = {};
  for (const filter of filters) {
    if (!isColumn(filter.field)) continue;
    const kind = CONTRACT_LIST_FIELDS[filter.field];
    if (kind === 'date' || kind === 'dateTime') {
      map[filter.field] = rangeValues(filter, kind === 'dateTime');
    } else if (filter.operator === FilterOperator.Blank) {
      map[filter.field] = [''];
    } else {
      map[filter.field] = [...filter.value, ...(filter.includingNull ? [''] : [])];
    }
  }
  return map;
}

/** The sort as the contract takes it (only the grid's columns are ever sorted). */
export const orderSettingsOf = (sort: OrderSetting[]): ContractOrderSetting[] =>
  contractOrder(sort).filter((o): o is ContractOrderSetting => isColumn(o.field));
