import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit anti-forgery: every GET hands out a readable token cookie; a changing call must echo it in the
 * header. A page of another origin can neither read the cookie nor set the header.
 */
export function checkXsrf(request: FastifyRequest, reply: FastifyReply): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  if (request.method === 'GET' || request.method === 'HEAD') {
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
      });
    }
    return true;
  }
  if (!CHANGING.has(request.method)) return true;
  const header = request.headers[XSRF_HEADER];
  if (typeof header !== 'string' || !cookie) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}
