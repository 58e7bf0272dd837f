import { randomBytes } from 'node:crypto';
import { initServer } from '@ts-rest/fastify';
import { accountManagementContract, inviteRoleChoices, isProviderDomain } from '../../../contract/accountManagement';
import { SIGN_UP_PATH } from '../../../contract/account';
import { ErrorCode } from '../../../contract/errors';
import { INVITATION_EXPIRY_DAYS } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { hashPassword } from '../auth/password';
import { appendEvent } from '../db/events';
import { fail, ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { invitationMail } from '../mail/invitationText';
import { queueMail } from '../mail/outbox';
import { distinctAddresses } from '../mail/text';
import { requireOwnLocation } from '../location/queries';
import { createInvitation, inviterOf, invitingCustomer, registeredAddresses } from './invitations.queries';

const s = initServer();

const alreadyRegistered = (addresses: readonly string[]) =>
  fail(ErrorCode.EmailAlreadyRegistered, `These addresses already have an account: ${addresses.join(', ')}`);

/** A unique index refused the row: someone else registered the address at the same moment. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Inviting a user from the user list (spec 3 section 5 "Invite user (list)"): a location of the current customer and
 * a role the customer may give; an address with an account anywhere is refused (16301). The invited user exists at
 * once, not activated; the mail's link (account/router.ts) sets their name and password and signs them in.
 */
export function userInvitationRoutes({ db, config }: AppDeps) {
  const inviteUser = s.route(accountManagementContract.inviteUser, async ({ request, body }) => {
    // Always into the customer the caller works for, also in admin mode.
    const actor = actorOf(request);
    const customer = await invitingCustomer(db, actor.customerId);
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

    const inviter = await inviterOf(db, actor.userId);
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

  return { inviteUser };
}
