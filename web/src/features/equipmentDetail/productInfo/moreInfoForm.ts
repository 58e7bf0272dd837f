import { ErrorCode } from '../../../../../contract/errors';
import { MoreInfoRequest, REQUEST_MAX } from '../../../../../contract/equipment';
import {
  contactDraftOf,
  firstInvalid as firstInvalidOf,
  schemaErrors,
  textOrNull,
  type ContactDraft,
  type Requester,
} from '../../../components/requestForm/requestForm';
import type { FailureRules, FieldMessages } from '../../../lib/failureMessage';

/** The request-more-info form as typed (spec 2 section 3 "More-info request", section 5 "Request more info"). */
export interface MoreInfoDraft extends ContactDraft {
  companyName: string;
  countryId: number | null;
}

export type MoreInfoField = keyof MoreInfoDraft;

/** The fields in the order they appear, so the first to correct is the first on screen. */
export const MORE_INFO_FIELDS: readonly MoreInfoField[] = [
  'firstName',
  'lastName',
  'emailAddress',
  'telephone',
  'companyName',
  'countryId',
  'contactMethod',
  'comments',
];

export const MORE_INFO_MAX = {
  firstName: REQUEST_MAX.name,
  lastName: REQUEST_MAX.name,
  emailAddress: REQUEST_MAX.email,
  telephone: REQUEST_MAX.phone,
  companyName: REQUEST_MAX.company,
  comments: REQUEST_MAX.comments,
} as const satisfies Partial<Record<MoreInfoField, number>>;

export const initialMoreInfo = (me: Requester): MoreInfoDraft => ({
  ...contactDraftOf(me),
  companyName: '',
  countryId: null,
});

export const isMoreInfoDirty = (draft: MoreInfoDraft, initial: MoreInfoDraft): boolean =>
  MORE_INFO_FIELDS.some((field) => draft[field] !== initial[field]);

/** The request as sent: the typed fields trimmed, with the country's display name attached (spec 2 section 5). */
export function moreInfoRequestOf(
  draft: MoreInfoDraft,
  equipmentId: number,
  countryName: (id: number) => string | undefined,
): MoreInfoRequest {
  return {
    equipmentId,
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    emailAddress: draft.emailAddress.trim(),
    telephone: draft.telephone.trim(),
    companyName: textOrNull(draft.companyName),
    countryId: draft.countryId,
    country: draft.countryId === null ? null : (countryName(draft.countryId) ?? null),
    contactMethod: draft.contactMethod,
    comments: textOrNull(draft.comments),
  };
}

export const validateMoreInfo = (request: MoreInfoRequest): FieldMessages<MoreInfoField> =>
  schemaErrors(MoreInfoRequest, request, MORE_INFO_FIELDS, MORE_INFO_MAX);

export const firstInvalidMoreInfo = (errors: FieldMessages<MoreInfoField>) => firstInvalidOf(errors, MORE_INFO_FIELDS);

/** How a failed send is worded, above the form (the instrument is no field the user can correct). */
export const MORE_INFO_SEND_FAILURES: FailureRules = {
  failed: { key: 'productInfo:send_failed' },
  refused: { key: 'productInfo:send_refused' },
  byErrorCode: { [ErrorCode.EquipmentNotFound]: { key: 'errorMessage:error_msg_10002' } },
};
