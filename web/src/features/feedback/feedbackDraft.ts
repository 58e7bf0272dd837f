import type { UiMessage } from '../../../../contract/errors';
import type { ZodIssue } from 'zod';
import {
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_EMAILS_MAX,
  FEEDBACK_FILE_MAX_BYTES,
  FEEDBACK_MAX_FILES,
  FeedbackRequest,
  type FeedbackFile,
  type FeedbackRequestInput,
} from '../../../../contract/feedback';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  FEEDBACK_EXTENSIONS,
  hasAllowedExtension,
} from '../../../../contract/images';
import { MB } from '../../../../contract/limits';

/** The feedback form as typed: the description, the notification e-mails and the picked files. */
export interface Draft {
  description: string;
  emailTo: string;
  files: File[];
}

export const EMPTY_DRAFT: Draft = { description: '', emailTo: '', files: [] };

export type Field = 'description' | 'emailTo' | 'attachments';

export type FieldErrors = Partial<Record<Field, UiMessage>>;

/** The accept list of the file picker and the types named to the user. */
export const ACCEPT = FEEDBACK_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const TYPE_LIST = FEEDBACK_EXTENSIONS.map((ext) => `.${ext}`).join(' ');

export const TOO_MANY: UiMessage = { key: 'Attach_smaller_maxFile', values: { maxFiles: FEEDBACK_MAX_FILES } };
export const TOO_LARGE: UiMessage = { key: FILE_SIZE_MESSAGE, values: { maxSize: FEEDBACK_FILE_MAX_BYTES / MB } };
export const WRONG_TYPE: UiMessage = { key: FILE_TYPE_MESSAGE };
export const EMAILS_INVALID: UiMessage = { key: 'feedback:lblEmailsWarning' };

export const isDirty = (draft: Draft) =>
  draft.description.trim() !== '' || draft.emailTo.trim() !== '' || draft.files.length > 0;

/** The description is sent HTML-escaped (spec 3 section 5). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );

/** The request as sent, with the files once they are in storage. */
export const requestOf = (draft: Draft, attachFiles: FeedbackFile[]): FeedbackRequestInput => ({
  emailTo: draft.emailTo.trim(),
  issueDescription: escapeHtml(draft.description.trim()),
  attachFiles,
});

/** What is wrong with one picked file (type, size, empty), or null. */
export function fileProblem(file: { name: string; size: number }): UiMessage | null {
  if (!hasAllowedExtension('FeedbackAttachment', file.name)) return WRONG_TYPE;
  if (file.size > FEEDBACK_FILE_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return { key: 'feedback:attachment_empty' };
  return null;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * The files after picking more: the files already there plus the new ones (a file picked twice counts once).
 * Refused as a whole, with the message, when one is not acceptable or there would be more than four.
 */
export function addFiles(current: File[], picked: File[]): { files: File[]; problem: UiMessage | null } {
  const fresh = picked.filter((p) => !current.some((c) => sameFile(c, p)));
  for (const file of fresh) {
    const problem = fileProblem(file);
    if (problem) return { files: current, problem };
  }
  const files = [...current, ...fresh];
  if (files.length > FEEDBACK_MAX_FILES) return { files: current, problem: TOO_MANY };
  return { files, problem: null };
}

function messageOf(issue: Pick<ZodIssue, 'message' | 'code'>, field: Field): UiMessage {
  if (issue.message === 'required_field') return { key: 'required_field' };
  if (issue.message === 'lblEmailsWarning') return EMAILS_INVALID;
  if (issue.message === FILE_TYPE_MESSAGE) return WRONG_TYPE;
  if (issue.message === FILE_SIZE_MESSAGE) return TOO_LARGE;
  if (issue.message === 'Attach_smaller_maxFile') return TOO_MANY;
  if (issue.code === 'too_big' && field === 'description')
    return { key: 'feedback:description_too_long', values: { max: FEEDBACK_DESCRIPTION_MAX } };
  if (issue.code === 'too_big' && field === 'emailTo')
    return { key: 'feedback:emails_too_long', values: { max: FEEDBACK_EMAILS_MAX } };
  return { key: 'invalid_value' };
}

const FIELD_OF_PATH: Readonly<Record<string, Field>> = {
  issueDescription: 'description',
  emailTo: 'emailTo',
  attachFiles: 'attachments',
};

/** Per-field messages of schema issues, the first per field. */
export function fieldErrorsOf(issues: ReadonlyArray<Pick<ZodIssue, 'path' | 'message' | 'code'>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = FIELD_OF_PATH[String(issue.path[0])];
    if (field) errors[field] ??= messageOf(issue, field);
  }
  return errors;
}

/** Checks the draft by the contract's rules before anything is uploaded. */
export function validate(draft: Draft): FieldErrors {
  const parsed = FeedbackRequest.safeParse(requestOf(draft, []));
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  const problem =
    draft.files.length > FEEDBACK_MAX_FILES ? TOO_MANY : draft.files.map(fileProblem).find((p) => p !== null);
  if (problem) errors.attachments ??= problem;
  return errors;
}
