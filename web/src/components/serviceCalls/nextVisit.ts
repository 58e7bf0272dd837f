import type { ServiceCallSummary } from '../../../../contract/equipment';

/** The first dated call of an instrument's upcoming service calls (the server lists them by start date). */
export const nextVisitOf = (
  calls: readonly ServiceCallSummary[],
): (ServiceCallSummary & { startDate: string }) | null =>
  (calls.find((call) => call.startDate !== null) as (ServiceCallSummary & { startDate: string }) | undefined) ?? null;
