import type { ApiFetcherArgs } from '@ts-rest/core';
import { ErrorCode } from '../../../contract/errors';
import { RequestFailure, type RequestError } from './requestErrors';

export interface CallOptions {
  /** Leave every failure of this call to the caller: the global handlers stay quiet. */
  silent?: boolean;
  /** Business error codes the caller answers itself; every other failure of the call still reaches the global handlers. */
  handles?: readonly number[];
  /** Do not abort an earlier call with the same method and URL, nor let a later one abort this. */
  ignoreCancel?: boolean;
}

type GlobalErrorListener = (error: RequestError) => void;

const inFlight = new Map<string, AbortController>();
const listeners = new Set<GlobalErrorListener>();
let userCustomerId: number | null = null;
let pageUserId: number | null = null;
let pageToken: string | null = null;
let adminMode = false;

/** In admin mode every call goes to the /admin/api prefix (spec 1 section 7). */
export function setAdminMode(on: boolean): void {
  adminMode = on;
}

/** The customer every call is made for; set once the signed-in user is known, and by the customer switch. */
export function setUserCustomerId(id: number | null): void {
  userCustomerId = id;
}

/** The user this page shows (null while none is known): the page keeps the anti-forgery token that names them. */
export function setPageUserId(id: number | null): void {
  if (id !== pageUserId) pageToken = null;
  pageUserId = id;
}

/** Global handlers (session-expired modal, toasts) subscribe here; returns the unsubscribe. */
export function onGlobalRequestError(listener: GlobalErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Over HTTPS the server names the cookie with the `__Host-` prefix. */
export const xsrfToken = () => decodeURIComponent(readCookie('__Host-XSRF-TOKEN') ?? readCookie('XSRF-TOKEN') ?? '');

/** The user a token of the server names (`nonce.userId.tag.mac`); null for another shape or nobody (0). */
const userNamedBy = (token: string): number | null => {
  const parts = token.split('.');
  const id = parts.length === 4 ? Number(parts[1]) : 0;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The token sent with every call. The cookie is shared by the browser's tabs: once another tab signed in someone
 * else it names that user, and this page sends the token of its own user instead, which the server answers with
 * 1084 (signed-in user changed) rather than serving this page as the other user.
 */
function pageXsrfToken(): string {
  const cookie = xsrfToken();
  const named = userNamedBy(cookie);
  if (pageUserId === null || named === null || named === pageUserId) {
    if (pageUserId !== null && named === pageUserId) pageToken = cookie;
    return cookie;
  }
  return pageToken ?? cookie;
}

function withCommonQuery(path: string): string {
  const url = new URL(adminMode ? path.replace(/^\/api(\/|$)/i, '/admin/api$1') : path, window.location.origin);
  if (userCustomerId !== null) url.searchParams.set('userCustomerId', String(userCustomerId));
  url.searchParams.set('timeZoneDiff', String(-new Date().getTimezoneOffset()));
  return url.pathname + url.search;
}

function fail(error: RequestError, silent: boolean | undefined): never {
  if (!silent && error.kind !== 'aborted') listeners.forEach((l) => l(error));
  throw new RequestFailure(error);
}

/**
 * The one fetcher behind the typed client: adds the common query, the anti-forgery header and same-origin
 * credentials; a new call with the same method and URL aborts the earlier; failures become request errors.
 */
export async function requestLayer(args: ApiFetcherArgs & CallOptions) {
  const key = `${args.method} ${args.path}`;
  const controller = new AbortController();
  if (!args.ignoreCancel) {
    inFlight.get(key)?.abort();
    inFlight.set(key, controller);
  }
  // On every call, reads included: the server checks it on changing calls and reads the page's user from it on all.
  const headers: Record<string, string> = { ...args.headers, 'X-XSRF-TOKEN': pageXsrfToken() };

  let response: Response;
  try {
    response = await fetch(withCommonQuery(args.path), {
      method: args.method,
      headers,
      body: args.body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (cause) {
    if (controller.signal.aborted) fail({ kind: 'aborted' }, true);
    fail({ kind: 'network', errorCode: ErrorCode.Network, cause }, args.silent);
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
  // JSON answers are parsed, text read as text, and a file (an export, a PDF) is kept as a Blob.
  const contentType = response.headers.get('content-type') ?? '';
  const body: unknown = contentType.includes('json')
    ? await response.json().catch(() => null)
    : contentType.startsWith('text/') || contentType === ''
      ? await response.text()
      : await response.blob();
  if (controller.signal.aborted) fail({ kind: 'aborted' }, true);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
    const errorMessage = (body as { errorMessage?: string } | null)?.errorMessage;
    fail(
      { kind: 'http', status: response.status, statusText: response.statusText, errorMessage, retryAfter },
      args.silent,
    );
  }
  const envelope = body as { errorCode?: number; errorMessage?: string } | null;
  if (envelope && typeof envelope.errorCode === 'number' && envelope.errorCode !== 0) {
    fail(
      { kind: 'api', errorCode: envelope.errorCode, errorMessage: envelope.errorMessage },
      args.silent || args.handles?.includes(envelope.errorCode),
    );
  }
  return { status: response.status, body, headers: response.headers };
}
