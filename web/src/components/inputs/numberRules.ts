import { acceptsBoundedInput, acceptsNumberKeystroke, type NumberBounds } from '../../../../contract/validation';

export interface NumberRules {
  /** Bounded input (digits only, no leading zeros, range); without bounds any signed decimal is accepted. */
  bounds?: NumberBounds;
  /** At most this many characters (the range filter takes 8). */
  maxLength?: number;
}

/** Whether a number input takes the text a keystroke or paste would leave in it (spec 1 section 5). */
export function acceptsNumberText(next: string, { bounds, maxLength }: NumberRules): boolean {
  if (maxLength !== undefined && next.length > maxLength) return false;
  return bounds ? acceptsBoundedInput(next, bounds) : acceptsNumberKeystroke(next);
}
