import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits';

/** Shared rules of spec 1 section 5; client forms and server schemas both use them. */
export const PHONE_PATTERN = /^\+?[0-9()\-\s./]*$/;
/**
 * A local part, then a domain with a dot that is neither its first nor its last character. Written so that every
 * character has one way to match (the first dot of the domain ends the run before it): linear time on any input.
 */
export const EMAIL_PATTERN = /^[^\s@;,]+@[^\s@;,][^\s@;,.]*\.[^\s@;,]*[^\s@;,]$/;
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d).{${PASSWORD_MIN},${PASSWORD_MAX}}$`);

export const isPhone = (value: string) => PHONE_PATTERN.test(value);
/** Empty is allowed; otherwise a standard e-mail. */
export const isEmailOrEmpty = (value: string) => value === '' || EMAIL_PATTERN.test(value);

/**
 * A trimmed text of at most `max` characters whose further checks run only within that length: zod runs every
 * check of a string even after one fails, so a pattern would otherwise see a megabyte a caller sent.
 */
export const lengthFirst = <T extends z.ZodTypeAny>(max: number, then: T) => z.string().trim().max(max).pipe(then);

/** A phone number; `required` makes empty answer `required_field`. */
export const phoneSchema = (max: number, required = false) =>
  lengthFirst(max, (required ? z.string().min(1, 'required_field') : z.string()).regex(PHONE_PATTERN, 'phone'));
/** A trimmed mandatory text: empty answers `required_field`. */
export const requiredText = (max: number) => z.string().trim().min(1, 'required_field').max(max);

/** An optional text: empty or null allowed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** One e-mail (empty allowed), message key lblEmailsWarning. */
export const emailSchema = (max: number) => lengthFirst(max, z.string().refine(isEmailOrEmpty, 'lblEmailsWarning'));

/** Split a semicolon-separated list of addresses, dropping empty entries and surrounding spaces. */
export const splitEmailList = (value: string) =>
  value
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A semicolon-separated e-mail list (spec 1 section 5): every address valid, message key lblEmailsWarning. */
export const emailListSchema = (max: number) =>
  lengthFirst(
    max,
    z.string().refine((v) => splitEmailList(v).every((e) => EMAIL_PATTERN.test(e)), 'lblEmailsWarning'),
  );

/** A new password: 6 to 12 characters mixing letters and digits, message key userManagement:Mix_letters_numbers. */
export const passwordSchema = z
  .string()
  .max(PASSWORD_MAX, 'userManagement:Mix_letters_numbers')
  .pipe(z.string().regex(PASSWORD_PATTERN, 'userManagement:Mix_letters_numbers'));

/** Number input (spec 1 section 5): an optionally signed decimal with optional exponent, or empty. */
export const SIGNED_DECIMAL_PATTERN = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
export const isSignedDecimalOrEmpty = (value: string) => value === '' || SIGNED_DECIMAL_PATTERN.test(value);
/** While typing: the prefixes of a signed decimal are accepted too ("-", "1.", "1e", "1e-"); other keystrokes are ignored. */
export const acceptsNumberKeystroke = (next: string) =>
  /^[-+]?(\d*(\.\d*)?)([eE][-+]?\d*)?$/.test(next) && !/^[-+]?\.?[eE]/.test(next);

export interface NumberBounds {
  min?: number;
  max?: number;
  /** Decimal places allowed; 0 or absent means whole numbers. */
  decimals?: number;
}

/**
 * Bounded number input: digits only, no leading zeros, a minus only when a bound is negative, at most the
 * configured decimals, values out of range ignored; empty and a lone minus are allowed while typing.
 */
export function acceptsBoundedInput(next: string, { min, max, decimals = 0 }: NumberBounds): boolean {
  if (next === '') return true;
  const negativeAllowed = (min ?? 0) < 0 || (max ?? 0) < 0;
  if (next === '-') return negativeAllowed;
  const decimalPart = decimals > 0 ? `(\\.\\d{0,${decimals}})?` : '';
  if (!new RegExp(`^${negativeAllowed ? '-?' : ''}(0|[1-9]\\d*)${decimalPart}$`).test(next)) return false;
  const n = Number(next);
  if (min !== undefined && n < min) return false;
  if (max !== undefined && n > max) return false;
  return true;
}

/** Counter: an integer within min and max; empty or out of range falls back to 1. */
export function normaliseCounter(value: string | number | null | undefined, min: number, max: number): number {
  const n = typeof value === 'number' ? value : value == null || value === '' ? NaN : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) return 1;
  return n;
}
export const counterCanDecrement = (value: number, min: number) => value > min;
export const counterCanIncrement = (value: number, max: number) => value < max;

/** Date filter range: end may not precede start; start from the start of its day, end to the end of its day. */
export function dateFilterRange(
  start: string | null,
  end: string | null,
): { start: string | null; end: string | null } | null {
  const day = (d: string) => d.slice(0, 10);
  if (start && !/^\d{4}-\d{2}-\d{2}/.test(start)) return null;
  if (end && !/^\d{4}-\d{2}-\d{2}/.test(end)) return null;
  if (start && end && day(end) < day(start)) return null;
  return {
    start: start ? `${day(start)}T00:00:00` : null,
    end: end ? `${day(end)}T23:59:59` : null,
  };
}
