import { ErrorCode } from '../../../contract/errors';

/** The request layer's error kinds (spec 1 section 8). An aborted call is silent. */
export type RequestError =
  | { kind: 'api'; errorCode: number; errorMessage?: string }
  | { kind: 'http'; status: number; statusText: string; errorMessage?: string; retryAfter?: number }
  | { kind: 'network'; errorCode: typeof ErrorCode.Network; cause: unknown }
  | { kind: 'aborted' };

export class RequestFailure extends Error {
  constructor(readonly error: RequestError) {
    super(
      error.kind === 'api'
        ? `api error ${error.errorCode}`
        : error.kind === 'http'
          ? `http ${error.status} ${error.statusText}`
          : error.kind,
    );
  }
}

export const isAborted = (e: unknown) => e instanceof RequestFailure && e.error.kind === 'aborted';

export const requestErrorOf = (e: unknown): RequestError =>
  e instanceof RequestFailure ? e.error : { kind: 'network', errorCode: ErrorCode.Network, cause: e };
