import { describe, expect, it } from 'vitest';
import { FilterOperator, OrderType } from '../../contract/listQuery';
import { equipmentIndexQuery } from '../../api-mock/src/search/equipmentQuery';
import { documentTuple, sphinxString } from '../../api-mock/src/search/equipmentDocuments';
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
        " and building in ('O\\'Brien Hall', 'B\\\\2') and is_computer in (1) and is_computer__null = 0" +
        ' order by serial__null asc, serial desc, id desc limit 20, 20 option max_matches = 40',
    );
    expect(ask({ orderSettings: [{ field: 'assetId', orderType: OrderType.Ascending }] })).toContain(
      'order by asset_id__null desc, asset_id asc, id asc',
    );
  });

  it('leaves to the database what it would not answer exactly', () => {
    const no = [
      { fullTextSearchSetting: null },
      { fullTextSearchSetting: { keyword: 'wa-1234' } },
      { fullTextSearchSetting: { keyword: 'straße' } },
      { fullTextSearchSetting: { keyword: 'a'.repeat(41) } },
      { filterSettings: [{ field: 'room', operator: FilterOperator.Contains, value: ['1'] }] },
      { filterSettings: [{ field: 'floor', operator: FilterOperator.In, value: [''] }] },
      { filterSettings: [{ field: 'floor', operator: FilterOperator.In, value: ['1'], includingNull: true }] },
      { filterSettings: [{ field: 'isComputer', operator: FilterOperator.In, value: ['yes'] }] },
      { filterSettings: [{ field: 'instDate', operator: FilterOperator.In, value: ['2020-01-01'] }] },
      { orderSettings: [{ field: 'instDate', orderType: OrderType.Ascending }] },
      { orderSettings: [{ field: 'location.city', orderType: OrderType.Ascending }] },
      {
        orderSettings: ['model', 'serial', 'room'].map((field) => ({ field, orderType: OrderType.Ascending })),
      },
      { pageIndex: 500, pageSize: 20 },
    ];
    for (const over of no) expect(ask(over), JSON.stringify(over)).toBeNull();
    // Text sorts need a database that orders text by its bytes, as the index does.
    expect(ask({ orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }] }, false)).toBeNull();
    expect(ask({ orderSettings: [{ field: 'isComputer', orderType: OrderType.Ascending }] }, false)).not.toBeNull();
  });

  it('writes text as SphinxQL reads it and whole numbers only', () => {
    expect(sphinxString("a'b\\c\nd")).toBe("'a\\'b\\\\c\nd'");
    const tuple = documentTuple({ id: 5, words: "o'neil 12", customer_id: 3, is_hidden: false, follower_ids: [7, 9] });
    expect(tuple.startsWith("(5, 'o\\'neil 12', 3, 0, (7,9), ")).toBe(true);
    expect(() =>
      documentTuple({ id: '5); drop', words: '', customer_id: 3, is_hidden: false, follower_ids: [] }),
    ).toThrow();
  });
});
