import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits';

/** Shared rules of spec 1 section 5; client forms and server schemas both use them. */
export const PHONE_PATTERN = /^\+?[0-9()\-\s./]*$/;
export const EMAIL_PATTERN = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d).{${PASSWORD_MIN},${PASSWORD_MAX}}$`);

export const isPhone = (value: string) => PHONE_PATTERN.test(value);
/** Empty is allowed; otherwise a standard e-mail. */
export const isEmailOrEmpty = (value: string) => value === '' || EMAIL_PATTERN.test(value);

export const phoneSchema = (max: number) => z.string().trim().max(max).regex(PHONE_PATTERN, 'phone');
/** A trimmed mandatory text: empty answers `required_field`. */
export const requiredText = (max: number) => z.string().trim().min(1, 'required_field').max(max);

/** An optional text: empty or null allowed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** One e-mail (empty allowed), message key lblEmailsWarning. */
export const emailSchema = (max: number) =>
  z.string().trim().max(max).refine(isEmailOrEmpty, 'lblEmailsWarning');

/** Split a semicolon-separated list of addresses, dropping empty entries and surrounding spaces. */
export const splitEmailList = (value: string) =>
  value
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A semicolon-separated e-mail list (spec 1 section 5): every address valid, message key lblEmailsWarning. */
export const emailListSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => splitEmailList(v).every((e) => EMAIL_PATTERN.test(e)), 'lblEmailsWarning');

/** A new password: 6 to 12 characters mixing letters and digits, message key userManagement:Mix_letters_numbers. */
export const passwordSchema = z.string().regex(PASSWORD_PATTERN, 'userManagement:Mix_letters_numbers');
