import type { z, ZodIssue } from 'zod';
import { ErrorCode } from '../../../../contract/errors';
import {
  ContactMethod,
  ContactMethodCode,
  ContractTeamRequest,
  REQUEST_MAX,
  USER_ADDED_REFUSAL,
} from '../../../../contract/equipment';
import { submitProblemOf, type FieldMessages, type Message } from '../../lib/submitProblems';

/** The instrument the request is about: shown read-only and sent with the request. */
export interface ContractInstrument {
  equipmentId: number;
  mfg: string | null;
  model: string | null;
  serial: string | null;
}

/** The signed-in user the form starts from. */
export interface Requester {
  firstName: string;
  lastName: string;
  emailAddress: string;
  officePhone: string | null;
}

/** The contract-team form as typed (spec 2 section 3 "Contract-team request"). */
export interface Draft {
  firstName: string;
  lastName: string;
  emailAddress: string;
  telephone: string;
  contactMethod: z.infer<typeof ContactMethodCode>;
  comments: string;
  interestedIn: string;
}

export type Field = keyof Draft;
export type FieldErrors = FieldMessages<Field>;

/** The fields in the order they appear, so the first to correct is the first on screen. */
export const FIELDS: readonly Field[] = [
  'firstName',
  'lastName',
  'emailAddress',
  'telephone',
  'contactMethod',
  'comments',
  'interestedIn',
];

/** Most characters of interested-in: the contract's schema holds it (chosen there: not in spec). */
const INTERESTED_IN_MAX = ContractTeamRequest.shape.interestedIn.unwrap().unwrap().maxLength ?? REQUEST_MAX.comments;

/** Most characters of each text field (spec 2 section 9), for the inputs, the counter and the too-long message. */
export const MAX_LENGTH = {
  firstName: REQUEST_MAX.name,
  lastName: REQUEST_MAX.name,
  emailAddress: REQUEST_MAX.email,
  telephone: REQUEST_MAX.phone,
  comments: REQUEST_MAX.comments,
  interestedIn: INTERESTED_IN_MAX,
} as const satisfies Partial<Record<Field, number>>;

/** A new form: the signed-in user's name, e-mail and office phone; contact by e-mail. */
export const initialDraft = (me: Requester): Draft => ({
  firstName: me.firstName,
  lastName: me.lastName,
  emailAddress: me.emailAddress,
  telephone: me.officePhone ?? '',
  contactMethod: ContactMethod.ByEmail,
  comments: '',
  interestedIn: '',
});

/** Whether closing now would lose something the user typed or chose. */
export const isDirty = (draft: Draft, initial: Draft): boolean =>
  FIELDS.some((field) => draft[field] !== initial[field]);

/** The instrument as the dialog names it: make - model - serial, leaving out what is unknown. */
export const instrumentLabel = ({ mfg, model, serial }: ContractInstrument): string =>
  [mfg, model, serial]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' - ');

const text = (value: string) => value.trim() || null;

/** The request as sent: the typed fields trimmed, the instrument, and the requester's full name. */
export function requestOf(draft: Draft, instrument: ContractInstrument): ContractTeamRequest {
  return {
    equipmentId: instrument.equipmentId,
    userName: text(`${draft.firstName.trim()} ${draft.lastName.trim()}`),
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    emailAddress: draft.emailAddress.trim(),
    telephone: draft.telephone.trim(),
    contactMethod: draft.contactMethod,
    comments: text(draft.comments),
    interestedIn: text(draft.interestedIn),
    additionalSolutionsFor: null,
    mfg: instrument.mfg,
    model: instrument.model,
    serial: instrument.serial,
  };
}

/** The words of the contract schema's message keys (the same words as the contact-us form). */
const SCHEMA_MESSAGES: Readonly<Record<string, string>> = {
  required_field: 'required_field',
  lblEmailsWarning: 'feedback:email_invalid',
  phone: 'feedback:phone_invalid',
};

const isField = (name: unknown): name is Field => FIELDS.includes(name as Field);

function messageOf(issue: Pick<ZodIssue, 'message' | 'code'>, field: Field): Message {
  const key = SCHEMA_MESSAGES[issue.message];
  if (key) return { key };
  const max = (MAX_LENGTH as Partial<Record<Field, number>>)[field];
  if (issue.code === 'too_big' && max !== undefined) return { key: 'feedback:too_long', values: { max } };
  return { key: 'invalid_value' };
}

/**
 * Checks the draft by the contract's rules: the first message per field. Only the typed fields are answered here;
 * the instrument's own values come from the server, and the server says so should it refuse them.
 */
export function validate(draft: Draft, instrument: ContractInstrument): FieldErrors {
  const parsed = ContractTeamRequest.safeParse(requestOf(draft, instrument));
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= messageOf(issue, field);
  }
  return errors;
}

/** The messages the user sees: those of the fields they have left, and all of them once they tried to send. */
export function visibleErrors(errors: FieldErrors, touched: ReadonlySet<Field>, submitted: boolean): FieldErrors {
  if (submitted) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field as Field)));
}

/** The first field to correct, in screen order. */
export const firstInvalid = (errors: FieldErrors): Field | undefined => FIELDS.find((field) => errors[field]);

/**
 * What a failed send says, above the form; undefined when another part of the app answers it (an expired
 * session, a global error code) or the call was aborted. The problems of the instrument itself (not found, added
 * by the user) are said there too: the instrument is not a field the user can correct.
 */
export function sendProblemOf(e: unknown): Message | undefined {
  const problem = submitProblemOf<'instrument'>(e, {
    failed: 'contractRequest:send_failed',
    refused: 'contractRequest:send_refused',
    errorCodes: { [ErrorCode.EquipmentNotFound]: { instrument: { key: 'errorMessage:error_msg_10002' } } },
    refusals: { [USER_ADDED_REFUSAL]: { instrument: { key: 'contractRequest:user_added_refused' } } },
  });
  return problem?.general ?? problem?.fields?.instrument;
}
