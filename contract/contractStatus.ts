import {
  CONTRACT_EXPIRY_WARNING_DAYS,
  SERVICE_CONTRACT_TYPES,
  WARRANTY_CONTRACT_TYPES,
  type EquipmentContract,
} from './equipment';

/*
 * How an instrument's contract reads (spec 2 sections 4 and 9): its status by days to expiry, its category by type
 * code, and its number as the user knows it. The instrument page and the server's contract PDF both say it this way.
 */

/** Contract status by days to expiry (spec 2 section 4): over 90 days active, 0 to 90 expiring, negative expired. */
export type ContractStatus = 'active' | 'expiring' | 'expired';
/** The category of a contract type code (spec 2 section 9). */
export type ContractCategory = 'warranty' | 'service';

const DAY_MS = 86_400_000;

/** A calendar day as a number of days: a Date stands for its local calendar day, a string is YYYY-MM-DD. */
function dayNumber(day: Date | string): number {
  if (typeof day !== 'string') return Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) / DAY_MS;
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return Date.UTC(year!, month! - 1, date!) / DAY_MS;
}

/** Whole days from `today` (a Date's local calendar day, or YYYY-MM-DD) to an ISO date; negative once it has passed. */
export function daysToExpiry(expiry: string, today: Date | string): number {
  return Math.round(dayNumber(expiry) - dayNumber(today));
}

/** The status of a contract ending on `expiry`; null without an end date. */
export function contractStatusOf(expiry: string | null, today: Date | string = new Date()): ContractStatus | null {
  if (!expiry) return null;
  const days = daysToExpiry(expiry, today);
  if (days > CONTRACT_EXPIRY_WARNING_DAYS) return 'active';
  return days >= 0 ? 'expiring' : 'expired';
}

/** The calendar day (YYYY-MM-DD) at an offset east of UTC in minutes, as the client's timeZoneDiff gives it. */
export const calendarDayAt = (offsetMinutes: number, now: Date = new Date()): string =>
  new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

/** Warranty or service by the type code; null for a code that is neither. */
export function contractCategoryOf(type: string | null): ContractCategory | null {
  if ((WARRANTY_CONTRACT_TYPES as readonly string[]).includes(type ?? '')) return 'warranty';
  if ((SERVICE_CONTRACT_TYPES as readonly string[]).includes(type ?? '')) return 'service';
  return null;
}

/** The contract number as the user knows it: the vendor's number for a vendor contract. */
export const contractNumberOf = (c: Pick<EquipmentContract, 'isVendor' | 'vendorContractId' | 'contractId'>) =>
  (c.isVendor ? c.vendorContractId : c.contractId) ?? c.contractId;
