import type { UiMessage } from '../../../../contract/errors';
import type { z, ZodIssue } from 'zod';
import type { CustomerUserOption } from '../../../../contract/accountManagement';
import type { Equipment } from '../../../../contract/equipment';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  hasAllowedExtension,
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
  SERVICE_REQUEST_ATTACHMENT_MAX_FILES,
} from '../../../../contract/images';
import { MB } from '../../../../contract/limits';
import {
  DEFAULT_SERVICE_PRIORITY,
  SERVICE_REQUEST_MAX,
  ServiceRequest,
  type ServiceRequestAttachment,
  type ServiceRequestInput,
} from '../../../../contract/serviceCalls';
import { EMAIL_PATTERN, splitEmailList } from '../../../../contract/validation';
import type { RememberedEmails } from './rememberedEmails';

/** A colleague the request can be made for (users/customer/users). */
export type CustomerUser = z.infer<typeof CustomerUserOption>;

/** The fields of the form that can carry a message. */
export type Field =
  'equipment' | 'issueType' | 'priority' | 'issueText' | 'requestedFor' | 'requestEmail' | 'officePhone' | 'attachment';

export type FieldErrors = Partial<Record<Field, UiMessage>>;

/** Who on the instrument can be notified with a tick (spec 2 section 5). */
export type NotifyRole = 'primaryUser' | 'labManager';

export interface Draft {
  /** The "for a specific instrument" toggle. */
  withEquipment: boolean;
  equipment: Equipment | null;
  /** '' means the first issue type of the configuration (the default). */
  issueType: string;
  priority: number;
  issueText: string;
  requestForOther: boolean;
  requestedFor: CustomerUser | null;
  requestEmail: string;
  notify: Record<NotifyRole, boolean>;
  /** Remember the notification addresses for the next request (the e-mail save preference). */
  rememberEmails: boolean;
  officePhone: string;
  attachment: File | null;
}

export const initialDraft = (
  equipment: Equipment | null,
  officePhone: string | null,
  remembered: RememberedEmails = { remember: false, addresses: [] },
): Draft => ({
  withEquipment: equipment !== null,
  equipment,
  issueType: '',
  priority: DEFAULT_SERVICE_PRIORITY,
  issueText: '',
  requestForOther: false,
  requestedFor: null,
  requestEmail: remembered.addresses.join('; '),
  notify: { primaryUser: false, labManager: false },
  rememberEmails: remembered.remember,
  officePhone: officePhone ?? '',
  attachment: null,
});

/** Whether the user has changed anything a close would lose. */
export function isDirty(draft: Draft, initial: Draft): boolean {
  return (
    draft.withEquipment !== initial.withEquipment ||
    draft.equipment?.equipmentId !== initial.equipment?.equipmentId ||
    draft.issueType !== initial.issueType ||
    draft.priority !== initial.priority ||
    draft.issueText.trim() !== '' ||
    draft.requestForOther !== initial.requestForOther ||
    draft.requestedFor !== null ||
    draft.requestEmail.trim() !== initial.requestEmail.trim() ||
    draft.rememberEmails !== initial.rememberEmails ||
    draft.officePhone !== initial.officePhone ||
    draft.attachment !== null
  );
}

/** Escapes the five characters HTML gives meaning to: the issue text is sent HTML-escaped (spec 2 section 5). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );

/** The e-mail of the instrument's primary user or lab manager, when it is a valid address. */
export function notifyAddress(equipment: Equipment | null, role: NotifyRole): string | null {
  const address = (role === 'primaryUser' ? equipment?.contactEmail : equipment?.contactMgrEmail)?.trim() ?? '';
  return EMAIL_PATTERN.test(address) ? address : null;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The list with the address added once (kept where it already is). */
export const withAddress = (list: string, address: string): string => {
  const addresses = splitEmailList(list);
  return addresses.some((a) => sameAddress(a, address)) ? list : [...addresses, address].join('; ');
};

/** The addresses the ticks added: they belong to the instrument, not to the user's own list. */
export const tickedAddresses = (draft: Draft): string[] =>
  (['primaryUser', 'labManager'] as const)
    .filter((role) => draft.notify[role])
    .map((role) => notifyAddress(draft.equipment, role))
    .filter((a): a is string => a !== null);

/** The list without the address. */
export const withoutAddress = (list: string, address: string): string =>
  splitEmailList(list)
    .filter((a) => !sameAddress(a, address))
    .join('; ');

/** The request as sent, with the attachment once it is in storage. */
export function requestOf(
  draft: Draft,
  defaults: { issueType: string; contactName: string; email: string },
  attachFiles: ServiceRequestAttachment[],
): ServiceRequestInput {
  return {
    equipmentId: draft.withEquipment ? (draft.equipment?.equipmentId ?? null) : null,
    requestForOther: draft.requestForOther,
    requestForUserId: draft.requestForOther ? (draft.requestedFor?.userId ?? null) : null,
    issueType: draft.issueType || defaults.issueType,
    priority: draft.priority,
    issueText: escapeHtml(draft.issueText.trim()),
    attachFiles,
    requestEmail: draft.requestEmail,
    contactName: defaults.contactName,
    email: defaults.email,
    officePhone: draft.officePhone.trim() || null,
  };
}

const FIELD_OF_PATH: Readonly<Record<string, Field>> = {
  equipmentId: 'equipment',
  issueType: 'issueType',
  priority: 'priority',
  issueText: 'issueText',
  requestForUserId: 'requestedFor',
  requestEmail: 'requestEmail',
  officePhone: 'officePhone',
  attachFiles: 'attachment',
};

export const TOO_LARGE: UiMessage = {
  key: FILE_SIZE_MESSAGE,
  values: { maxSize: SERVICE_REQUEST_ATTACHMENT_MAX_BYTES / MB },
};
export const WRONG_TYPE: UiMessage = { key: FILE_TYPE_MESSAGE };

/** The message of a schema issue, by the spec's message keys. */
function messageOf(issue: ZodIssue, field: Field): UiMessage {
  if (issue.message === 'required_field') return { key: 'required_field' };
  if (issue.message === 'lblEmailsWarning') return { key: 'serviceRequest:lblEmailsWarning' };
  if (issue.message === 'phone') return { key: 'serviceRequest:invalid_phone' };
  if (issue.message === FILE_TYPE_MESSAGE) return WRONG_TYPE;
  if (issue.message === FILE_SIZE_MESSAGE) return TOO_LARGE;
  if (issue.code === 'too_big' && field === 'officePhone') {
    return { key: 'serviceRequest:office_phone_too_long', values: { max: SERVICE_REQUEST_MAX.officePhone } };
  }
  if (issue.code === 'too_big' && field === 'issueText') {
    return { key: 'serviceRequest:issue_text_too_long', values: { max: SERVICE_REQUEST_MAX.issueText } };
  }
  return { key: 'invalid_value' };
}

/** Per-field messages of schema issues (the first per field); issues of read-only fields are left out. */
export function fieldErrorsOf(issues: readonly Pick<ZodIssue, 'path' | 'message' | 'code'>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = FIELD_OF_PATH[String(issue.path[0])];
    if (field) errors[field] ??= messageOf(issue as ZodIssue, field);
  }
  return errors;
}

/** Checks the draft by the contract's rules before anything is uploaded. */
export function validate(request: ServiceRequestInput, draft: Draft): FieldErrors {
  const parsed = ServiceRequest.safeParse(request);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  if (draft.withEquipment && !draft.equipment) errors.equipment ??= { key: 'required_field' };
  const fileProblem = draft.attachment ? attachmentProblem([draft.attachment]) : null;
  if (fileProblem) errors.attachment ??= fileProblem;
  return errors;
}

/** What is wrong with picked files (spec 2 section 5 "Attachments": 1 file, 5 MB, the listed types). */
export function attachmentProblem(files: ReadonlyArray<{ name: string; size: number }>): UiMessage | null {
  if (files.length > SERVICE_REQUEST_ATTACHMENT_MAX_FILES) {
    return { key: 'Attach_smaller_maxFile', values: { maxFiles: SERVICE_REQUEST_ATTACHMENT_MAX_FILES } };
  }
  const file = files[0];
  if (!file) return null;
  if (!hasAllowedExtension('ServiceRequestAttachment', file.name)) return WRONG_TYPE;
  if (file.size > SERVICE_REQUEST_ATTACHMENT_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return { key: 'serviceRequest:attachment_empty' };
  return null;
}
