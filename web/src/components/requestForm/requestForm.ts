import type { z, ZodIssue, ZodTypeAny } from 'zod';
import { ContactMethod, type ContactMethodCode } from '../../../../contract/equipment';
import type { UiMessage } from '../../../../contract/errors';
import type { FieldMessages } from '../../lib/failureMessage';

/**
 * What the portal's request forms about an instrument share (contact the contract team, request more info): the
 * requester's contact details prefilled from the signed-in user, checked by the contract's schema.
 */

/** The signed-in user a form starts from. */
export interface Requester {
  firstName: string;
  lastName: string;
  emailAddress: string;
  officePhone: string | null;
}

/** The instrument a request is about: shown read-only and sent with the request. */
export interface RequestInstrument {
  equipmentId: number;
  mfg: string | null;
  model: string | null;
  serial: string | null;
}

export interface ContactDraft {
  firstName: string;
  lastName: string;
  emailAddress: string;
  telephone: string;
  contactMethod: z.infer<typeof ContactMethodCode>;
  comments: string;
}

/** The label of each contact method. */
export const CONTACT_METHOD_LABEL: Readonly<Record<ContactDraft['contactMethod'], string>> = {
  [ContactMethod.ByPhone]: 'contractRequest:method_phone',
  [ContactMethod.ByEmail]: 'contractRequest:method_email',
  [ContactMethod.SeeComments]: 'feedback:method_see_comments',
};

/** The contact methods in the order the spec lists them (spec 2 section 3), with their labels. */
export const CONTACT_METHODS: ReadonlyArray<{ method: ContactDraft['contactMethod']; label: string }> = [
  ContactMethod.ByPhone,
  ContactMethod.ByEmail,
  ContactMethod.SeeComments,
].map((method) => ({ method, label: CONTACT_METHOD_LABEL[method] }));

/** A new form: the signed-in user's name, e-mail and office phone; contact by e-mail. */
export const contactDraftOf = (me: Requester): ContactDraft => ({
  firstName: me.firstName,
  lastName: me.lastName,
  emailAddress: me.emailAddress,
  telephone: me.officePhone ?? '',
  contactMethod: ContactMethod.ByEmail,
  comments: '',
});

/** The instrument as a dialog names it: make - model - serial, leaving out what is unknown. */
export const instrumentLabel = ({ mfg, model, serial }: RequestInstrument): string =>
  [mfg, model, serial]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' - ');

/** Trimmed text, or null when nothing is left. */
export const textOrNull = (value: string) => value.trim() || null;

/** The words of the contract schema's message keys (the same words as the contact-us form). */
const SCHEMA_MESSAGES: Readonly<Record<string, string>> = {
  required_field: 'required_field',
  lblEmailsWarning: 'feedback:email_invalid',
  phone: 'feedback:phone_invalid',
};

function messageOf(issue: Pick<ZodIssue, 'message' | 'code'>, max: number | undefined): UiMessage {
  const key = SCHEMA_MESSAGES[issue.message];
  if (key) return { key };
  if (issue.code === 'too_big' && max !== undefined) return { key: 'feedback:too_long', values: { max } };
  return { key: 'invalid_value' };
}

/**
 * The request checked by the contract's schema: the first message per form field. Issues of anything else (the
 * instrument's own values) are the server's to answer.
 */
export function schemaErrors<F extends string>(
  schema: ZodTypeAny,
  request: unknown,
  fields: readonly F[],
  maxLength: Partial<Record<F, number>>,
): FieldMessages<F> {
  const parsed = schema.safeParse(request);
  if (parsed.success) return {};
  const errors: FieldMessages<F> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as F;
    if (fields.includes(field)) errors[field] ??= messageOf(issue, maxLength[field]);
  }
  return errors;
}

/** The messages the user sees: those of the fields they have left, and all of them once they tried to send. */
export function visibleErrors<F extends string>(
  errors: FieldMessages<F>,
  touched: ReadonlySet<F>,
  submitted: boolean,
): FieldMessages<F> {
  if (submitted) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field as F))) as FieldMessages<F>;
}

/** The first field to correct, in screen order. */
export const firstInvalid = <F extends string>(errors: FieldMessages<F>, fields: readonly F[]): F | undefined =>
  fields.find((field) => errors[field]);
