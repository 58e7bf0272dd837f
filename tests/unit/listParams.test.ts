import { describe, expect, it } from 'vitest';
import { FilterOperator } from '../../contract/listQuery';
import { filtersParam, searchParam, sortParam, type FieldKindOf } from '../../web/src/components/list/listParams';
import { USER_LIST_DEFAULTS, USER_LIST_PARAMS } from '../../web/src/features/users/userFields';
import { readListParams } from '../../web/src/lib/listUrl';

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
