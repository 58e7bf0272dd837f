import type { ContractCategory, ContractStatus } from '../../../contract/contractStatus';

/** A contract as the contract report prints it; dates are calendar days (YYYY-MM-DD), null prints as "—". */
export interface ContractReportContract {
  /** The number as the user knows it: the vendor's number for a vendor contract. */
  number: string | null;
  /** A contract with another vendor, not with the provider. */
  isVendor: boolean;
  contractType: string | null;
  category: ContractCategory | null;
  effectiveDate: string | null;
  contractExpiry: string | null;
  billingDate: string | null;
  billingStatus: string | null;
  poNumber: string | null;
  desc: string | null;
  /** By days to expiry, counted from the report's day (`asOf`). */
  status: ContractStatus | null;
  daysToExpiry: number | null;
}

/** Another instrument of the customer under the same contract number. */
export interface ContractReportInstrument {
  mfg: string | null;
  model: string | null;
  serial: string | null;
  systemId: string | null;
  city: string | null;
}

/** What the contract PDF of one instrument shows. */
export interface ContractReportData {
  /** The user's calendar day (YYYY-MM-DD) the statuses are counted from. */
  asOf: string;
  customer: { name: string; siteAddress: string | null; city: string | null; country: string | null };
  instrument: ContractReportInstrument & {
    systemNickName: string | null;
    pkiTag: string | null;
    siteAddress: string | null;
    building: string | null;
    floor: string | null;
    room: string | null;
  };
  /** The contract the report is about: the one asked for, or the latest of the history. */
  contract: ContractReportContract;
  /** The instrument's contracts, latest expiry first, the first of `historyTotal`. */
  history: ContractReportContract[];
  historyTotal: number;
  /** The customer's other instruments under the contract's number, the first of `othersTotal`. */
  others: ContractReportInstrument[];
  othersTotal: number;
}
