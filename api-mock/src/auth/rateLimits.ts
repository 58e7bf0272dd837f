import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { contract } from '../../../contract';
import { HttpErrorCode } from '../../../contract/errors';
import { sessionOf } from './context';
import type { Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';
import { databaseRateLimitStore } from './rateLimitStore';

export interface RateLimits {
  /** Calls a signed-in user, or an address without a session, may make in a minute. */
  perMinute: number;
  /** Calls of a form that sends mail without sign-in an address may make in an hour. */
  mailFormsPerHour: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perMinute: 600, mailFormsPerHour: 5 };

/** Routes that send mail without a sign-in: an open relay for anyone who finds them, so limited hard. */
const MAIL_FORM_PATHS = new Set([contract.feedback.requestMoreInfo.path.toLowerCase()]);

const addressKey = (request: FastifyRequest) => `addr:${request.ip}`;

/**
 * A limit per user (the session's user, whichever session it uses) and, without a session, per address; answered
 * 429 with Retry-After and the RateLimit-* headers. `shared`: counted in the database, so several server processes
 * on one PostgreSQL count together; else in process memory (one process on PGlite).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  db: Kysely<Database>,
  limits: RateLimits,
  shared: boolean,
) {
  app.addHook('onRoute', (route) => {
    if (!MAIL_FORM_PATHS.has(route.url.toLowerCase())) return;
    route.config = {
      ...(route.config as object),
      rateLimit: { max: limits.mailFormsPerHour, timeWindow: '1 hour', keyGenerator: addressKey },
    } as typeof route.config;
  });
  await app.register(rateLimit, {
    global: true,
    max: limits.perMinute,
    timeWindow: '1 minute',
    enableDraftSpec: true,
    ...(shared ? { store: databaseRateLimitStore(db) as never } : {}),
    keyGenerator: async (request) => {
      const session = await sessionOf(db, request).catch(() => null);
      return session ? `user:${session.userId}` : addressKey(request);
    },
    errorResponseBuilder: (_request, context) =>
      new HttpProblem(
        HttpErrorCode.TooManyRequests,
        `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`,
      ),
  });
}
