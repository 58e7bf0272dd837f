import { GLOBAL_ERROR_CODES, MessageKey } from '../../../contract/errors';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, STORAGE_QUOTA_MESSAGE } from '../../../contract/images';
import { MAIL_QUOTA_PER_HOUR, MAIL_QUOTA_WINDOW_SECONDS } from '../../../contract/limits';
import { TransferFailure } from './fileUpload';
import { requestErrorOf } from './requestErrors';

/** A message key with its interpolation values. */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

export type FieldMessages<F extends string> = Partial<Record<F, Message>>;

/** What a failed submit says: next to fields, or above the form. */
export interface SubmitProblem<F extends string> {
  general?: Message;
  fields?: FieldMessages<F>;
}

/** How a form words the failures of its own call; the rest is the same for every form. */
export interface SubmitProblemRules<F extends string> {
  /** A business error of the call (one that is not the whole app's business). */
  failed: string;
  /** A 400 the form has no field for, and a 403. */
  refused: string;
  /** Business error codes that concern one field. */
  errorCodes?: Readonly<Partial<Record<number, FieldMessages<F>>>>;
  /** A 400's errorMessage that concerns one field. */
  refusals?: Readonly<Record<string, FieldMessages<F>>>;
  /** A file uploaded to storage before the call: its transfer's failures and the server's file refusals. */
  upload?: { field: F; tooLarge: Message; wrongType: Message; failed: string };
}

const NETWORK: Message = { key: 'errorMessage:network_error' };

/** The hourly mail quota is used up: how many mails it allows, and in how many minutes the call can go through. */
const mailQuotaMessage = (retryAfter: number | undefined): Message => ({
  key: MessageKey.mailQuota,
  values: { limit: MAIL_QUOTA_PER_HOUR, minutes: Math.ceil((retryAfter ?? MAIL_QUOTA_WINDOW_SECONDS) / 60) },
});

/**
 * What went wrong with an upload or a silent call, as messages; null when nothing is to be said here (aborted)
 * or another part of the app answers it (an expired session, a global error code).
 */
export function submitProblemOf<F extends string>(e: unknown, rules: SubmitProblemRules<F>): SubmitProblem<F> | null {
  const { upload } = rules;
  const onUploadField = (message: Message) => ({ fields: { [upload!.field]: message } as FieldMessages<F> });
  if (e instanceof TransferFailure && upload) {
    if (e.status === 'aborted') return null;
    if (e.status === 413) return onUploadField(upload.tooLarge);
    if (e.status === 415) return onUploadField(upload.wrongType);
    if (e.status === 0) return { general: NETWORK };
    return { general: { key: upload.failed } };
  }
  const error = requestErrorOf(e);
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return { general: NETWORK };
    case 'api': {
      if (GLOBAL_ERROR_CODES.includes(error.errorCode)) return null;
      const fields = rules.errorCodes?.[error.errorCode];
      return fields ? { fields } : { general: { key: rules.failed } };
    }
    case 'http':
      if (error.status === 401) return null;
      if (error.status === 429 && error.errorMessage === MessageKey.mailQuota)
        return { general: mailQuotaMessage(error.retryAfter) };
      if (error.status === 429) return { general: { key: 'errorMessage:too_many_requests' } };
      if (error.status === 400) {
        const message = error.errorMessage;
        if (message !== undefined && rules.refusals && Object.hasOwn(rules.refusals, message))
          return { fields: rules.refusals[message] };
        if (upload && message === FILE_TYPE_MESSAGE) return onUploadField(upload.wrongType);
        if (upload && message === FILE_SIZE_MESSAGE) return onUploadField(upload.tooLarge);
        if (message === STORAGE_QUOTA_MESSAGE) return { general: { key: `errorMessage:${STORAGE_QUOTA_MESSAGE}` } };
      }
      if (error.status === 400 || error.status === 403) return { general: { key: rules.refused } };
      return { general: { key: 'errorMessage:system_error' } };
  }
}
