import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { INVITATION_EXPIRY_DAYS } from '../../../contract/limits';
import type { InviteUserRequest } from '../../../contract/accountManagement';
import type { RoleId } from '../../../contract/limits';
import { grantDefaultPrivileges } from '../auth/privileges';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Only the sha256 of a link's secret is stored: the table alone opens no account. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The addresses among `emails` that already have an account, of any customer (compared case-insensitively). */
export async function registeredAddresses(db: Db, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where(({ fn }) => fn('lower', ['email']), 'in', [...new Set(emails.map((e) => e.toLowerCase()))])
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}

export interface NewInvitee {
  customerId: number;
  locationId: number;
  email: string;
  role: RoleId;
  language: InviteUserRequest['language'];
  /** A hash nobody knows the password of: sign-in fails, as slowly as for any account, until the link is used. */
  unusablePasswordHash: string;
  invitedBy: number;
}

/**
 * The invited user, not activated (status 0) and without a name until they use the link, with the privileges a new
 * account starts with, and the link's invitation. Answers the user's id and the link's secret.
 */
export async function createInvitation(
  trx: Transaction<Database>,
  invitee: NewInvitee,
): Promise<{ userId: number; invitationId: number; token: string }> {
  const user = await trx
    .insertInto('users')
    .values({
      customer_id: invitee.customerId,
      location_id: invitee.locationId,
      email: invitee.email,
      password_hash: invitee.unusablePasswordHash,
      first_name: '',
      last_name: '',
      role: invitee.role,
      is_pe_user: false,
      language_code: invitee.language,
      office_phone: null,
      status_code: 0,
      is_active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantDefaultPrivileges(trx, user.id);
  const link = await createInvitationLink(trx, {
    userId: user.id,
    customerId: invitee.customerId,
    invitedBy: invitee.invitedBy,
  });
  return { userId: user.id, ...link };
}

/**
 * A new sign-up link for an invited user (also one invited before whose link was lost or expired): the user's older
 * links stop working in the same transaction (one live link per address). Answers the link's secret, of which only
 * the hash is stored, and the invitation's id.
 */
export async function createInvitationLink(
  trx: Transaction<Database>,
  link: { userId: number; customerId: number; invitedBy: number },
): Promise<{ invitationId: number; token: string }> {
  await revokeLinksOf(trx, link.userId);
  const token = randomBytes(32).toString('base64url');
  const invitation = await trx
    .insertInto('user_invitations')
    .values({
      token_hash: tokenHash(token),
      user_id: link.userId,
      customer_id: link.customerId,
      invited_by: link.invitedBy,
      expires_at: sql<Date>`now() + make_interval(days => ${INVITATION_EXPIRY_DAYS})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { invitationId: invitation.id, token };
}

/** Ends every link of the user that is neither used nor revoked, but `keep`. */
async function revokeLinksOf(trx: Transaction<Database>, userId: number, keep?: number): Promise<void> {
  await trx
    .updateTable('user_invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .$if(keep !== undefined, (qb) => qb.where('id', '<>', keep!))
    .execute();
}

/**
 * Invitations whose link still works: not used, not revoked, not expired, for a user who has not signed up yet
 * (not activated) and is neither disabled nor removed.
 */
const usable = (db: Db, token: string) =>
  db
    .selectFrom('user_invitations')
    .innerJoin('users', 'users.id', 'user_invitations.user_id')
    .where('user_invitations.token_hash', '=', tokenHash(token))
    .where('user_invitations.used_at', 'is', null)
    .where('user_invitations.revoked_at', 'is', null)
    .where('user_invitations.expires_at', '>', sql<Date>`now()`)
    .where('users.status_code', '=', 0)
    .where('users.is_active', '=', true)
    .where('users.deleted_at', 'is', null);

/** The address a working link is for; undefined for an unknown, expired or used one. Changes nothing. */
export async function findUsableInvitation(db: Db, token: string): Promise<{ email: string } | undefined> {
  return usable(db, token).select('users.email').executeTakeFirst();
}

/**
 * Uses a working link once: marks it used, revokes the user's other links and gives the user their name and
 * password. Answers the user, or undefined when the link no longer works (a concurrent use or a newer link came
 * first).
 */
export async function useInvitation(
  trx: Transaction<Database>,
  token: string,
  values: { firstName: string; lastName: string; passwordHash: string },
): Promise<{ invitationId: number; userId: number; customerId: number } | undefined> {
  const invitation = await usable(trx, token)
    .select(['user_invitations.id', 'users.id as user_id', 'users.customer_id'])
    .executeTakeFirst();
  if (!invitation) return undefined;
  // Only one of two concurrent uses, or of a use and a newer link, finds it still live here.
  const marked = await trx
    .updateTable('user_invitations')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', invitation.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!marked) return undefined;
  await revokeLinksOf(trx, invitation.user_id, invitation.id);
  await trx
    .updateTable('users')
    .set({
      first_name: values.firstName,
      last_name: values.lastName,
      password_hash: values.passwordHash,
      password_changed_at: sql<Date>`now()`,
    })
    .where('id', '=', invitation.user_id)
    .execute();
  return { invitationId: invitation.id, userId: invitation.user_id, customerId: invitation.customer_id };
}

/** The name and e-mail domain of the customer a user is invited into. */
export const invitingCustomer = (db: Kysely<Database>, customerId: number) =>
  db.selectFrom('customers').select(['name', 'email_domain']).where('id', '=', customerId).executeTakeFirstOrThrow();

/** The inviting user as the invitation mail names them. */
export const inviterOf = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
