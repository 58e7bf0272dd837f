import { describe, expect, it } from 'vitest';
import { Intent } from '@blueprintjs/core';
import type { EquipmentContract } from '../../contract/equipment';
import { CONTRACT_STATUS_INTENT, latestContractStatus } from '../../web/src/components/contractStatusIntent';

const contract = (contractExpiry: string | null): EquipmentContract => ({
  vendorContractId: null,
  contractId: 'C-1',
  poNumber: null,
  item: null,
  effectiveDate: null,
  contractExpiry,
  billingDate: null,
  billingStatus: null,
  contractType: 'ZCSA',
  desc: null,
  isVendor: false,
});

describe("the grid's contract column status", () => {
  const today = '2026-11-25';

  it('reads the contract that ends last, whatever the order of the history', () => {
    const history = [contract('2026-01-31'), contract('2027-06-30'), contract(null), contract('2026-12-01')];
    expect(latestContractStatus({ contractInfoHistory: history }, today)).toBe('active');
  });

  it('is expiring within 90 days and expired once the last contract has ended', () => {
    expect(latestContractStatus({ contractInfoHistory: [contract('2027-02-23')] }, today)).toBe('expiring');
    expect(latestContractStatus({ contractInfoHistory: [contract('2027-02-24')] }, today)).toBe('active');
    expect(latestContractStatus({ contractInfoHistory: [contract('2026-11-24')] }, today)).toBe('expired');
  });

  it('has no status without a contract end date', () => {
    expect(latestContractStatus({ contractInfoHistory: [] }, today)).toBeNull();
    expect(latestContractStatus({ contractInfoHistory: [contract(null)] }, today)).toBeNull();
  });

  it('colours green, yellow and red', () => {
    expect(CONTRACT_STATUS_INTENT).toEqual({
      active: Intent.SUCCESS,
      expiring: Intent.WARNING,
      expired: Intent.DANGER,
    });
  });
});
