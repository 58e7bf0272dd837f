import { initServer } from '@ts-rest/fastify';
import { accountContract } from '../../../contract/account';
import { ErrorCode } from '../../../contract/errors';
import type { AppDeps } from '../deps';
import { createSession, deleteSession, recordSignIn } from '../auth/sessions';
import { sessionOf } from '../auth/context';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { countPasswordAttempt, passwordAccepted } from '../auth/throttle';
import { issueDeviceCookie } from '../auth/deviceCookie';
import { appendEvent } from '../db/events';
import { loadLoggedInUser } from '../users/queries';
import { sessionTokenOf } from '../lib/cookieNames';
import { fail, ok } from '../lib/envelope';
import { issueXsrfToken } from '../lib/xsrf';
import { storageOf } from '../storage';

const s = initServer();

export function accountRouter({ db, config }: AppDeps) {
  const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies } as const;

  // Sign-in and sign-out; the invitation links of the same contract are in userInvitations.ts.
  const signInRoutes = { login: accountContract.login, logout: accountContract.logout };
  return s.router(signInRoutes, {
    login: async ({ body, request, reply }) => {
      const email = body.emailAddress.toLowerCase();
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where(({ fn }) => fn('lower', ['email']), '=', email)
        .executeTakeFirst();
      const attempt = await countPasswordAttempt(db, request, { email, userId: user?.id ?? null });
      const valid = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash()));
      if (!user || !valid || user.deleted_at !== null) {
        return fail(ErrorCode.InvalidCredentials, 'The e-mail address or password is not correct');
      }
      if (!user.is_active) return fail(ErrorCode.AccountDisabled, 'This account is disabled');
      await passwordAccepted(db, attempt);
      if (needsRehash(user.password_hash)) {
        const passwordHash = await hashPassword(body.password);
        await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      }
      const token = await db.transaction().execute(async (trx) => {
        // Rotation: the session the browser brought, if any, ends; sign-in always starts a new one.
        const brought = sessionTokenOf(request);
        if (brought) await deleteSession(trx, brought);
        const t = await createSession(trx, user.id, user.customer_id);
        await recordSignIn(trx, user.id);
        await appendEvent(trx, {
          customerId: user.customer_id,
          actorId: user.id,
          entityType: 'user',
          entityId: user.id,
          eventType: 'user.signedIn',
          payload: {},
        });
        return t;
      });
      reply.setCookie(request.server.cookieNames.session, token, cookieOptions);
      issueXsrfToken(request, reply, token, user.id);
      issueDeviceCookie(request, reply, user.id);
      const me = await loadLoggedInUser(db, user.id, user.customer_id, storageOf(config));
      if (!me) throw new Error(`user ${user.id} vanished during sign-in`);
      return ok(me);
    },

    logout: async ({ request, reply }) => {
      const session = await sessionOf(db, request);
      const token = sessionTokenOf(request);
      if (session && token) {
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
      reply.clearCookie(request.server.cookieNames.session, { path: '/', secure: config.secureCookies });
      issueXsrfToken(request, reply, '');
      return ok(null);
    },
  });
}
