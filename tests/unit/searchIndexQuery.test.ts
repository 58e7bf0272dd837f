import { describe, expect, it } from 'vitest';
import { FilterOperator, OrderType } from '../../contract/listQuery';
import { equipmentIndexQuery, narrowTextFilters, workOrderIndexQuery } from '../../api-mock/src/search/indexQuery';
import { UNNUMBERED, type ValueIds } from '../../api-mock/src/search/valueIds';
import { initialInventoryLayout } from '../../web/src/features/inventory/inventoryLayout';
import {
  EQUIPMENT_NARROW_SEARCH,
  EQUIPMENT_SEARCH,
  QUEUED_INDEXES,
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
const asked = (over: Record<string, unknown> = {}, textSorts = true, valueIds?: ValueIds) =>
  equipmentIndexQuery(scope, body(over) as never, { maxMatches: 10_000, textSorts }, valueIds);
const ask = (over: Record<string, unknown> = {}, textSorts = true) => asked(over, textSorts)?.sql ?? null;

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
      // The narrow index sorts text by its rank.
      'order by asset_id__rank asc, id asc',
    );
    // A blank is a value like any other; no and yes are stored as 1 and 2 (0 is null).
    expect(ask({ filterSettings: [{ field: 'floor', operator: FilterOperator.In, value: ['', ''] }] })).toContain(
      `floor__key in (${valueKey('')}) order`,
    );
    expect(
      ask({ filterSettings: [{ field: 'isComputer', operator: FilterOperator.In, value: ['false', 'true'] }] }),
    ).toContain('is_computer in (1, 2) order');
  });

  it('asks the narrow index, by the numbers of its text values, when the page filters and sorts by its fields only', () => {
    const narrow = {
      filterSettings: [
        { field: 'dtype', operator: FilterOperator.In, value: ['HPLC', 'GC'] },
        { field: 'building', operator: FilterOperator.In, value: ['B', 'Nowhere'] },
        { field: 'room', operator: FilterOperator.In, value: [] },
      ],
      orderSettings: [{ field: 'assetId', orderType: OrderType.Descending }],
    };
    expect(narrowTextFilters(body(narrow) as never)).toEqual([
      { column: 'dtype', values: ['HPLC', 'GC'] },
      { column: 'building', values: ['B', 'Nowhere'] },
    ]);
    const ids = new Map([
      [
        'dtype',
        new Map([
          ['HPLC', 7],
          ['GC', 8],
        ]),
      ],
      ['building', new Map([['B', 9]])],
    ]);
    expect(asked(narrow, true, ids)?.sql).toBe(
      "select id from equipment_narrow where match('perkin* 55*') and customer_id = 3 and is_hidden = 0" +
        ` and follower_ids = 7 and dtype__key in (7, 8) and building__key in (9, ${UNNUMBERED})` +
        ' order by asset_id__rank desc, id desc limit 20, 20 option max_matches = 40',
    );
    expect(asked({}, true, new Map())?.index.index).toBe('equipment_narrow');
    // Without the numbers, the wide index answers, by the values' keys.
    expect(asked(narrow)?.sql).toContain(`and dtype__key in (${valueKey('HPLC')}, ${valueKey('GC')}) and`);
    expect(asked(narrow)?.index.index).toBe('equipment');
    // One field outside it, in a filter or a sort, and the wide index answers.
    for (const outside of [
      {
        filterSettings: [...narrow.filterSettings, { field: 'floor', operator: FilterOperator.In, value: ['1'] }],
      },
      { orderSettings: [{ field: 'vendorName', orderType: OrderType.Ascending }] },
    ]) {
      expect(narrowTextFilters(body({ ...narrow, ...outside }) as never), JSON.stringify(outside)).toBeNull();
      expect(asked({ ...narrow, ...outside }, true, ids)?.index.index, JSON.stringify(outside)).toBe('equipment');
    }
  });

  it("holds in the narrow index every text and yes/no column the grid shows at first, and the instrument's identifiers", () => {
    const shown = initialInventoryLayout('grid').columnShowKeys.filter((f) => EQUIPMENT_SEARCH.byField.has(f));
    expect(shown.length).toBeGreaterThan(8);
    for (const field of [...shown, 'serial', 'assetId'])
      expect(EQUIPMENT_NARROW_SEARCH.byField.get(field), field).toEqual(EQUIPMENT_SEARCH.byField.get(field));
    expect(EQUIPMENT_NARROW_SEARCH.scope).toEqual(EQUIPMENT_SEARCH.scope);
    expect(EQUIPMENT_NARROW_SEARCH.queue).toBe(EQUIPMENT_SEARCH.queue);
    // One drain reads a queue's rows for its widest index and writes them to all: each holds no column the widest lacks.
    expect(QUEUED_INDEXES.map((indexes) => indexes.map((i) => i.index))).toEqual([
      ['equipment', 'equipment_narrow'],
      ['work_orders'],
    ]);
    for (const [widest, ...others] of QUEUED_INDEXES)
      for (const other of others) for (const f of other.fields) expect(widest!.byField.get(f.field)).toEqual(f);
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
      workOrderIndexQuery({ customerId: 3, isHistory }, body(over) as never, { maxMatches: 10_000, textSorts: true })
        ?.sql ?? null;
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
