import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { Refusal, unauthorized } from '../lib/problem';
import { sessionTokenOf } from '../lib/cookieNames';
import { isRemovedUserSession, findSession, type SessionRecord } from './sessions';
import { ErrorCode } from '../../../contract/errors';

const cache = new WeakMap<FastifyRequest, Promise<SessionRecord | null>>();

export function sessionOf(db: Kysely<Database>, request: FastifyRequest): Promise<SessionRecord | null> {
  let found = cache.get(request);
  if (!found) {
    found = findSession(db, sessionTokenOf(request));
    cache.set(request, found);
  }
  return found;
}

/** The caller's session, or a 401 answer. */
export async function requireSession(db: Kysely<Database>, request: FastifyRequest): Promise<SessionRecord> {
  const session = await sessionOf(db, request);
  if (session) return session;
  if (await isRemovedUserSession(db, sessionTokenOf(request)))
    throw new Refusal(ErrorCode.AccountRemoved, 'This account has been removed');
  throw unauthorized();
}
