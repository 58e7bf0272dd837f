import { CONTRACT_EXPIRY_WARNING_DAYS } from '../../../../contract/equipment';

/** Contract status by days to expiry (spec 2 section 4): over 90 days active, 0 to 90 expiring, negative expired. */
export type ContractStatus = 'active' | 'expiring' | 'expired';

const DAY_MS = 86_400_000;

/** Whole days from `today` (its local calendar day) to an ISO date (YYYY-MM-DD); negative once it has passed. */
export function daysToExpiry(expiry: string, today: Date): number {
  const [year, month, day] = expiry.slice(0, 10).split('-').map(Number);
  const end = Date.UTC(year!, month! - 1, day!);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((end - start) / DAY_MS);
}

/** The status of a contract ending on `expiry`; null without an end date. */
export function contractStatusOf(expiry: string | null, today: Date = new Date()): ContractStatus | null {
  if (!expiry) return null;
  const days = daysToExpiry(expiry, today);
  if (days > CONTRACT_EXPIRY_WARNING_DAYS) return 'active';
  return days >= 0 ? 'expiring' : 'expired';
}
