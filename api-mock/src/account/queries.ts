import type { Kysely } from 'kysely';
import { createSession, deleteSession, deleteSessionsOfUser, recordSignIn, type SessionRecord } from '../auth/sessions';
import { appendEvent } from '../db/events';
import type { Database } from '../db/schema';
import { useInvitation } from '../accountManagement/invitations.queries';

/** The account of an e-mail address (compared case-insensitively), removed and disabled ones included. */
export const accountByEmail = (db: Kysely<Database>, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(({ fn }) => fn('lower', ['email']), '=', email.toLowerCase())
    .executeTakeFirst();

export async function replacePasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * Signs a user in: the session the browser brought, if any, ends (rotation); a new one starts. Answers the new
 * session's token.
 */
export function startSession(
  db: Kysely<Database>,
  user: { id: number; customerId: number },
  brought: string | undefined,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (brought) await deleteSession(trx, brought);
    const token = await createSession(trx, user.id, user.customerId);
    await recordSignIn(trx, user.id);
    await appendEvent(trx, {
      customerId: user.customerId,
      actorId: user.id,
      entityType: 'user',
      entityId: user.id,
      eventType: 'user.signedIn',
      payload: {},
    });
    return token;
  });
}

/** Ends the session of a token. */
export async function endSession(db: Kysely<Database>, session: SessionRecord, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteSession(trx, token);
    await appendEvent(trx, {
      customerId: session.customerId,
      actorId: session.userId,
      entityType: 'user',
      entityId: session.userId,
      eventType: 'user.signedOut',
      payload: {},
    });
  });
}

/**
 * Uses an invitation link and signs its user in, as at sign-in: the session the browser brought, if any, ends; so
 * does every session of the user; a new one starts. Undefined when the link no longer works.
 */
export function signUp(
  db: Kysely<Database>,
  token: string,
  values: { firstName: string; lastName: string; passwordHash: string },
  brought: string | undefined,
) {
  return db.transaction().execute(async (trx) => {
    const used = await useInvitation(trx, token, values);
    if (!used) return undefined;
    if (brought) await deleteSession(trx, brought);
    await deleteSessionsOfUser(trx, used.userId);
    const sessionToken = await createSession(trx, used.userId, used.customerId);
    await recordSignIn(trx, used.userId);
    const event = { customerId: used.customerId, actorId: used.userId, entityType: 'user', entityId: used.userId };
    await appendEvent(trx, {
      ...event,
      eventType: 'user.invitationAccepted',
      payload: { invitationId: used.invitationId },
    });
    await appendEvent(trx, { ...event, eventType: 'user.signedIn', payload: {} });
    return { ...used, token: sessionToken };
  });
}
