import { Intent } from '@blueprintjs/core';
import type { Equipment } from '../../../contract/equipment';
import { contractStatusOf, type ContractStatus } from '../../../contract/contractStatus';

/** Green, yellow and red by days to expiry (spec 2 section 4), as on the instrument page. */
export const CONTRACT_STATUS_INTENT: Record<ContractStatus, Intent> = {
  active: Intent.SUCCESS,
  expiring: Intent.WARNING,
  expired: Intent.DANGER,
};

/** The status of the instrument's contract that ends last; null without a contract with an end date. */
export function latestContractStatus(
  equipment: Pick<Equipment, 'contractInfoHistory'>,
  today: Date | string = new Date(),
): ContractStatus | null {
  let latest: string | null = null;
  for (const c of equipment.contractInfoHistory) {
    if (c.contractExpiry && (latest === null || c.contractExpiry > latest)) latest = c.contractExpiry;
  }
  return contractStatusOf(latest, today);
}
