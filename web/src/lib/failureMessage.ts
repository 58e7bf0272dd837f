import { GLOBAL_ERROR_CODES, MessageKey, type UiMessage } from '../../../contract/errors';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, STORAGE_QUOTA_MESSAGE } from '../../../contract/images';
import { MAIL_QUOTA_PER_HOUR, MAIL_QUOTA_WINDOW_SECONDS } from '../../../contract/limits';
import { TransferFailure } from './fileUpload';
import { requestErrorOf } from './requestErrors';

/** A failure's message, with the form field it concerns when it concerns one (else it goes above the form). */
export type FailureMessage<F extends string = never> = UiMessage & { field?: F };

/** The messages of a form's fields. */
export type FieldMessages<F extends string> = Partial<Record<F, UiMessage>>;

/** How one call words its failures; what is not named here is worded the same for every call. */
export interface FailureRules<F extends string = never> {
  /** A business error of the call (not one that is the whole app's business) without a message of its own. */
  failed: UiMessage;
  /** A 400 without a message of its own; `failed` without it. */
  refused?: UiMessage;
  /** A 403; `refused` without it. */
  notAllowed?: UiMessage;
  /** A 404; a system error without it. */
  notFound?: UiMessage;
  /** Any other status (a 5xx); a system error without it. */
  otherwise?: UiMessage;
  /** Business errors with a message of their own, by error code. */
  byErrorCode?: Readonly<Partial<Record<number, FailureMessage<F>>>>;
  /** 400s with a message of their own, by the answer's errorMessage. */
  byRefusal?: Readonly<Record<string, FailureMessage<F>>>;
  /** A file sent to storage before the call: its transfer's failures and the server's refusals of the file. */
  upload?: { field?: F; tooLarge: UiMessage; wrongType: UiMessage; failed: UiMessage };
}

const NETWORK: UiMessage = { key: 'errorMessage:network_error' };
const TOO_MANY_REQUESTS: UiMessage = { key: 'errorMessage:too_many_requests' };
const SYSTEM_ERROR: UiMessage = { key: 'errorMessage:system_error' };
const STORAGE_QUOTA: UiMessage = { key: `errorMessage:${STORAGE_QUOTA_MESSAGE}` };

/** The hourly mail quota is used up: how many mails it allows, and in how many minutes the call can go through. */
const mailQuotaMessage = (retryAfter: number | undefined): UiMessage => ({
  key: MessageKey.mailQuota,
  values: { limit: MAIL_QUOTA_PER_HOUR, minutes: Math.ceil((retryAfter ?? MAIL_QUOTA_WINDOW_SECONDS) / 60) },
});

/**
 * What went wrong with a call (a request error of lib/requestErrors) or an upload (a TransferFailure), as the
 * message to show; null when nothing is to be said here (aborted) or another part of the app answers it (an
 * expired session, a global error code).
 */
export function failureMessage<F extends string = never>(e: unknown, rules: FailureRules<F>): FailureMessage<F> | null {
  const { upload } = rules;
  const onFile = (message: UiMessage): FailureMessage<F> =>
    upload?.field === undefined ? message : { ...message, field: upload.field };
  if (e instanceof TransferFailure) {
    if (e.status === 'aborted') return null;
    if (e.status === 0) return NETWORK;
    if (!upload) return rules.otherwise ?? SYSTEM_ERROR;
    if (e.status === 413) return onFile(upload.tooLarge);
    if (e.status === 415) return onFile(upload.wrongType);
    return upload.failed;
  }
  const error = requestErrorOf(e);
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return NETWORK;
    case 'api':
      if (GLOBAL_ERROR_CODES.includes(error.errorCode)) return null;
      return rules.byErrorCode?.[error.errorCode] ?? rules.failed;
    case 'http': {
      const { status, errorMessage } = error;
      const refused = rules.refused ?? rules.failed;
      if (status === 401) return null;
      if (status === 429)
        return errorMessage === MessageKey.mailQuota ? mailQuotaMessage(error.retryAfter) : TOO_MANY_REQUESTS;
      if (status === 403) return rules.notAllowed ?? refused;
      if (status === 404) return rules.notFound ?? SYSTEM_ERROR;
      if (status !== 400) return rules.otherwise ?? SYSTEM_ERROR;
      if (errorMessage !== undefined && rules.byRefusal && Object.hasOwn(rules.byRefusal, errorMessage))
        return rules.byRefusal[errorMessage]!;
      if (upload && errorMessage === FILE_TYPE_MESSAGE) return onFile(upload.wrongType);
      if (upload && errorMessage === FILE_SIZE_MESSAGE) return onFile(upload.tooLarge);
      if (errorMessage === STORAGE_QUOTA_MESSAGE) return STORAGE_QUOTA;
      return refused;
    }
  }
}

/** A failure's message as the messages of a form's fields: empty when it concerns no field. */
export const fieldMessagesOf = <F extends string>(found: FailureMessage<F> | null): FieldMessages<F> => {
  if (found?.field === undefined) return {};
  const { field, ...message } = found;
  return { [field]: message } as FieldMessages<F>;
};

/** A failure's message when it concerns no field (it shows above the form). */
export const generalMessageOf = <F extends string>(found: FailureMessage<F> | null): UiMessage | null =>
  found?.field === undefined ? found : null;
