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

const mac = (secret: Buffer, nonce: string, sessionToken: string) =>
  createHmac('sha256', secret).update(`${nonce}.${sessionToken}`).digest('base64url');

/** `nonce.mac`: the mac binds the token to the session cookie the browser holds (none before sign-in). */
function tokenFor(secret: Buffer, sessionToken: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${mac(secret, nonce, sessionToken)}`;
}

function boundToSession(secret: Buffer, token: string, sessionToken: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 200) return false;
  const expected = Buffer.from(mac(secret, token.slice(0, dot), sessionToken));
  const given = Buffer.from(token.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A token sent in a message (the hub's changing methods): the same double-submit and session binding. */
export function xsrfTokenValid(request: FastifyRequest, token: string | undefined): boolean {
  const cookie = request.cookies[request.server.cookieNames.xsrf];
  if (typeof token !== 'string' || !cookie || token !== cookie) return false;
  return boundToSession(request.server.xsrfKeys.secret, token, sessionTokenOf(request) ?? '');
}

/** Hand out a token bound to the session the reply is about to set (sign-in) or to none (sign-out). */
export function issueXsrfToken(request: FastifyRequest, reply: CookieSetter, sessionToken: string): void {
  const { secret } = request.server.xsrfKeys;
  const cookies = request.server.cookieNames;
  reply.setCookie(cookies.xsrf, tokenFor(secret, sessionToken), {
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
export function checkXsrf(request: FastifyRequest, reply: FastifyReply): boolean {
  const cookie = request.cookies[request.server.cookieNames.xsrf];
  if (request.method === 'GET' || request.method === 'HEAD') {
    const sessionToken = sessionTokenOf(request) ?? '';
    if (!cookie || !boundToSession(request.server.xsrfKeys.secret, cookie, sessionToken)) {
      issueXsrfToken(request, reply, sessionToken);
    }
    return true;
  }
  if (!CHANGING.has(request.method)) return true;
  const header = request.headers[XSRF_HEADER];
  return xsrfTokenValid(request, typeof header === 'string' ? header : undefined);
}
