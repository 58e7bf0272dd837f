import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The session cookie: its token's hash is the key of the sessions row (auth/sessions.ts). */
export const SESSION_COOKIE = 'portal_session';
/** The anti-forgery cookie the page reads and echoes in its header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The browser's device cookie: the users who signed in with it before (auth/deviceCookie.ts). */
export const DEVICE_COOKIE = 'portal_device';

export interface CookieNames {
  session: string;
  xsrf: string;
  device: string;
  /** Served over HTTPS: cookies are Secure and carry the `__Host-` prefix (this host only, path /). */
  secure: boolean;
}

/** The `__Host-` prefix when served over HTTPS, so a sibling domain cannot plant or overwrite the cookie. */
export const hostCookie = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);

export const cookieNamesOf = (secure: boolean): CookieNames => ({
  session: hostCookie(SESSION_COOKIE, secure),
  xsrf: hostCookie(XSRF_COOKIE, secure),
  device: hostCookie(DEVICE_COOKIE, secure),
  secure,
});

declare module 'fastify' {
  interface FastifyInstance {
    cookieNames: CookieNames;
  }
}

export const registerCookieNames = (app: FastifyInstance, secure: boolean) =>
  app.decorate('cookieNames', cookieNamesOf(secure));

/** The session token the request brought in the session cookie of this server's name. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined =>
  request.cookies[request.server.cookieNames.session];
