import { GLOBAL_ERROR_CODES } from '../../../contract/errors';
import { client } from './api';
import { requestErrorOf } from './requestErrors';

/**
 * For silent calls, whose dialog says itself what happened: an expired session or a changed user is the whole
 * app's business, so on those we ask who is signed in without silence and the session modal takes over.
 */
export function handOverSessionErrors(e: unknown): void {
  const error = requestErrorOf(e);
  const global =
    (error.kind === 'http' && error.status === 401) ||
    (error.kind === 'api' && GLOBAL_ERROR_CODES.includes(error.errorCode));
  if (global) askWhoIsSignedIn();
}

/** Ask who is signed in without silence: an ended session or a changed user brings up the app's modal. */
export function askWhoIsSignedIn(): void {
  void client.users.me().catch(() => undefined);
}
