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
