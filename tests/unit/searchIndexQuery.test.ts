import { describe, expect, it } from 'vitest';
import { FilterOperator, OrderType } from '../../contract/listQuery';
import { equipmentIndexQuery, workOrderIndexQuery } from '../../api-mock/src/search/indexQuery';
import {
  EQUIPMENT_SEARCH,
  documentColumns,
  documentTuple,
  sphinxString,
  valueKey,
} from '../../api-mock/src/search/searchedTables';
import { searchUrlSetting } from '../../api-mock/src/search/searchIndex';

const scope = { customerId: 3, userId: 7, isFollowed: true, listType: 'inventory' as const };
const body = (over: Record<string, unknown> = {}) => ({
  pageIndex: 1,
  pageSize: 20,
  fullTextSearchSetting: { keyword: 'Perkin 55' },
  filterSettings: [],
  orderSettings: [],
  ...over,
});
const ask = (over: Record<string, unknown> = {}, textSorts = true) =>
  equipmentIndexQuery(scope, body(over) as never, { maxMatches: 10_000, textSorts });

describe('SEARCH_URL', () => {
  it('takes sphinx://host:port and nothing else', () => {
    expect(searchUrlSetting(undefined)).toBeUndefined();
    expect(searchUrlSetting(' ')).toBeUndefined();
    expect(searchUrlSetting('sphinx://127.0.0.1:9306')).toEqual({ host: '127.0.0.1', port: 9306 });
    for (const bad of ['http://a:1', 'sphinx://a', 'sphinx://:9306', 'sphinx://a:99999', 'not a url'])
      expect(() => searchUrlSetting(bad), bad).toThrow(/SEARCH_URL/);
  });
});

describe('a list page as the search index is asked it', () => {
  it('asks for the words as prefixes, in the scope, sorted with nulls where the database puts them, the id last', () => {
    expect(
      ask({
        filterSettings: [
          { field: 'building', operator: FilterOperator.In, value: ["O'Brien Hall", 'B\\2'] },
          { field: 'isComputer', operator: FilterOperator.Equals, value: ['true'] },
        ],
        orderSettings: [{ field: 'serial', orderType: OrderType.Descending }],
      }),
    ).toBe(
      "select id from equipment where match('perkin* 55*') and customer_id = 3 and is_hidden = 0 and follower_ids = 7" +
        ` and building__key in (${valueKey("O'Brien Hall")}, ${valueKey('B\\2')}) and is_computer in (2)` +
        ' order by serial desc, id desc limit 20, 20 option max_matches = 40',
    );
    expect(ask({ orderSettings: [{ field: 'assetId', orderType: OrderType.Ascending }] })).toContain(
      'order by asset_id asc, id asc',
    );
    // A blank is a value like any other; no and yes are stored as 1 and 2 (0 is null).
    expect(ask({ filterSettings: [{ field: 'floor', operator: FilterOperator.In, value: ['', ''] }] })).toContain(
      `floor__key in (${valueKey('')}) order`,
    );
    expect(
      ask({ filterSettings: [{ field: 'isComputer', operator: FilterOperator.In, value: ['false', 'true'] }] }),
    ).toContain('is_computer in (1, 2) order');
  });

  it('leaves to the database what it would not answer exactly', () => {
    const no = [
      { fullTextSearchSetting: null },
      { fullTextSearchSetting: { keyword: 'wa-1234' } },
      { fullTextSearchSetting: { keyword: 'straße' } },
      { fullTextSearchSetting: { keyword: 'a'.repeat(41) } },
      { filterSettings: [{ field: 'room', operator: FilterOperator.Contains, value: ['1'] }] },
      { filterSettings: [{ field: 'floor', operator: FilterOperator.In, value: ['1'], includingNull: true }] },
      { filterSettings: [{ field: 'isComputer', operator: FilterOperator.In, value: ['yes'] }] },
      { filterSettings: [{ field: 'instDate', operator: FilterOperator.In, value: ['2020-01-01'] }] },
      { orderSettings: [{ field: 'instDate', orderType: OrderType.Ascending }] },
      { orderSettings: [{ field: 'location.city', orderType: OrderType.Ascending }] },
      {
        orderSettings: ['model', 'serial', 'room', 'floor', 'building'].map((field) => ({
          field,
          orderType: OrderType.Ascending,
        })),
      },
      { pageIndex: 500, pageSize: 20 },
    ];
    for (const over of no) expect(ask(over), JSON.stringify(over)).toBeNull();
    // Text sorts need a database that orders text by its bytes, as the index does.
    expect(ask({ orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }] }, false)).toBeNull();
    expect(ask({ orderSettings: [{ field: 'isComputer', orderType: OrderType.Ascending }] }, false)).not.toBeNull();
  });

  it("asks for a work-order tab in its customer's scope, and leaves the tab's default order by a date", () => {
    const tab = (isHistory: boolean, over: Record<string, unknown> = {}) =>
      workOrderIndexQuery({ customerId: 3, isHistory }, body(over) as never, { maxMatches: 10_000, textSorts: true });
    const bySerial = { orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }] };
    expect(tab(true, bySerial)).toBe(
      "select id from work_orders where match('perkin* 55*') and customer_id = 3 and is_history = 1" +
        ' order by serial asc, id asc limit 20, 20 option max_matches = 40',
    );
    expect(tab(false, bySerial)).toContain('and is_history = 0 order');
    expect(tab(true)).toBeNull();
    expect(tab(false, { orderSettings: [{ field: 'startDate', orderType: OrderType.Ascending }] })).toBeNull();
  });

  it('writes text as SphinxQL reads it and whole numbers only', () => {
    expect(sphinxString("a'b\\c\nd")).toBe("'a\\'b\\\\c\nd'");
    const tuple = documentTuple(EQUIPMENT_SEARCH, {
      id: 5,
      words: "o'neil 12",
      customer_id: 3,
      is_hidden: false,
      follower_ids: [7, 9],
    });
    expect(tuple.startsWith("(5, 'o\\'neil 12', 3, 0, (7,9), ")).toBe(true);
    expect(() =>
      documentTuple(EQUIPMENT_SEARCH, {
        id: '5); drop',
        words: '',
        customer_id: 3,
        is_hidden: false,
        follower_ids: [],
      }),
    ).toThrow();
    expect(() =>
      documentTuple(EQUIPMENT_SEARCH, {
        id: 5,
        words: '',
        customer_id: 3,
        is_hidden: false,
        follower_ids: [],
        mfg__key: '1) drop',
      }),
    ).toThrow();
  });

  it('keeps a null text below every value, a blank above it, and yes/no as 0, 1 and 2', () => {
    const row = { id: 5, words: 'w', customer_id: 3, is_hidden: true, follower_ids: [] };
    const values = (over: Record<string, unknown>) => {
      const inner = documentTuple(EQUIPMENT_SEARCH, { ...row, ...over } as never).slice(1, -1);
      return new Map(
        documentColumns(EQUIPMENT_SEARCH).map((column, i) => [column, inner.split(/, (?![^(]*\))/)[i]] as const),
      );
    };
    const stored = values({ room: null, floor: '', building: 'B', is_computer: false, ag_connected: null });
    expect(stored.get('room')).toBe("''");
    expect(stored.get('floor')).toBe("'='");
    expect(stored.get('building')).toBe("'=B'");
    expect(stored.get('is_computer')).toBe('1');
    expect(stored.get('ag_connected')).toBe('0');
    expect(stored.get('is_hidden')).toBe('1');
    expect(stored.get('room__key')).toBe('0');
    expect(values({ room__key: '-42' }).get('room__key')).toBe('-42');
  });
});
