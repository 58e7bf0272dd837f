import type { ApiFetcherArgs } from '@ts-rest/core';
import { ErrorCode } from '../../../contract/errors';
import { RequestFailure, type RequestError } from './requestErrors';

export interface CallOptions {
  /** Leave every failure of this call to the caller: the global handlers stay quiet. */
  silent?: boolean;
  /** Do not abort an earlier call with the same method and URL, nor let a later one abort this. */
  ignoreCancel?: boolean;
}

type GlobalErrorListener = (error: RequestError) => void;

const inFlight = new Map<string, AbortController>();
const listeners = new Set<GlobalErrorListener>();
let userCustomerId: number | null = null;
let adminMode = false;

/** In admin mode every call goes to the /admin/api prefix (spec 1 section 7). */
export function setAdminMode(on: boolean): void {
  adminMode = on;
}

/** The customer every call is made for; set once the signed-in user is known. */
export function setUserCustomerId(id: number | null): void {
  userCustomerId = id;
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

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  const headers: Record<string, string> = { ...args.headers };
  if (CHANGING.has(args.method)) headers['X-XSRF-TOKEN'] = xsrfToken();

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
    fail({ kind: 'api', errorCode: envelope.errorCode, errorMessage: envelope.errorMessage }, args.silent);
  }
  return { status: response.status, body, headers: response.headers };
}
