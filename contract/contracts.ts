import { z } from 'zod';
import { readsOnly, signedIn } from './access';
import { AccessCode } from './permissions';
import { c, envelope, IsoDate, IsoDateTime, standardErrors, withCommonQuery } from './common';
import { PAGE_INDEX_MAX } from './limits';
import { ListCount, OrderSetting, OrderType, cappedPaged } from './listQuery';

/** Contract management: the read-only contract grid (spec 3 sections 2, 3 and 7). */

/** Field lengths of a contract (spec 2 section 5: contract id 30, PO number 40, billing status 10). */
export const CONTRACT_ID_MAX = 30;
export const PO_NUMBER_MAX = 40;
export const BILLING_STATUS_MAX = 10;
export const CONTRACT_TYPE_MAX = 10;

/** Rows of one page of the grid, and the most one call may ask for. chosen: not in spec */
export const CONTRACT_PAGE_SIZE = 20;
export const CONTRACT_PAGE_SIZE_MAX = 100;
/**
 * Values per field of the filter map. A text value is a substring match, which a value under three characters makes
 * over every contract of the customer, so the bound keeps one call's work small. chosen: not in spec
 */
export const CONTRACT_FILTER_VALUES_MAX = 20;
/** Length of one filter value: the longest text field (PO number), which also holds any date or instant. */
export const CONTRACT_FILTER_VALUE_MAX = PO_NUMBER_MAX;
/** Sort columns of one call. chosen: not in spec */
export const CONTRACT_ORDER_MAX = 3;
/** The open start of a date range in the filter map (spec 3 section 7). */
export const OPEN_RANGE_START = '1970-01-01';

/** A service or warranty contract of the current customer (spec 3 section 3). */
export const Contract = z.object({
  /** The contract number; the provider's contract id when isPEContract, else the other vendor's number. */
  vendorContractId: z.string().max(CONTRACT_ID_MAX),
  poNumber: z.string().max(PO_NUMBER_MAX).nullable(),
  /** A contract with the provider (rather than with another vendor). */
  isPEContract: z.boolean(),
  /** Calendar days: a contract starts, ends and is billed on a day, wherever its reader is. */
  effectiveDate: IsoDate.nullable(),
  contractExpiry: IsoDate.nullable(),
  billingDate: IsoDate.nullable(),
  billingStatus: z.string().max(BILLING_STATUS_MAX).nullable(),
  /** The contract code (warranty ZCEW, ZW01; service ZCEG, ZCIC, ... spec 1 section 9). */
  contractType: z.string().max(CONTRACT_TYPE_MAX).nullable(),
  createdTime: IsoDateTime,
  lastUpdatedTime: IsoDateTime.nullable(),
});
export type Contract = z.infer<typeof Contract>;

/** The grid's columns, which are also the fields the filter map may name. */
export const ContractField = z.enum(Contract.keyof().options, { errorMap: () => ({ message: 'field' }) });
export type ContractField = z.infer<typeof ContractField>;

/**
 * How each field is filtered and sorted: text (a number someone typed: any of the values, each found anywhere in
 * the field, ignoring case), a code (type and billing status: any of the values, exactly), a calendar date, an
 * instant, or a yes/no flag. The grid, the server's column whitelist and the tests read it.
 */
export const CONTRACT_LIST_FIELDS = {
  vendorContractId: 'text',
  poNumber: 'text',
  isPEContract: 'boolean',
  effectiveDate: 'date',
  contractExpiry: 'date',
  billingDate: 'date',
  billingStatus: 'code',
  contractType: 'code',
  createdTime: 'dateTime',
  lastUpdatedTime: 'dateTime',
} as const satisfies Record<ContractField, 'text' | 'code' | 'boolean' | 'date' | 'dateTime'>;

/** The fields a list may be sorted by: every column of the grid (the flag is not a column). */
export const ContractSortField = ContractField.exclude(['isPEContract'], { errorMap: () => ({ message: 'field' }) });
export type ContractSortField = z.infer<typeof ContractSortField>;

export const ContractOrderSetting = OrderSetting.extend({ field: ContractSortField });
export type ContractOrderSetting = z.infer<typeof ContractOrderSetting>;

/** The order when the request gives none: the contracts that run longest first, expired ones last. */
export const CONTRACT_DEFAULT_ORDER: ContractOrderSetting = {
  field: 'contractExpiry',
  orderType: OrderType.Descending,
};

/** A date `YYYY-MM-DD` or an instant with its offset; checked for length first, and the pattern cannot backtrack. */
const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The filter map: field -> values, every field given must match (spec 3 section 7); no values, no condition.
 * - text fields (contract id, PO number): any of the values, each found anywhere in the field ignoring case;
 * - code fields (contract type, billing status): any of the values, the whole value as stored (codes are capitals);
 * - in a text or code field, the value "" finds a blank field;
 * - isPEContract: "true" or "false";
 * - date and instant fields: [from] or [from, to], both ends included; a from of 1970-01-01 is the open start (so
 *   [1970-01-01] is any date, "not blank"), and [""] finds a blank field. A date field compares calendar days
 *   (`YYYY-MM-DD`); an instant field takes instants (the client sends the bounds of the user's days with their
 *   offset) or days, read in UTC.
 */
export const ContractFilter = z
  .record(ContractField, z.array(z.string().max(CONTRACT_FILTER_VALUE_MAX)).max(CONTRACT_FILTER_VALUES_MAX))
  .superRefine((filter, ctx) => {
    for (const [field, values] of Object.entries(filter) as [ContractField, string[]][]) {
      const kind = CONTRACT_LIST_FIELDS[field];
      const issue = (message: string, index?: number) =>
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: index === undefined ? [field] : [field, index],
          message,
        });
      if (kind === 'boolean') {
        values.forEach((v, i) => v !== 'true' && v !== 'false' && issue('boolean', i));
      } else if ((kind === 'date' || kind === 'dateTime') && values.includes('')) {
        if (values.length > 1) issue('range');
      } else if (kind === 'date' || kind === 'dateTime') {
        if (values.length > 2) issue('range');
        const times = values.map((v, i) => {
          const valid = kind === 'date' ? IsoDate.safeParse(v).success : DATE_OR_INSTANT.test(v);
          const time = Date.parse(v);
          if (!valid || Number.isNaN(time)) issue('date', i);
          return time;
        });
        if (times.length === 2 && times[0]! > times[1]!) issue('range');
      }
    }
  });
export type ContractFilter = z.infer<typeof ContractFilter>;

/** POST contract/list: paging, sort and the filter map (spec 3 section 7). */
export const ContractListQuery = z.object({
  pageIndex: z.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
  pageSize: z.number().int().min(1).max(CONTRACT_PAGE_SIZE_MAX).default(CONTRACT_PAGE_SIZE),
  filter: ContractFilter.default({}),
  /** Empty: CONTRACT_DEFAULT_ORDER. Ties are broken the same way every time, so pages never overlap. */
  orderSettings: z.array(ContractOrderSetting).max(CONTRACT_ORDER_MAX).default([]),
});
export type ContractListQuery = z.infer<typeof ContractListQuery>;

/** The body of contract/list/count: the filter map; no page, no order. */
export const ContractCountQuery = ContractListQuery.pick({ filter: true });
export type ContractCountQuery = z.infer<typeof ContractCountQuery>;

export const contractsContract = c.router(
  {
    list: {
      method: 'POST',
      path: '/api/contract/list',
      query: withCommonQuery({}),
      body: ContractListQuery,
      responses: { 200: envelope(cappedPaged(Contract)), ...standardErrors },
      summary: "A page of the current customer's contracts, filtered by the filter map and sorted",
      metadata: readsOnly(signedIn('customer', { accessCode: AccessCode.ContractManagement })),
    },
    listCount: {
      method: 'POST',
      path: '/api/contract/list/count',
      query: withCommonQuery({}),
      body: ContractCountQuery,
      responses: { 200: envelope(ListCount), ...standardErrors },
      summary:
        "How many of the current customer's contracts match the filter map: exact, or a lower bound when counting " +
        'took more than its time bound (2 s); kept 60 s per customer, list version and query',
      metadata: readsOnly(signedIn('customer', { accessCode: AccessCode.ContractManagement })),
    },
  },
  { strictStatusCodes: true },
);
