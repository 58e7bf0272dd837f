import { describe, expect, it } from 'vitest';
import { FilterOperator } from '../../contract/listQuery';
import {
  filtersParam,
  gridFieldKinds,
  searchParam,
  sortParam,
  type FieldKindOf,
} from '../../web/src/components/list/listParams';
import { CONTRACT_LIST_DEFAULTS, CONTRACT_LIST_PARAMS } from '../../web/src/features/contracts/contractFields';
import { INVENTORY_LINK, PINNED_FIELD } from '../../web/src/features/inventory/inventoryLayout';
import { PRODUCTS_LINK } from '../../web/src/features/productsManagement/productsFields';
import { USER_LIST_DEFAULTS, USER_LIST_PARAMS } from '../../web/src/features/users/userFields';
import { WORK_ORDER_LINK } from '../../web/src/features/workOrders/workOrderFields';
import { readLayoutParams, readListParams, type LayoutParams } from '../../web/src/lib/listUrl';

const kinds: Record<string, ReturnType<FieldKindOf>> = {
  name: 'text',
  role: 'number',
  since: 'date',
  active: 'boolean',
};
const kindOf: FieldKindOf = (field) => kinds[field];
const filters = filtersParam(kindOf);
const sort = sortParam(kindOf);
const json = (value: unknown) => JSON.stringify(value);

describe("a list's filters, sort and search in its URL", () => {
  it('reads filters the list could have made', () => {
    const made = [
      { field: 'name', operator: FilterOperator.Contains, value: ['pump'] },
      { field: 'role', operator: FilterOperator.In, value: ['1', '3'] },
      { field: 'since', operator: FilterOperator.Between, value: ['2026-01-01', '2026-02-01T23:59:59.999'] },
      { field: 'since', operator: FilterOperator.Blank, value: [] },
      { field: 'active', operator: FilterOperator.Equals, value: ['true'] },
    ];
    expect(filters.parse(json(made))).toEqual(made);
  });

  it('ignores filters on fields the list does not have, or with values the field cannot take', () => {
    const bad = (filter: object) => filters.parse(json([filter]));
    expect(bad({ field: 'password', operator: FilterOperator.Equals, value: ['x'] })).toBeUndefined();
    expect(bad({ field: 'role', operator: FilterOperator.Equals, value: ['admin'] })).toBeUndefined();
    expect(bad({ field: 'since', operator: FilterOperator.From, value: ['2026-13-45'] })).toBeUndefined();
    expect(bad({ field: 'since', operator: FilterOperator.Between, value: ['2026-01-01'] })).toBeUndefined();
    expect(bad({ field: 'active', operator: FilterOperator.Equals, value: ['yes'] })).toBeUndefined();
  });

  it('reads a sort only by the list own fields', () => {
    expect(sort.parse(json([{ field: 'role', orderType: 1 }]))).toEqual([{ field: 'role', orderType: 1 }]);
    expect(sort.parse(json([{ field: 'secret', orderType: 0 }]))).toBeUndefined();
  });

  it('reads searched words trimmed, and ignores words longer than a search takes', () => {
    expect(searchParam().parse('  HPLC pump ')).toBe('HPLC pump');
    expect(searchParam().parse('x'.repeat(201))).toBeUndefined();
  });

  it("gives the user list's defaults for a link naming another list's fields", () => {
    const params = new URLSearchParams({
      filter: json([{ field: 'customerName', operator: FilterOperator.Contains, value: ['Acme'] }]),
      sort: json([{ field: 'serialNo', orderType: 0 }]),
      page: 'two',
      dialog: 'invite',
    });
    expect(readListParams(params, USER_LIST_PARAMS.customer, USER_LIST_DEFAULTS)).toEqual(USER_LIST_DEFAULTS);
    expect(readListParams(params, USER_LIST_PARAMS.admin, USER_LIST_DEFAULTS).filter).toHaveLength(1);
  });
});

describe("a saved-view list's layout in its URL", () => {
  const read = <V>(link: { params: LayoutParams<V>; base: V }, params: Record<string, string>) =>
    readLayoutParams(new URLSearchParams(params), link.params, link.base);
  const sortBy = (...fields: string[]) => json(fields.map((field) => ({ field, orderType: 0 })));

  it('reads the filters and sort the inventory could have made, its pinned column included', () => {
    const filter = [
      { field: 'mfg', operator: FilterOperator.In, value: ['Agilent'], includingNull: true },
      { field: 'instDate', operator: FilterOperator.Between, value: ['2020-01-01', '2020-12-31'] },
      { field: 'osGxpFlag', operator: FilterOperator.Equals, value: ['true'] },
    ];
    expect(read(INVENTORY_LINK, { filter: json(filter), sort: sortBy(PINNED_FIELD) })).toMatchObject({
      filter,
      sort: [{ field: PINNED_FIELD, orderType: 0 }],
    });
  });

  it("gives the inventory's defaults for filters and sort on fields it does not have, or values they cannot take", () => {
    const { base } = INVENTORY_LINK;
    const foreign = {
      filter: json([{ field: 'callStatus', operator: FilterOperator.In, value: ['Open'] }]),
      sort: sortBy('serviceOrderNo'),
      mode: 'list',
    };
    expect(read(INVENTORY_LINK, foreign)).toEqual(base);
    const badValues = [
      { field: 'instDate', operator: FilterOperator.From, value: ['yesterday'] },
      { field: 'equipConstrYear', operator: FilterOperator.In, value: ['MMXX'] },
      { field: 'osGxpFlag', operator: FilterOperator.Equals, value: ['yes'] },
      { field: 'mfg', operator: FilterOperator.Between, value: ['A'] },
    ];
    for (const filter of badValues) expect(read(INVENTORY_LINK, { filter: json([filter]) })?.filter).toEqual([]);
  });

  it('ignores a sort with more columns than a list query takes', () => {
    expect(read(INVENTORY_LINK, { sort: sortBy('mfg', 'model', 'dtype', 'room', 'building') })?.sort).toHaveLength(5);
    expect(read(INVENTORY_LINK, { sort: sortBy('mfg', 'model', 'dtype', 'room', 'building', 'floor') })?.sort).toEqual(
      [],
    );
  });

  it("reads the work orders' and products' own fields only", () => {
    const byOrder = { filter: json([{ field: 'serviceOrderNo', operator: FilterOperator.Contains, value: ['42'] }]) };
    expect(read(WORK_ORDER_LINK, byOrder)?.filter).toHaveLength(1);
    expect(read(WORK_ORDER_LINK, { sort: sortBy('documentCount') })?.sort).toHaveLength(1);
    expect(read(WORK_ORDER_LINK, { sort: sortBy('instDate') })?.sort).toEqual([]);
    expect(read(PRODUCTS_LINK, { sort: sortBy('changedOnCust') })?.sort).toHaveLength(1);
    expect(read(PRODUCTS_LINK, byOrder)?.filter).toEqual([]);
  });

  it("a grid's field kinds: its columns and fixed columns, nothing else", () => {
    const kinds = gridFieldKinds({ columns: ['made'], kindOf: () => 'date' }, ['serial']);
    expect([kinds('made'), kinds('serial'), kinds('password')]).toEqual(['date', 'date', undefined]);
  });
});

describe('the contract list in its URL', () => {
  it('ignores a sort with more columns than the contract list takes', () => {
    const sort = json(
      ['poNumber', 'billingDate', 'contractType', 'createdTime'].map((field) => ({ field, orderType: 0 })),
    );
    expect(readListParams(new URLSearchParams({ sort }), CONTRACT_LIST_PARAMS, CONTRACT_LIST_DEFAULTS).sort).toEqual(
      [],
    );
  });
});
