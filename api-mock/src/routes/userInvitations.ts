import { randomBytes } from 'node:crypto';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { SIGN_UP_PATH } from '../../../contract/account';
import { canManageOtherUsers, inviteRoleChoices, isProviderDomain } from '../../../contract/accountManagement';
import { ErrorCode } from '../../../contract/errors';
import { INVITATION_EXPIRY_DAYS, type RoleId } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { requireActor } from '../auth/actor';
import { issueDeviceCookie } from '../auth/deviceCookie';
import { hashPassword } from '../auth/password';
import { userManagementScope } from '../auth/otherUsers';
import { createSession, deleteSession, deleteSessionsOfUser, recordSignIn } from '../auth/sessions';
import { appendEvent } from '../db/events';
import { sessionTokenOf } from '../lib/cookieNames';
import { fail, ok } from '../lib/envelope';
import { implement, type Implementation } from '../lib/implement';
import { badRequest, forbidden } from '../lib/problem';
import { issueXsrfToken } from '../lib/xsrf';
import { invitationMail } from '../mail/invitationText';
import { queueMail } from '../mail/outbox';
import { distinctAddresses } from '../mail/text';
import { loadLoggedInUser } from '../queries/currentUser';
import { requireOwnLocation } from '../location/queries';
import { createInvitation, findUsableInvitation, registeredAddresses, useInvitation } from '../queries/userInvitations';
import { storageOf } from '../storage';

const s = initServer();

const alreadyRegistered = (addresses: readonly string[]) =>
  fail(ErrorCode.EmailAlreadyRegistered, `These addresses already have an account: ${addresses.join(', ')}`);

const linkNotUsable = () =>
  fail(ErrorCode.InvitationInvalid, 'The invitation link is unknown, has expired or has already been used');

/** A unique index refused the row: someone else registered the address at the same moment. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Inviting a user from the user list and using the invitation (spec 3 section 5 "Invite user (list)"). Inviting
 * needs a role above standard user (or provider staff) and the user-management access code, a location of the
 * current customer and a role the customer may give; an address with an account anywhere is refused (16301). The
 * invited user exists at once, not activated; the mail's link sets their name and password and signs them in, once,
 * within INVITATION_EXPIRY_DAYS (else 16302).
 */
export function userInvitationRoutes({ db, config }: AppDeps): Implementation[] {
  const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies } as const;

  const inviteUser = s.route(contract.accountManagement.inviteUser, async ({ request, body }) => {
    const actor = await requireActor(db, request);
    if (!canManageOtherUsers(actor.role as RoleId, actor.isPEUser)) {
      throw forbidden('Inviting users needs a role above standard user');
    }
    // The user-management access code (in admin mode the admin code the app has checked); always into the customer
    // the caller works for.
    await userManagementScope(db, request, actor);
    const customer = await db
      .selectFrom('customers')
      .select(['name', 'email_domain'])
      .where('id', '=', actor.customerId)
      .executeTakeFirstOrThrow();
    const roles = inviteRoleChoices(isProviderDomain(customer.email_domain));
    if (!roles.includes(body.roleId)) {
      throw badRequest(
        isProviderDomain(customer.email_domain)
          ? "The provider's own customer can only invite admins"
          : 'An invitation can give the standard user or manager role only',
      );
    }
    await requireOwnLocation(db, body.locationId, actor.customerId);
    const addresses = distinctAddresses(body.emailTo);
    const registered = await registeredAddresses(db, addresses);
    if (registered.length > 0) return alreadyRegistered(registered);

    const inviter = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    const inviterName = `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email;
    // One hash of a secret nobody keeps serves every invitee of this call: one scrypt, not one per address.
    const unusablePasswordHash = await hashPassword(randomBytes(32).toString('base64url'));
    try {
      await db.transaction().execute(async (trx) => {
        for (const email of addresses) {
          const invited = await createInvitation(trx, {
            customerId: actor.customerId,
            locationId: body.locationId,
            email,
            role: body.roleId,
            language: body.language,
            unusablePasswordHash,
            invitedBy: actor.userId,
          });
          await queueMail(trx, {
            to: [email],
            language: body.language,
            ...invitationMail(body.language, {
              inviter: inviterName,
              customer: customer.name,
              email,
              // In the fragment: the secret never reaches a server's or proxy's request log.
              link: `${config.publicOrigin}${SIGN_UP_PATH}#token=${invited.token}`,
              days: INVITATION_EXPIRY_DAYS,
            }),
            causedBy: { userId: actor.userId, name: inviterName, email: inviter.email },
          });
          await appendEvent(trx, {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'user',
            entityId: invited.userId,
            eventType: 'user.invited',
            payload: {
              email,
              role: body.roleId,
              locationId: body.locationId,
              language: body.language,
              invitationId: invited.invitationId,
            },
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) return alreadyRegistered(await registeredAddresses(db, addresses));
      throw error;
    }
    return ok(null);
  });

  const checkInvitation = s.route(contract.account.checkInvitation, async ({ body }) => {
    const invitation = await findUsableInvitation(db, body.token);
    return invitation ? ok({ emailAddress: invitation.email }) : linkNotUsable();
  });

  const acceptInvitation = s.route(contract.account.acceptInvitation, async ({ body, request, reply }) => {
    // Checked before the password is hashed: a made-up token costs the server no scrypt.
    if (!(await findUsableInvitation(db, body.token))) return linkNotUsable();
    const passwordHash = await hashPassword(body.password);
    const signedIn = await db.transaction().execute(async (trx) => {
      const used = await useInvitation(trx, body.token, {
        firstName: body.firstName,
        lastName: body.lastName,
        passwordHash,
      });
      if (!used) return null;
      // As at sign-in: the session the browser brought, if any, ends; so does every session of the user; a new one
      // starts.
      const brought = sessionTokenOf(request);
      if (brought) await deleteSession(trx, brought);
      await deleteSessionsOfUser(trx, used.userId);
      const token = await createSession(trx, used.userId, used.customerId);
      await recordSignIn(trx, used.userId);
      const event = { customerId: used.customerId, actorId: used.userId, entityType: 'user', entityId: used.userId };
      await appendEvent(trx, {
        ...event,
        eventType: 'user.invitationAccepted',
        payload: { invitationId: used.invitationId },
      });
      await appendEvent(trx, { ...event, eventType: 'user.signedIn', payload: {} });
      return { ...used, token };
    });
    if (!signedIn) return linkNotUsable();
    reply.setCookie(request.server.cookieNames.session, signedIn.token, cookieOptions);
    issueXsrfToken(request, reply, signedIn.token, signedIn.userId);
    // This browser has just proved it holds the account: later sign-ins from it are trusted past guessers' lockouts.
    issueDeviceCookie(request, reply, signedIn.userId);
    const me = await loadLoggedInUser(db, signedIn.userId, signedIn.customerId, storageOf(config));
    if (!me) throw new Error(`user ${signedIn.userId} vanished during sign-up`);
    return ok(me);
  });

  return [
    implement(contract.accountManagement, { inviteUser }),
    implement(contract.account, { checkInvitation, acceptInvitation }),
  ];
}
