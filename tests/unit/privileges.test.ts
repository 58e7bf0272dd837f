import { describe, expect, it } from 'vitest';
import { hasFeature } from '../../contract/access';
import type { Privileges } from '../../web/src/lib/privileges';

const privileges: Privileges = [
  { feature: 'Reservation', functions: [] },
  { feature: 'Equipment', functions: ['AllowEHSSetting', 'Edit'] },
];

describe('hasFeature', () => {
  it('needs the feature', () => {
    expect(hasFeature(privileges, 'Reservation')).toBe(true);
    expect(hasFeature(privileges, 'ARC')).toBe(false);
    expect(hasFeature([], 'Reservation')).toBe(false);
  });

  it('needs one of the named functions when functions are named', () => {
    expect(hasFeature(privileges, 'Equipment', ['IsEHSAdmin', 'AllowEHSSetting'])).toBe(true);
    expect(hasFeature(privileges, 'Equipment', ['IsEHSAdmin'])).toBe(false);
    expect(hasFeature(privileges, 'Reservation', ['Edit'])).toBe(false);
  });
});
