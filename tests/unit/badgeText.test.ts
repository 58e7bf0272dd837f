import { describe, expect, it } from 'vitest';
import { badgeText } from '../../web/src/app/shell/badgeText';

describe("the bell's badge", () => {
  it('caps the badge at 99+ and hides it at zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(null)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
