import { ErrorCode } from '../../../../contract/errors';
import { ContractTeamRequest, REQUEST_MAX, USER_ADDED_REFUSAL } from '../../../../contract/equipment';
import type { FailureRules, FieldMessages } from '../../lib/failureMessage';
import {
  contactDraftOf,
  firstInvalid as firstInvalidOf,
  schemaErrors,
  textOrNull as text,
  type ContactDraft,
  type RequestInstrument,
  type Requester,
} from '../requestForm/requestForm';

export { instrumentLabel, visibleErrors, type Requester } from '../requestForm/requestForm';

/** The instrument the request is about: shown read-only and sent with the request. */
export type ContractInstrument = RequestInstrument;

/** The contract-team form as typed (spec 2 section 3 "Contract-team request"). */
export interface Draft extends ContactDraft {
  interestedIn: string;
  additionalSolutionsFor: string;
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
  'additionalSolutionsFor',
];

/** Most characters of a free-text field the spec gives no limit: the contract's schema holds it (chosen there). */
const maxOf = (field: 'interestedIn' | 'additionalSolutionsFor') =>
  ContractTeamRequest.shape[field].unwrap().unwrap().maxLength ?? REQUEST_MAX.comments;

/** Most characters of each text field (spec 2 section 9), for the inputs, the counter and the too-long message. */
export const MAX_LENGTH = {
  firstName: REQUEST_MAX.name,
  lastName: REQUEST_MAX.name,
  emailAddress: REQUEST_MAX.email,
  telephone: REQUEST_MAX.phone,
  comments: REQUEST_MAX.comments,
  interestedIn: maxOf('interestedIn'),
  additionalSolutionsFor: maxOf('additionalSolutionsFor'),
} as const satisfies Partial<Record<Field, number>>;

/** A new form: the signed-in user's name, e-mail and office phone; contact by e-mail. */
export const initialDraft = (me: Requester): Draft => ({
  ...contactDraftOf(me),
  interestedIn: '',
  additionalSolutionsFor: '',
});

/** Whether closing now would lose something the user typed or chose. */
export const isDirty = (draft: Draft, initial: Draft): boolean =>
  FIELDS.some((field) => draft[field] !== initial[field]);

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
    additionalSolutionsFor: text(draft.additionalSolutionsFor),
    mfg: instrument.mfg,
    model: instrument.model,
    serial: instrument.serial,
  };
}

/**
 * Checks the draft by the contract's rules: the first message per field. Only the typed fields are answered here;
 * the instrument's own values come from the server, and the server says so should it refuse them.
 */
export const validate = (draft: Draft, instrument: ContractInstrument): FieldErrors =>
  schemaErrors(ContractTeamRequest, requestOf(draft, instrument), FIELDS, MAX_LENGTH);

/** The first field to correct, in screen order. */
export const firstInvalid = (errors: FieldErrors): Field | undefined => firstInvalidOf(errors, FIELDS);

/**
 * How a failed send is worded, above the form; nothing shows when another part of the app answers it (an expired
 * session, a global error code) or the call was aborted. The problems of the instrument itself (not found, added
 * by the user) are said there too: the instrument is not a field the user can correct.
 */
export const SEND_FAILURES: FailureRules = {
  failed: { key: 'contractRequest:send_failed' },
  refused: { key: 'contractRequest:send_refused' },
  byErrorCode: { [ErrorCode.EquipmentNotFound]: { key: 'errorMessage:error_msg_10002' } },
  byRefusal: { [USER_ADDED_REFUSAL]: { key: 'contractRequest:user_added_refused' } },
};
