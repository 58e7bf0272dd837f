import { initServer } from '@ts-rest/fastify';
import { accountContract } from '../../../contract/account';
import { ErrorCode } from '../../../contract/errors';
import type { AppDeps } from '../deps';
import { signedInActorOf } from '../access/actor';
import { findUsableInvitation } from '../accountManagement/invitations.queries';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { countPasswordAttempt, passwordAccepted } from '../auth/throttle';
import { issueDeviceCookie } from '../auth/deviceCookie';
import { loadLoggedInUser } from '../users/queries';
import { sessionTokenOf } from '../lib/cookieNames';
import { fail, ok } from '../lib/envelope';
import { issueXsrfToken } from '../lib/xsrf';
import { storageOf } from '../storage';
import { accountByEmail, endSession, replacePasswordHash, signUp, startSession } from './queries';

const s = initServer();

const linkNotUsable = () =>
  fail(ErrorCode.InvitationInvalid, 'The invitation link is unknown, has expired or has already been used');

/**
 * Signing in and out, and the invitation link's sign-up (spec 3 section 5 "Invite user (list)"): the link sets the
 * invited user's name and password and signs them in, once, within INVITATION_EXPIRY_DAYS (else 16302).
 */
export function accountRouter({ db, config }: AppDeps) {
  const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies } as const;

  return s.router(accountContract, {
    login: async ({ body, request, reply }) => {
      const email = body.emailAddress.toLowerCase();
      const user = await accountByEmail(db, email);
      const attempt = await countPasswordAttempt(db, request, { email, userId: user?.id ?? null });
      const valid = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash()));
      if (!user || !valid || user.deleted_at !== null) {
        return fail(ErrorCode.InvalidCredentials, 'The e-mail address or password is not correct');
      }
      if (!user.is_active) return fail(ErrorCode.AccountDisabled, 'This account is disabled');
      await passwordAccepted(db, attempt);
      if (needsRehash(user.password_hash)) await replacePasswordHash(db, user.id, await hashPassword(body.password));
      const token = await startSession(db, { id: user.id, customerId: user.customer_id }, sessionTokenOf(request));
      reply.setCookie(request.server.cookieNames.session, token, cookieOptions);
      issueXsrfToken(request, reply, token, user.id);
      issueDeviceCookie(request, reply, user.id);
      const me = await loadLoggedInUser(db, user.id, user.customer_id, storageOf(config));
      if (!me) throw new Error(`user ${user.id} vanished during sign-in`);
      return ok(me);
    },

    logout: async ({ request, reply }) => {
      const actor = signedInActorOf(request);
      const token = sessionTokenOf(request);
      if (actor && token) await endSession(db, actor, token);
      reply.clearCookie(request.server.cookieNames.session, { path: '/', secure: config.secureCookies });
      issueXsrfToken(request, reply, '');
      return ok(null);
    },

    checkInvitation: async ({ body }) => {
      const invitation = await findUsableInvitation(db, body.token);
      return invitation ? ok({ emailAddress: invitation.email }) : linkNotUsable();
    },

    acceptInvitation: async ({ body, request, reply }) => {
      // Checked before the password is hashed: a made-up token costs the server no scrypt.
      if (!(await findUsableInvitation(db, body.token))) return linkNotUsable();
      const passwordHash = await hashPassword(body.password);
      const signedIn = await signUp(
        db,
        body.token,
        { firstName: body.firstName, lastName: body.lastName, passwordHash },
        sessionTokenOf(request),
      );
      if (!signedIn) return linkNotUsable();
      reply.setCookie(request.server.cookieNames.session, signedIn.token, cookieOptions);
      issueXsrfToken(request, reply, signedIn.token, signedIn.userId);
      // This browser has just proved it holds the account: later sign-ins from it are trusted past guessers' lockouts.
      issueDeviceCookie(request, reply, signedIn.userId);
      const me = await loadLoggedInUser(db, signedIn.userId, signedIn.customerId, storageOf(config));
      if (!me) throw new Error(`user ${signedIn.userId} vanished during sign-up`);
      return ok(me);
    },
  });
}
