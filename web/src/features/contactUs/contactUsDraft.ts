import type { UiMessage } from '../../../../contract/errors';
import type { ZodIssue } from 'zod';
import {
  CONTACT_COMMENTS_MAX,
  CONTACT_COMPANY_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_LOCATION_MAX,
  CONTACT_METHOD,
  CONTACT_MODEL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_TYPE,
  ContactUsRequest,
  REQUEST_QUOTE_MAX,
  type CALL_TIME_SLOTS,
  type ContactUsRequestInput,
  type INSTRUMENT_COUNT_OPTIONS,
} from '../../../../contract/feedback';

/** The contact-us form as typed. Fields of the other types are kept while the type changes, and not sent. */
export interface Draft {
  type: number | null;
  firstName: string;
  lastName: string;
  companyName: string;
  countryId: number | null;
  contactMethod: number;
  emailAddress: string;
  telephone: string;
  callTime: '' | (typeof CALL_TIME_SLOTS)[number];
  /** Sales. */
  challenge: number | null;
  timeline: number | null;
  requestQuote: string;
  /** Instrument relocation. */
  instruments: '' | (typeof INSTRUMENT_COUNT_OPTIONS)[number];
  location: string;
  relocation: string;
  moveDate: string;
  /** Technical support. */
  category: number | null;
  model: string;
  comments: string;
}

export type Field = keyof Draft;

export type FieldErrors = Partial<Record<Field, UiMessage>>;

/** The signed-in user as the form starts from. */
export interface Me {
  firstName: string;
  lastName: string;
  emailAddress: string;
  officePhone: string | null;
  companyName: string;
}

/** A new form: the user's own name, company, e-mail and country; contact by e-mail. */
export const initialDraft = (me: Me, countryId: number | null): Draft => ({
  type: null,
  firstName: me.firstName.slice(0, CONTACT_NAME_MAX),
  lastName: me.lastName.slice(0, CONTACT_NAME_MAX),
  companyName: me.companyName.slice(0, CONTACT_COMPANY_MAX),
  countryId,
  contactMethod: CONTACT_METHOD.Email,
  emailAddress: me.emailAddress,
  telephone: '',
  callTime: '',
  challenge: null,
  timeline: null,
  requestQuote: '',
  instruments: '',
  location: '',
  relocation: '',
  moveDate: '',
  category: null,
  model: '',
  comments: '',
});

/** Whether the user has changed anything leaving would lose. */
export const isDirty = (draft: Draft, initial: Draft): boolean =>
  (Object.keys(initial) as Field[]).some((field) => draft[field] !== initial[field]);

/**
 * Choosing a contact method (spec 3 section 5): e-mail puts back the user's own address and clears the phone;
 * phone clears the e-mail (and offers the user's office phone when none is typed).
 */
export function withContactMethod(draft: Draft, method: number, me: Me): Draft {
  if (method === CONTACT_METHOD.Email) {
    return { ...draft, contactMethod: method, emailAddress: me.emailAddress, telephone: '', callTime: '' };
  }
  if (method === CONTACT_METHOD.Phone) {
    return { ...draft, contactMethod: method, emailAddress: '', telephone: draft.telephone || (me.officePhone ?? '') };
  }
  return { ...draft, contactMethod: method };
}

const text = (value: string) => value.trim() || null;

/** The request as sent: the fields of the chosen type only, and the chosen country's name. */
export function requestOf(draft: Draft, countryName: string | null): ContactUsRequestInput {
  const is = (type: number) => draft.type === type;
  return {
    type: draft.type as number,
    firstName: draft.firstName,
    lastName: draft.lastName,
    companyName: text(draft.companyName),
    countryId: draft.countryId,
    country: draft.countryId === null ? null : countryName,
    contactMethod: draft.contactMethod,
    emailAddress: text(draft.emailAddress),
    telephone: text(draft.telephone),
    callTime: draft.callTime || null,
    challenge: is(CONTACT_TYPE.Sales) ? draft.challenge : null,
    timeline: is(CONTACT_TYPE.Sales) ? draft.timeline : null,
    requestQuote: is(CONTACT_TYPE.Sales) ? text(draft.requestQuote) : null,
    instruments: is(CONTACT_TYPE.InstrumentRelocation) ? draft.instruments || null : null,
    location: is(CONTACT_TYPE.InstrumentRelocation) ? text(draft.location) : null,
    relocation: is(CONTACT_TYPE.InstrumentRelocation) ? text(draft.relocation) : null,
    moveDate: is(CONTACT_TYPE.InstrumentRelocation) ? draft.moveDate || null : null,
    category: is(CONTACT_TYPE.TechnicalSupport) ? draft.category : null,
    model: is(CONTACT_TYPE.TechnicalSupport) ? text(draft.model) : null,
    comments: text(draft.comments),
  };
}

/** The maximum length of each text field, for the counters and the too-long message. */
export const MAX_LENGTH: Partial<Record<Field, number>> = {
  firstName: CONTACT_NAME_MAX,
  lastName: CONTACT_NAME_MAX,
  companyName: CONTACT_COMPANY_MAX,
  emailAddress: CONTACT_EMAIL_MAX,
  telephone: CONTACT_PHONE_MAX,
  requestQuote: REQUEST_QUOTE_MAX,
  location: CONTACT_LOCATION_MAX,
  relocation: CONTACT_LOCATION_MAX,
  model: CONTACT_MODEL_MAX,
  comments: CONTACT_COMMENTS_MAX,
};

function messageOf(issue: Pick<ZodIssue, 'message' | 'code'>, field: Field): UiMessage {
  if (issue.message === 'request_type_tips') return { key: 'feedback:request_type_tips' };
  if (issue.message === 'required_field') return { key: 'required_field' };
  if (issue.message === 'lblEmailsWarning') return { key: 'feedback:email_invalid' };
  if (issue.message === 'phone') return { key: 'feedback:phone_invalid' };
  if (issue.code === 'too_big' && MAX_LENGTH[field] !== undefined)
    return { key: 'feedback:too_long', values: { max: MAX_LENGTH[field] } };
  return { key: 'invalid_value' };
}

/** Per-field messages of schema issues, the first per field. */
export function fieldErrorsOf(issues: ReadonlyArray<Pick<ZodIssue, 'path' | 'message' | 'code'>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as Field;
    errors[field] ??= messageOf(issue, field);
  }
  return errors;
}

/** Checks the draft by the contract's rules (the rules of a type and a contact method need both chosen). */
export function validate(draft: Draft, countryName: string | null): FieldErrors {
  const parsed = ContactUsRequest.safeParse(requestOf(draft, countryName));
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}

/** The fields that must be filled for the draft's type and contact method (the asterisks). */
export function requiredFields(draft: Pick<Draft, 'type' | 'contactMethod'>): ReadonlySet<Field> {
  const fields: Field[] = ['type', 'firstName', 'lastName', 'contactMethod'];
  if (draft.contactMethod === CONTACT_METHOD.Email) fields.push('emailAddress');
  if (draft.contactMethod === CONTACT_METHOD.Phone) fields.push('telephone', 'callTime');
  if (draft.contactMethod === CONTACT_METHOD.SeeComments) fields.push('comments');
  if (draft.type === CONTACT_TYPE.Sales) fields.push('challenge', 'timeline');
  if (draft.type === CONTACT_TYPE.InstrumentRelocation) fields.push('instruments', 'location', 'relocation');
  if (draft.type === CONTACT_TYPE.TechnicalSupport) fields.push('category');
  return new Set(fields);
}
