import { GLOBAL_ERROR_CODES } from '../../../contract/errors';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE } from '../../../contract/images';
import { TransferFailure } from './fileUpload';
import { requestErrorOf } from './requestErrors';

/** A message for the user: an i18n key and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** The messages one upload uses for what can go wrong with it. */
export interface UploadMessages {
  /** The file is over the size limit: storage answered 413 or a call named FILE_SIZE_MESSAGE. */
  tooLarge: Problem;
  /** The file is not of an allowed type: storage answered 415 or a call named FILE_TYPE_MESSAGE. */
  wrongType: Problem;
  /** The transfer to storage failed otherwise. */
  uploadFailed: Problem;
  /** The server refused the call with a business error, or with a 400 naming something else. */
  refused: Problem;
  /** The server answered 403. */
  notAllowed: Problem;
  /** The server answered 404; without it a 404 is a system error. */
  notFound?: Problem;
  /** Business errors with a message of their own, by error code. */
  byErrorCode?: Readonly<Partial<Record<number, Problem>>>;
  /** A 400 naming neither the type nor the size; `refused` without it. */
  badRequest?: (errorMessage: string | undefined) => Problem;
}

/**
 * What went wrong with an upload (the transfer to storage or a call of the API), as a message; null when another
 * part of the app answers it (aborted, signed out, global errors).
 */
export function uploadProblemOf(e: unknown, messages: UploadMessages): Problem | null {
  if (e instanceof TransferFailure) {
    if (e.status === 'aborted') return null;
    if (e.status === 413) return messages.tooLarge;
    if (e.status === 415) return messages.wrongType;
    if (e.status === 0) return { key: 'errorMessage:network_error' };
    return messages.uploadFailed;
  }
  const error = requestErrorOf(e);
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return { key: 'errorMessage:network_error' };
    case 'api':
      if (GLOBAL_ERROR_CODES.includes(error.errorCode)) return null;
      return messages.byErrorCode?.[error.errorCode] ?? messages.refused;
    case 'http':
      if (error.status === 401) return null;
      if (error.status === 403) return messages.notAllowed;
      if (error.status === 404 && messages.notFound) return messages.notFound;
      if (error.status === 429) return { key: 'errorMessage:too_many_requests' };
      if (error.status === 400) {
        if (error.errorMessage === FILE_TYPE_MESSAGE) return messages.wrongType;
        if (error.errorMessage === FILE_SIZE_MESSAGE) return messages.tooLarge;
        return messages.badRequest ? messages.badRequest(error.errorMessage) : messages.refused;
      }
      return { key: 'errorMessage:system_error' };
  }
}
