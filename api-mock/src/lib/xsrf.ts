import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionTokenOf } from './cookieNames';

export const XSRF_HEADER = 'x-xsrf-token';

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A reply, as ts-rest's handlers and Fastify's hooks both type it. */
interface CookieSetter {
  setCookie(name: string, value: string, options: object): unknown;
}

interface XsrfKeys {
  secret: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    xsrfKeys: XsrfKeys;
  }
}

/** Make the app's anti-forgery keys known to every scope (the hub and the routes check tokens with them). */
export function registerXsrfKeys(app: FastifyInstance, secret: Buffer): void {
  app.decorate('xsrfKeys', { secret: createHmac('sha256', secret).update('xsrf').digest() });
}

const hmac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('base64url');
const USER_TAG_LENGTH = 22;
const TOKEN_MAX_LENGTH = 200;

/**
 * `nonce.userId.userTag.mac`. The user tag (an HMAC of nonce and user id) lets the server read, from a token of an
 * ended session, which user it was issued to; the mac binds the whole token to the session cookie the browser holds
 * (none before sign-in, user id 0). A page keeps the token of its own user: when another tab signs in someone else,
 * the page still sends its own, and the server answers 1084 (signed-in user changed) instead of serving it.
 */
function tokenFor(secret: Buffer, sessionToken: string, userId: number): string {
  const nonce = randomBytes(18).toString('base64url');
  const body = `${nonce}.${userId}.${hmac(secret, `user|${nonce}.${userId}`).slice(0, USER_TAG_LENGTH)}`;
  return `${body}.${hmac(secret, `${body}|${sessionToken}`)}`;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function boundToSession(secret: Buffer, token: string, sessionToken: string): boolean {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > TOKEN_MAX_LENGTH) return false;
  return same(hmac(secret, `${token.slice(0, dot)}|${sessionToken}`), token.slice(dot + 1));
}

/** The user a token this server issued names (0: nobody signed in), whichever session it was bound to; else null. */
export function userNamedBy(request: FastifyRequest, token: string | undefined): number | null {
  if (typeof token !== 'string' || token.length > TOKEN_MAX_LENGTH) return null;
  const [nonce, userId, tag, mac, ...rest] = token.split('.');
  if (!nonce || !userId || !tag || !mac || rest.length > 0 || !/^\d{1,10}$/.test(userId)) return null;
  const expected = hmac(request.server.xsrfKeys.secret, `user|${nonce}.${userId}`).slice(0, USER_TAG_LENGTH);
  return same(expected, tag) ? Number(userId) : null;
}

/** The anti-forgery header a call carries, if any. */
export const xsrfHeaderOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[XSRF_HEADER];
  return typeof header === 'string' ? header : undefined;
};

/** A token sent in a message (the hub's changing methods): the same double-submit and session binding. */
export function xsrfTokenValid(request: FastifyRequest, token: string | undefined): boolean {
  const cookie = request.cookies[request.server.cookieNames.xsrf];
  if (typeof token !== 'string' || !cookie || token !== cookie) return false;
  return boundToSession(request.server.xsrfKeys.secret, token, sessionTokenOf(request) ?? '');
}

/** Hand out a token bound to the session the reply is about to set (sign-in, naming its user) or to none (sign-out). */
export function issueXsrfToken(request: FastifyRequest, reply: CookieSetter, sessionToken: string, userId = 0): void {
  const { secret } = request.server.xsrfKeys;
  const cookies = request.server.cookieNames;
  reply.setCookie(cookies.xsrf, tokenFor(secret, sessionToken, userId), {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: cookies.secure,
  });
}

/**
 * Double-submit anti-forgery, bound to the session: a GET hands out a readable token cookie (anew when the one held
 * is not bound to the current session); a changing call must echo it in the header. A page of another origin can
 * neither read the cookie nor set the header, and a token planted by a sibling domain does not fit the session.
 */
export async function checkXsrf(
  request: FastifyRequest,
  reply: FastifyReply,
  /** The signed-in user of the session cookie (0 for none): asked only when a token is handed out. */
  sessionUserId: () => Promise<number>,
): Promise<boolean> {
  const cookie = request.cookies[request.server.cookieNames.xsrf];
  if (request.method === 'GET' || request.method === 'HEAD') {
    const sessionToken = sessionTokenOf(request) ?? '';
    if (!cookie || !boundToSession(request.server.xsrfKeys.secret, cookie, sessionToken)) {
      issueXsrfToken(request, reply, sessionToken, sessionToken ? await sessionUserId() : 0);
    }
    return true;
  }
  if (!CHANGING.has(request.method)) return true;
  return xsrfTokenValid(request, xsrfHeaderOf(request));
}
