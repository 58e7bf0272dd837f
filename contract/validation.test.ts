import { describe, expect, it } from 'vitest';
import {
  acceptsBoundedInput,
  isEmailOrEmpty,
  isPhone,
  PASSWORD_PATTERN,
  requiredText,
  acceptsNumberKeystroke,
  counterCanDecrement,
  counterCanIncrement,
  dateFilterRange,
  emailListSchema,
  isSignedDecimalOrEmpty,
  normaliseCounter,
  splitEmailList,
} from './validation';

describe('shared validation rules', () => {
  it.each(['', '+1 (617) 555-0100', '030/1234.56', '12-34'])('accepts the phone %j', (p) =>
    expect(isPhone(p)).toBe(true),
  );
  it.each(['call me', '+1 555 x12', '555#1'])('refuses the phone %j', (p) => expect(isPhone(p)).toBe(false));
  it.each(['', 'a@b.co', 'first.last@lab.example'])('accepts the e-mail %j', (e) =>
    expect(isEmailOrEmpty(e)).toBe(true),
  );
  it.each(['a@b', 'a b@c.de', 'x@y.z;w@v.u'])('refuses the e-mail %j', (e) => expect(isEmailOrEmpty(e)).toBe(false));
  it.each(['abc123', 'a1b2c3d4e5f6'])('accepts the password %j', (p) => expect(PASSWORD_PATTERN.test(p)).toBe(true));
  it.each(['abc12', 'abcdefg', '1234567', 'a1b2c3d4e5f6g'])('refuses the password %j', (p) =>
    expect(PASSWORD_PATTERN.test(p)).toBe(false),
  );
  it('a required text refuses blanks with required_field and trims', () => {
    expect(requiredText(5).safeParse('   ').error?.issues[0]?.message).toBe('required_field');
    expect(requiredText(5).parse('  ab ')).toBe('ab');
    expect(requiredText(5).safeParse('abcdef').success).toBe(false);
  });
});

describe('e-mail lists', () => {
  it('splits on semicolons and ignores empty entries and spaces', () => {
    expect(splitEmailList(' a@b.co ;c@d.io;; ')).toEqual(['a@b.co', 'c@d.io']);
  });
  it('accepts an empty list and a list of valid addresses; refuses one bad address with lblEmailsWarning', () => {
    expect(emailListSchema(500).safeParse('').success).toBe(true);
    expect(emailListSchema(500).safeParse('a@b.co; c@d.io;').success).toBe(true);
    expect(emailListSchema(500).safeParse('a@b.co; not-an-address').error?.issues[0]?.message).toBe('lblEmailsWarning');
    expect(emailListSchema(500).safeParse('a@b.co, c@d.io').success).toBe(false);
  });
});

describe('number input', () => {
  it.each(['', '1', '-1', '+1.5', '.5', '1.', '1e10', '-2.5E-3'])('accepts the signed decimal %j', (v) =>
    expect(isSignedDecimalOrEmpty(v)).toBe(true),
  );
  it.each(['-', '1e', 'e1', '1.2.3', 'abc', '1,5', '--1'])('refuses %j as a finished number', (v) =>
    expect(isSignedDecimalOrEmpty(v)).toBe(false),
  );
  it('accepts the prefixes of a number while typing and ignores other keystrokes', () => {
    expect(['-', '1.', '1e', '1e-', '+'].every(acceptsNumberKeystroke)).toBe(true);
    expect(['a', '1a', '1..', 'e', '-e', '1e1e'].some(acceptsNumberKeystroke)).toBe(false);
  });
});

describe('bounded number input', () => {
  const percent = { min: 0, max: 100 };
  it('accepts digits within range, empty, and no leading zeros', () => {
    expect(['', '0', '7', '100'].every((v) => acceptsBoundedInput(v, percent))).toBe(true);
    expect(['01', '101', '1.5', 'x', '-1'].some((v) => acceptsBoundedInput(v, percent))).toBe(false);
  });
  it('allows a minus (and a lone minus) only when a bound is negative', () => {
    expect(acceptsBoundedInput('-', percent)).toBe(false);
    expect(acceptsBoundedInput('-', { min: -10, max: 10 })).toBe(true);
    expect(acceptsBoundedInput('-10', { min: -10, max: 10 })).toBe(true);
    expect(acceptsBoundedInput('-11', { min: -10, max: 10 })).toBe(false);
  });
  it('allows the configured number of decimals', () => {
    expect(acceptsBoundedInput('1.25', { min: 0, max: 10, decimals: 2 })).toBe(true);
    expect(acceptsBoundedInput('1.', { min: 0, max: 10, decimals: 2 })).toBe(true);
    expect(acceptsBoundedInput('1.255', { min: 0, max: 10, decimals: 2 })).toBe(false);
  });
});

describe('counter', () => {
  it('keeps an integer within bounds and falls back to 1 when empty or out of range', () => {
    expect(normaliseCounter('3', 1, 5)).toBe(3);
    expect(normaliseCounter('', 1, 5)).toBe(1);
    expect(normaliseCounter('9', 1, 5)).toBe(1);
    expect(normaliseCounter('2.5', 1, 5)).toBe(1);
    expect(normaliseCounter(null, 1, 5)).toBe(1);
  });
  it('disables minus at the minimum and plus at the maximum', () => {
    expect(counterCanDecrement(1, 1)).toBe(false);
    expect(counterCanIncrement(5, 5)).toBe(false);
    expect(counterCanDecrement(2, 1) && counterCanIncrement(4, 5)).toBe(true);
  });
});

describe('date filter range', () => {
  it('starts at the start of the first day and ends at the end of the last', () => {
    expect(dateFilterRange('2026-03-01', '2026-03-31T10:00:00')).toEqual({
      start: '2026-03-01T00:00:00',
      end: '2026-03-31T23:59:59',
    });
    expect(dateFilterRange(null, '2026-03-31')).toEqual({ start: null, end: '2026-03-31T23:59:59' });
  });
  it('refuses an end before the start, and allows the same day', () => {
    expect(dateFilterRange('2026-03-02', '2026-03-01')).toBeNull();
    expect(dateFilterRange('2026-03-02', '2026-03-02')).not.toBeNull();
  });
});
