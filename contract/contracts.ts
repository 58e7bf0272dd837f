import { z } from 'zod';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import { DEFAULT_PAGE_SIZE, PAGE_INDEX_MAX } from './limits';
import { MAX_PAGE_SIZE, paged } from './listQuery';

/** Contract management: the read-only contract grid (spec 3 sections 2, 3 and 7). */

/** Field lengths of a contract (spec 2 section 5: contract id 30, PO number 40, billing status 10). */
export const CONTRACT_ID_MAX = 30;
export const PO_NUMBER_MAX = 40;
export const BILLING_STATUS_MAX = 10;
/** Filter values per field and the length of one value. chosen: not in spec */
export const CONTRACT_FILTER_VALUES_MAX = 1000;
export const CONTRACT_FILTER_VALUE_MAX = 100;

const Timestamp = z.string().datetime({ offset: true });

/** A service or warranty contract of the current customer (spec 3 section 3). */
export const Contract = z.object({
  /** Shown as the contract id when isPEContract. */
  vendorContractId: z.string().max(CONTRACT_ID_MAX),
  poNumber: z.string().max(PO_NUMBER_MAX).nullable(),
  /** A contract with the provider (rather than with another vendor). */
  isPEContract: z.boolean(),
  effectiveDate: Timestamp.nullable(),
  contractExpiry: Timestamp.nullable(),
  billingDate: Timestamp.nullable(),
  billingStatus: z.string().max(BILLING_STATUS_MAX).nullable(),
  /** The contract code (warranty ZCEW, ZW01; service ZCEG, ZCIC, ... spec 1 section 9). */
  contractType: z.string().max(10).nullable(),
  createdTime: Timestamp,
  lastUpdatedTime: Timestamp.nullable(),
});
export type Contract = z.infer<typeof Contract>;

/** The grid's columns, which are also the fields the filter map may name. */
export const ContractField = z.enum(Contract.keyof().options, { errorMap: () => ({ message: 'field' }) });
export type ContractField = z.infer<typeof ContractField>;

/**
 * POST contract/list: paging and a filter map, field -> accepted values. Date fields take a [from, to] pair of
 * timestamps, where the client uses 1970-01-01 as the open start (spec 3 section 7).
 */
export const ContractListQuery = z.object({
  pageIndex: z.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  filter: z
    .record(ContractField, z.array(z.string().max(CONTRACT_FILTER_VALUE_MAX)).max(CONTRACT_FILTER_VALUES_MAX))
    .default({}),
});
export type ContractListQuery = z.infer<typeof ContractListQuery>;

export const contractsContract = c.router(
  {
    list: {
      method: 'POST',
      path: '/api/contract/list',
      query: withCommonQuery({}),
      body: ContractListQuery,
      responses: { 200: envelope(paged(Contract)), ...standardErrors },
      summary: "A page of the current customer's contracts, filtered by the filter map",
    },
  },
  { strictStatusCodes: true },
);
