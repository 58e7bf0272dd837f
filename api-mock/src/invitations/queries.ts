import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Invitation, InvitationAddress } from '../../../contract/invitations';
import { splitEmailList } from '../../../contract/validation';
import type { Database, OnboardingInvitationsTable } from '../db/schema';
import { containsPattern } from '../lib/like';
import { pageOf } from '../lib/paging';

type Db = Kysely<Database> | Transaction<Database>;
export type InvitationRow = Selectable<OnboardingInvitationsTable>;

/**
 * Where an address stands: `registered` (an account that can sign in, or a disabled one), `invited` (a user created
 * by an invitation whose link was never used: a new link can be sent), `removed` (an account another user removed;
 * no link can be made for it) or `none`.
 */
export type Registration =
  | { kind: 'registered' }
  | { kind: 'invited'; userId: number; customerId: number }
  | { kind: 'removed' }
  | { kind: 'none' };

/** The registration of each address, keyed by the address in lower case. */
export async function registrationsOf(db: Db, emails: readonly string[]): Promise<Map<string, Registration>> {
  const keys = [...new Set(emails.map((e) => e.toLowerCase()))];
  const found = new Map<string, Registration>(keys.map((k) => [k, { kind: 'none' }]));
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.customer_id',
      'u.deleted_at',
      eb.fn<string>('lower', ['u.email']).as('key'),
      eb.exists(eb.selectFrom('user_invitations as i').select('i.id').whereRef('i.user_id', '=', 'u.id')).as('invited'),
      eb
        .exists(
          eb
            .selectFrom('user_invitations as i')
            .select('i.id')
            .whereRef('i.user_id', '=', 'u.id')
            .where('i.used_at', 'is not', null),
        )
        .as('signed_up'),
    ])
    .where(({ fn }) => fn('lower', ['u.email']), 'in', keys)
    .execute();
  for (const r of rows) {
    found.set(
      r.key,
      r.deleted_at !== null
        ? { kind: 'removed' }
        : r.invited && !r.signed_up
          ? { kind: 'invited', userId: r.id, customerId: r.customer_id }
          : { kind: 'registered' },
    );
  }
  return found;
}

/** Each address with whether it already belongs to a portal account, in the order given. */
export async function addressesWithRegistration(db: Db, emails: readonly string[]): Promise<InvitationAddress[]> {
  const registrations = await registrationsOf(db, emails);
  return emails.map((emailAddress) => ({
    emailAddress,
    isRegistered: registrations.get(emailAddress.toLowerCase())?.kind === 'registered',
  }));
}

const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** Rows as the contract answers them, with the current registration of every to-address. */
export async function invitationsOf(db: Db, rows: InvitationRow[]): Promise<Invitation[]> {
  const registrations = await registrationsOf(
    db,
    rows.flatMap((r) => splitEmailList(r.email_to)),
  );
  return rows.map((r) => ({
    id: r.id,
    emailTo: splitEmailList(r.email_to).map((emailAddress) => ({
      emailAddress,
      isRegistered: registrations.get(emailAddress.toLowerCase())?.kind === 'registered',
    })),
    emailCc: r.email_cc,
    emailBcc: r.email_bcc,
    orderNumber: r.order_number,
    language: r.language as Invitation['language'],
    type: r.type as Invitation['type'],
    subject: r.subject,
    description: r.description,
    createdTime: instant(r.created_at),
    customerNo: r.customer_no,
    locationId: r.location_id,
  }));
}

/** A page of the sent history, newest first; `emailAddress` keeps those sent to (to, cc or bcc) a matching address. */
export async function invitationPage(
  db: Db,
  opts: { emailAddress?: string; pageSize: number; pageIndex: number },
): Promise<{ rows: InvitationRow[]; totalCount: number }> {
  const base = db
    .selectFrom('onboarding_invitations')
    .$if(Boolean(opts.emailAddress), (qb) =>
      qb.where(
        sql`lower(email_to || ';' || email_cc || ';' || email_bcc)`,
        'like',
        containsPattern(opts.emailAddress!.toLowerCase()),
      ),
    );
  return pageOf(base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), base, opts);
}

export const invitationById = (db: Db, id: number) =>
  db.selectFrom('onboarding_invitations').selectAll().where('id', '=', id).executeTakeFirst();

const customers = (db: Db) =>
  db
    .selectFrom('customers as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.customer_identifier',
      'c.email_domain',
      eb
        .selectFrom('locations as l')
        .select('l.id')
        .whereRef('l.customer_id', '=', 'c.id')
        .orderBy('l.id')
        .limit(1)
        .as('first_location_id'),
    ]);
export type OnboardedCustomer = NonNullable<Awaited<ReturnType<typeof customerById>>>;

/** The customer of a customer number (compared without regard to case), with its first location. */
export const customerByNumber = (db: Db, customerNo: string) =>
  customers(db)
    .where(({ fn }) => fn('lower', ['c.customer_identifier']), '=', customerNo.toLowerCase())
    .executeTakeFirst();

export const customerById = (db: Db, id: number) => customers(db).where('c.id', '=', id).executeTakeFirst();

export async function locationOfCustomer(db: Db, locationId: number, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a sent invitation to the history. */
export const insertInvitation = (trx: Db, values: Insertable<OnboardingInvitationsTable>) =>
  trx.insertInto('onboarding_invitations').values(values).returningAll().executeTakeFirstOrThrow();

/** Counts one more sending of an invitation of the history. */
export const markResent = (trx: Db, id: number) =>
  trx
    .updateTable('onboarding_invitations')
    .set((eb) => ({ last_sent_at: eb.fn('now'), send_count: eb('send_count', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
