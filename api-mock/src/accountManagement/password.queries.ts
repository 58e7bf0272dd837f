import type { Kysely } from 'kysely';
import { change } from '../db/events';
import type { Database } from '../db/schema';

/** What a password change needs of the caller's account. */
export const passwordAccountOf = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'customer_id', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

/**
 * Sets a user's new password and ends every other session of theirs (`keptSessionId` stays). Answers when it was
 * changed.
 */
export function setPassword(
  db: Kysely<Database>,
  user: { id: number; customer_id: number },
  passwordHash: string,
  keptSessionId: string,
): Promise<Date> {
  return change(db, async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: new Date() })
      .where('id', '=', user.id)
      .returning('password_changed_at')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).where('id', '!=', keptSessionId).execute();
    return {
      result: row.password_changed_at ?? new Date(),
      event: {
        customerId: user.customer_id,
        actorId: user.id,
        entityType: 'user',
        entityId: user.id,
        eventType: 'user.passwordChanged',
        payload: {},
      },
    };
  });
}
