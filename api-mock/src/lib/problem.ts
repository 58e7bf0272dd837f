import { HttpErrorCode } from '../../../contract/errors';

/** An HTTP-level refusal (401, 403, 404, 429): thrown by a handler, answered by the app's error handler. */
export class HttpProblem extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 429,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  get errorCode(): number {
    return this.status;
  }
}

export const unauthorized = () =>
  new HttpProblem(HttpErrorCode.Unauthorized, 'Not signed in or the session has expired');
export const forbidden = (why = 'Permission denied') => new HttpProblem(HttpErrorCode.Forbidden, why);

export const badRequest = (message: string) => new HttpProblem(HttpErrorCode.BadRequest, message);
export const notFound = (what = 'No such file') => new HttpProblem(404, what);

/**
 * A business refusal thrown from deep inside a call (e.g. the session check): answered 200 in the envelope with its
 * error code, like the `fail` answers handlers return.
 */
export class Refusal extends Error {
  constructor(
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}
