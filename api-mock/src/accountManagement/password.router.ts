import { initServer } from '@ts-rest/fastify';
import { accountManagementContract } from '../../../contract/accountManagement';
import { ErrorCode } from '../../../contract/errors';
import { passwordSchema } from '../../../contract/validation';
import type { AppDeps } from '../deps';
import { requireSession } from '../auth/context';
import { hashPassword, verifyPassword } from '../auth/password';
import { countPasswordAttempt, passwordAccepted } from '../auth/throttle';
import { change } from '../db/events';
import { fail, ok } from '../lib/envelope';
import { forbidden, unauthorized } from '../lib/problem';

const s = initServer();

/**
 * PUT Account/password (spec 3 sections 5, 7 and 8): the signed-in user changes their own password. A wrong old
 * password answers 1029 and counts against the sign-in throttle of the account; a new password that fails the
 * rules or equals the old one answers 1007. On success every other session of the user ends; this one stays.
 */
export function changePasswordRoute({ db }: AppDeps) {
  return s.route(accountManagementContract.changePassword, async ({ request, body }) => {
    const session = await requireSession(db, request);
    const user = await db
      .selectFrom('users')
      .select(['id', 'customer_id', 'email', 'password_hash'])
      .where('id', '=', session.userId)
      .executeTakeFirst();
    if (!user) throw unauthorized();
    const email = user.email.toLowerCase();
    if (body.userEmail.trim().toLowerCase() !== email) throw forbidden('Only your own password can be changed');

    const attempt = await countPasswordAttempt(db, request, { email, userId: user.id });
    if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
      return fail(ErrorCode.WrongOldPassword, 'The old password is not correct');
    }
    await passwordAccepted(db, attempt);
    if (!passwordSchema.safeParse(body.newPassword).success || body.newPassword === body.oldPassword) {
      return fail(ErrorCode.WeakNewPassword, 'The new password must mix letters and numbers and differ from the old');
    }

    const passwordHash = await hashPassword(body.newPassword);
    const changedAt = await change(db, async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: new Date() })
        .where('id', '=', user.id)
        .returning('password_changed_at')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).where('id', '!=', session.id).execute();
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
    return ok({ lastPwdChange: new Date(changedAt).toISOString() });
  });
}
