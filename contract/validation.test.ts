import { describe, expect, it } from 'vitest';
import { isEmailOrEmpty, isPhone, PASSWORD_PATTERN, requiredText } from './validation';

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
