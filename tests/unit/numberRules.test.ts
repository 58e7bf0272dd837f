import { describe, expect, it } from 'vitest';
import { acceptsNumberText } from '../../web/src/components/inputs/numberRules';

describe('what a number input takes', () => {
  it('takes a signed decimal with an exponent while it is typed, and refuses letters', () => {
    for (const text of ['', '-', '1.', '-1.5', '2e', '2e-3']) expect(acceptsNumberText(text, {})).toBe(true);
    for (const text of ['a', '1a', '1..2', '--1', 'e5']) expect(acceptsNumberText(text, {})).toBe(false);
  });

  it('takes at most maxLength characters (the range filter takes 8)', () => {
    expect(acceptsNumberText('12345678', { maxLength: 8 })).toBe(true);
    expect(acceptsNumberText('123456789', { maxLength: 8 })).toBe(false);
  });

  it('with bounds: digits only, no leading zero, a minus only below zero, out of range refused', () => {
    const bounds = { min: 0, max: 99 };
    expect(acceptsNumberText('42', { bounds })).toBe(true);
    expect(acceptsNumberText('042', { bounds })).toBe(false);
    expect(acceptsNumberText('-1', { bounds })).toBe(false);
    expect(acceptsNumberText('100', { bounds })).toBe(false);
    expect(acceptsNumberText('-5', { bounds: { min: -10, max: 10 } })).toBe(true);
    expect(acceptsNumberText('1.25', { bounds: { min: 0, max: 10, decimals: 2 } })).toBe(true);
    expect(acceptsNumberText('1.255', { bounds: { min: 0, max: 10, decimals: 2 } })).toBe(false);
  });
});
