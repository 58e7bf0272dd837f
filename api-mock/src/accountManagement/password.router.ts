import { initServer } from '@ts-rest/fastify';
import { accountManagementContract } from '../../../contract/accountManagement';
import { ErrorCode } from '../../../contract/errors';
import { passwordSchema } from '../../../contract/validation';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { hashPassword, verifyPassword } from '../auth/password';
import { countPasswordAttempt, passwordAccepted } from '../auth/throttle';
import { fail, ok } from '../lib/envelope';
import { passwordAccountOf, setPassword } from './password.queries';
import { requireOwnAddress } from './records';

const s = initServer();

/**
 * PUT Account/password (spec 3 sections 5, 7 and 8): the signed-in user changes their own password. A wrong old
 * password answers 1029 and counts against the sign-in throttle of the account; a new password that fails the
 * rules or equals the old one answers 1007. On success every other session of the user ends; this one stays.
 */
export function changePasswordRoute({ db }: AppDeps) {
  return s.route(accountManagementContract.changePassword, async ({ request, body }) => {
    const actor = actorOf(request);
    const user = await passwordAccountOf(db, actor.userId);
    requireOwnAddress(user, body.userEmail);

    const email = user.email.toLowerCase();
    const attempt = await countPasswordAttempt(db, request, { email, userId: user.id });
    if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
      return fail(ErrorCode.WrongOldPassword, 'The old password is not correct');
    }
    await passwordAccepted(db, attempt);
    if (!passwordSchema.safeParse(body.newPassword).success || body.newPassword === body.oldPassword) {
      return fail(ErrorCode.WeakNewPassword, 'The new password must mix letters and numbers and differ from the old');
    }

    const changedAt = await setPassword(db, user, await hashPassword(body.newPassword), actor.id);
    return ok({ lastPwdChange: new Date(changedAt).toISOString() });
  });
}
