import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OWASP's device cookie: after a successful sign-in the browser gets an entry naming the user, `nonce.mac` with the
 * mac an HMAC of the user's id and the nonce. A sign-in that brings a valid entry for its account comes from a
 * browser that signed in as that user before: it is throttled in a bucket of its own, not by the lockouts a guesser
 * elsewhere (or at the same address) causes. The cookie names neither user nor address in clear. A shared lab
 * computer keeps an entry for each of its last few users, the newest first.
 */

const MAX_USERS = 5;
const NONCE_BYTES = 18;
const ENTRY = /^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/;
const ENTRY_LENGTH = 68;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyInstance {
    deviceCookieKey: Buffer;
  }
}

interface CookieSetter {
  setCookie(name: string, value: string, options: object): unknown;
}

export function registerDeviceCookieKey(app: FastifyInstance, secret: Buffer): void {
  app.decorate('deviceCookieKey', createHmac('sha256', secret).update('device-cookie').digest());
}

const mac = (key: Buffer, userId: number, nonce: string) =>
  createHmac('sha256', key).update(`${userId}.${nonce}`).digest('base64url');

function entriesOf(request: FastifyRequest): string[] {
  const value = request.cookies[request.server.cookieNames.device];
  if (!value || value.length > MAX_USERS * (ENTRY_LENGTH + 1)) return [];
  return value.split('~').filter((entry) => ENTRY.test(entry));
}

// The entry pattern makes both macs 43 characters long.
function isFor(key: Buffer, entry: string, userId: number): boolean {
  const dot = entry.indexOf('.');
  return timingSafeEqual(Buffer.from(mac(key, userId, entry.slice(0, dot))), Buffer.from(entry.slice(dot + 1)));
}

/** The nonce of the request's device-cookie entry for this user, or null when the browser has none. */
export function trustedDeviceOf(request: FastifyRequest, userId: number): string | null {
  const entry = entriesOf(request).find((e) => isFor(request.server.deviceCookieKey, e, userId));
  return entry ? entry.slice(0, entry.indexOf('.')) : null;
}

/** After a successful sign-in: a fresh entry for the user, first, and the browser's other users' entries kept. */
export function issueDeviceCookie(request: FastifyRequest, reply: CookieSetter, userId: number): void {
  const key = request.server.deviceCookieKey;
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  const others = entriesOf(request).filter((e) => !isFor(key, e, userId));
  const value = [`${nonce}.${mac(key, userId, nonce)}`, ...others].slice(0, MAX_USERS).join('~');
  reply.setCookie(request.server.cookieNames.device, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.server.cookieNames.secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
