import { z } from 'zod';
import { c, EntityId } from './common';
import { EXACT_COUNT_MAX, PAGE_INDEX_MAX } from './limits';

/**
 * The list-query model shared by every grid (spec 1 section 3): paging, filters, sort and full-text search.
 * Field names are checked again on the server against a whitelist per list; this schema only bounds the shape.
 */
export const FilterOperator = {
  Equals: 0,
  Contains: 1,
  Between: 2, // code chosen: not in spec
  From: 3, // code chosen: not in spec
  To: 4, // code chosen: not in spec
  NotBlank: 5, // code chosen: not in spec
  Blank: 6,
  In: 7,
} as const;
export type FilterOperator = (typeof FilterOperator)[keyof typeof FilterOperator];

export const OrderType = { Ascending: 0, Descending: 1 } as const;

export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
export const FieldName = z.string().regex(FIELD_NAME_PATTERN, 'field');

export const FilterSetting = z.object({
  field: FieldName,
  value: z.array(z.string().max(500)).max(1000),
  operator: z.union([
    z.literal(FilterOperator.Equals),
    z.literal(FilterOperator.Contains),
    z.literal(FilterOperator.Between),
    z.literal(FilterOperator.From),
    z.literal(FilterOperator.To),
    z.literal(FilterOperator.NotBlank),
    z.literal(FilterOperator.Blank),
    z.literal(FilterOperator.In),
  ]),
  includingNull: z.boolean().optional(),
});
export type FilterSetting = z.infer<typeof FilterSetting>;

export const OrderSetting = z.object({
  field: FieldName,
  orderType: z.union([z.literal(OrderType.Ascending), z.literal(OrderType.Descending)]),
});
export type OrderSetting = z.infer<typeof OrderSetting>;

export const FullTextSearchSetting = z.object({ keyword: z.string().trim().max(200) }).nullable();

export const MAX_PAGE_SIZE = 1000;
/** The most column filters and sort columns one list query carries. */
export const MAX_FILTER_SETTINGS = 50;
export const MAX_ORDER_SETTINGS = 5;

/**
 * The most rows a user may select in a grid, and so the most ids an export of the selection names: the largest page
 * a list query answers. Chosen: not in spec.
 */
export const MAX_SELECTED_ROWS = MAX_PAGE_SIZE;

/**
 * The selected rows of a grid (an export of the selection): their ids, at most MAX_SELECTED_ROWS. The ids only
 * narrow the list the query describes; an id the caller may not see (another customer's) matches nothing.
 */
export const SelectedIds = z.array(EntityId).min(1).max(MAX_SELECTED_ROWS);

export const ListQuery = z.object({
  pageIndex: z.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
  /** 0 means every row (export). */
  pageSize: z.number().int().min(0).max(MAX_PAGE_SIZE),
  filterSettings: z.array(FilterSetting).max(MAX_FILTER_SETTINGS).default([]),
  orderSettings: z.array(OrderSetting).max(MAX_ORDER_SETTINGS).default([]),
  fullTextSearchSetting: FullTextSearchSetting.optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** The words typed in a column filter's search: at most this many characters and words. Chosen: not in spec. */
export const VALUE_SEARCH_MAX_LENGTH = 100;
export const VALUE_SEARCH_MAX_WORDS = 5;

/** A column filter's search words: its length is checked before the words are counted. */
export const searchWordsOf = (text: string) => text.split(/\s+/).filter((w) => w !== '');
export const ValueSearch = z
  .string()
  .max(VALUE_SEARCH_MAX_LENGTH)
  .refine((text) => text.length > VALUE_SEARCH_MAX_LENGTH || searchWordsOf(text).length <= VALUE_SEARCH_MAX_WORDS, {
    message: `at most ${VALUE_SEARCH_MAX_WORDS} words`,
  });

/** Filter suggestions of a grid column (POST .../FilterFields). */
export const FilterFieldsQuery = z.object({
  pageSize: z.number().int().min(1).max(100),
  pageIndex: z.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
  filterSettings: z.array(FilterSetting).max(MAX_FILTER_SETTINGS).default([]),
  orderSettings: z.array(OrderSetting).max(MAX_ORDER_SETTINGS).optional(),
  selectFields: z.array(FieldName).min(1).max(20),
  fullTextSearchSetting: FullTextSearchSetting.optional(),
  /**
   * The words typed in the column filter's search (not in spec, which searches only the values already loaded):
   * each must be contained in a suggested value, case ignored, wildcards taken literally.
   */
  valueSearch: ValueSearch.optional(),
});
export type FilterFieldsQuery = z.infer<typeof FilterFieldsQuery>;

export const FilterFieldsResult = z.record(z.string(), z.array(z.string().nullable()));

/** Column layout sent with an export: the visible columns, their order and their headers. */
export const LayoutContent = z.object({
  columnHeaders: z.record(z.string(), z.string().max(200)),
  columnOrderKeys: z.array(FieldName).max(200),
  columnShowKeys: z.array(FieldName).max(200),
});

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * An export's answer: the .xlsx itself, streamed as the server writes it, its name in Content-Disposition. (The
 * spec shows the file as base64 in a JSON envelope; hardening chose a download that never sits whole in memory.)
 */
export const XlsxDownload = c.otherResponse({ contentType: XLSX_CONTENT_TYPE, body: c.type<Blob>() });

export const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), totalCount: z.number().int().min(0) });

const CAPPED = EXACT_COUNT_MAX.toLocaleString('en');
const CAPPED_TOTAL =
  `With totalCountExact true, totalCount is the exact number of matches, as it always is when at most ${CAPPED} ` +
  `(EXACT_COUNT_MAX) rows match; the unfiltered inventory, counted ahead, is exact at any size. Beyond ${CAPPED} ` +
  `matches a list may answer totalCount ${CAPPED} and totalCountExact false: at least that many match. This ` +
  'deviates from the spec, whose pager assumes an exact total on every page: an exact count(*) costs 0.4 to 1 ' +
  "microsecond per match, so above about 50,000 matches it cannot fit a page's time budget. GitLab, Elasticsearch " +
  '(track_total_hits) and Jira cap their totals the same way.';

/** A page of one of the large lists, whose total is exact only up to EXACT_COUNT_MAX matches. */
export const cappedPaged = <T extends z.ZodTypeAny>(item: T) =>
  z
    .object({
      items: z.array(item),
      totalCount: z
        .number()
        .int()
        .min(0)
        .describe('The number of matches when totalCountExact is true; otherwise EXACT_COUNT_MAX, a lower bound.'),
      totalCountExact: z.boolean().describe('Whether totalCount is the exact number of matches.'),
    })
    .describe(CAPPED_TOTAL);

/** A list's count: exact, or `count` matches at least when the count ran out of its time ("more than count"). */
export const ListCount = z.object({
  count: z.number().int().min(0),
  exact: z.boolean().describe('Whether count is the exact number of matches; false: more than count match.'),
});
export type ListCount = z.infer<typeof ListCount>;
