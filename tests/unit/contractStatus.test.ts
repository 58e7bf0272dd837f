import { describe, expect, it } from 'vitest';
import { CONTRACT_EXPIRY_WARNING_DAYS } from '../../contract/equipment';
import { contractStatusOf, daysToExpiry } from '../../web/src/features/equipmentDetail/contractStatus';

/** Noon on a local calendar day, so the time of day cannot move the date. */
const day = (iso: string) => new Date(`${iso}T12:00:00`);
const TODAY = day('2026-03-10');

describe('contract status by days to expiry', () => {
  it('counts whole calendar days from today to the end date, negative once it has passed', () => {
    expect(daysToExpiry('2026-03-10', TODAY)).toBe(0);
    expect(daysToExpiry('2026-03-11', TODAY)).toBe(1);
    expect(daysToExpiry('2026-03-09', TODAY)).toBe(-1);
    expect(daysToExpiry('2027-03-10', TODAY)).toBe(365);
    // Late in the evening and just after midnight are the same calendar day.
    expect(daysToExpiry('2026-03-11', new Date('2026-03-10T23:59:00'))).toBe(1);
    expect(daysToExpiry('2026-03-11', new Date('2026-03-10T00:01:00'))).toBe(1);
  });

  it('is active (green) with more than 90 days left', () => {
    expect(CONTRACT_EXPIRY_WARNING_DAYS).toBe(90);
    expect(contractStatusOf('2026-06-09', TODAY)).toBe('active'); // 91 days
    expect(contractStatusOf('2030-01-01', TODAY)).toBe('active');
  });

  it('is expiring (yellow) from 90 days left down to the last day', () => {
    expect(contractStatusOf('2026-06-08', TODAY)).toBe('expiring'); // 90 days
    expect(contractStatusOf('2026-04-01', TODAY)).toBe('expiring');
    expect(contractStatusOf('2026-03-10', TODAY)).toBe('expiring'); // ends today
  });

  it('is expired (red) once the end date has passed', () => {
    expect(contractStatusOf('2026-03-09', TODAY)).toBe('expired');
    expect(contractStatusOf('2020-12-31', TODAY)).toBe('expired');
  });

  it('has no status without an end date', () => {
    expect(contractStatusOf(null, TODAY)).toBeNull();
    expect(contractStatusOf('', TODAY)).toBeNull();
  });

  it('crosses a daylight-saving change without losing a day', () => {
    expect(daysToExpiry('2026-04-01', day('2026-03-20'))).toBe(12);
    expect(daysToExpiry('2026-11-05', day('2026-10-20'))).toBe(16);
  });
});
