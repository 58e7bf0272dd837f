import { sql, type Kysely, type Transaction } from 'kysely';
import { DUE_SOON_DAYS, type DueItem } from '../../../contract/dueDates';
import { ROLE } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { pageOf, type PageRequest } from '../lib/paging';

type Db = Kysely<Database> | Transaction<Database>;

/** A day as YYYY-MM-DD. */
export type Day = string;

/** The day `days` after `day` (negative: before). */
export const addDays = (day: Day, days: number): Day =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Today in the caller's zone: timeZoneDiff is the minutes the zone is ahead of UTC (spec section 7). */
export const todayOf = (now: Date, timeZoneDiffMinutes = 0): Day =>
  new Date(now.getTime() + timeZoneDiffMinutes * 60_000).toISOString().slice(0, 10);

export interface DueScope {
  customerId: number;
  /** Only the instruments on this user's own list. */
  followerId?: number;
  /** Only the instruments whose contact is this address (case-insensitive). */
  contactEmail?: string;
}

/**
 * The due dates of the scope's visible instruments (hidden ones are left out, as the inventory does) that are overdue
 * or fall due by `until`, along the (customer, next_due) index.
 */
function dueRows(db: Db, scope: DueScope, until: Day) {
  return db
    .selectFrom('service_intervals')
    .innerJoin('equipment', 'equipment.id', 'service_intervals.equipment_id')
    .where('service_intervals.customer_id', '=', scope.customerId)
    .where('equipment.customer_id', '=', scope.customerId)
    .where('equipment.is_hidden', '=', false)
    .where('service_intervals.next_due', 'is not', null)
    .where('service_intervals.next_due', '<=', until)
    .$if(scope.followerId !== undefined, (q) =>
      q.where(sql<boolean>`equipment.follower_ids @> array[${scope.followerId!}]::integer[]`),
    )
    .$if(scope.contactEmail !== undefined, (q) =>
      q.where(sql<boolean>`lower(equipment.contact_email) = lower(${scope.contactEmail!})`),
    );
}

const itemColumns = [
  'service_intervals.equipment_id',
  'service_intervals.service_call_type',
  'service_intervals.next_due',
  'equipment.serial',
  'equipment.mfg',
  'equipment.model',
  'equipment.system_nick_name',
] as const;

interface DueRow {
  equipment_id: number;
  service_call_type: number;
  next_due: string | null;
  serial: string | null;
  mfg: string | null;
  model: string | null;
  system_nick_name: string | null;
}

export const toDueItem = (row: DueRow, today: Day): DueItem => ({
  equipmentId: row.equipment_id,
  serial: row.serial,
  instrumentName: row.system_nick_name || [row.mfg, row.model].filter(Boolean).join(' ') || null,
  serviceCallType: row.service_call_type,
  dueDate: row.next_due!,
  overdue: row.next_due! < today,
});

/** A page of what is overdue or due within DUE_SOON_DAYS of `today`, earliest first. */
export async function upcomingPage(db: Db, scope: DueScope, today: Day, page: PageRequest) {
  const all = dueRows(db, scope, addDays(today, DUE_SOON_DAYS));
  const { rows, totalCount } = await pageOf(
    all
      .select(itemColumns)
      .orderBy('service_intervals.next_due')
      .orderBy('equipment.serial')
      .orderBy('service_intervals.equipment_id')
      .orderBy('service_intervals.service_call_type'),
    all,
    page,
  );
  return { items: rows.map((row) => toDueItem(row, today)), totalCount };
}

/** At most `limit` rows of what is overdue or due within DUE_SOON_DAYS, earliest first, and how many there are. */
export async function dueSoonOf(db: Db, scope: DueScope, today: Day, limit: number) {
  return upcomingPage(db, scope, today, { pageIndex: 0, pageSize: limit });
}

/** How many due dates of the scope are overdue on `today`. */
export async function countOverdue(db: Db, scope: DueScope, today: Day): Promise<number> {
  const row = await dueRows(db, scope, addDays(today, -1))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The due dates of some instruments of the customer (visible ones) between two days, of some kinds or all. */
export async function dueDatesBetween(
  db: Db,
  customerId: number,
  equipmentIds: number[],
  types: number[] | undefined,
  from: Day,
  until: Day,
) {
  if (equipmentIds.length === 0 || types?.length === 0) return [];
  return db
    .selectFrom('service_intervals')
    .innerJoin('equipment', 'equipment.id', 'service_intervals.equipment_id')
    .select(['service_intervals.equipment_id', 'service_intervals.service_call_type', 'service_intervals.next_due'])
    .where('service_intervals.customer_id', '=', customerId)
    .where('equipment.customer_id', '=', customerId)
    .where('equipment.is_hidden', '=', false)
    .where('service_intervals.equipment_id', 'in', equipmentIds)
    .$if(types !== undefined, (q) => q.where('service_intervals.service_call_type', 'in', types!))
    .where('service_intervals.next_due', '>=', from)
    .where('service_intervals.next_due', '<=', until)
    .orderBy('service_intervals.next_due')
    .orderBy('service_intervals.equipment_id')
    .execute();
}

/** Whether the user gets the weekly digest: on unless they turned it off. */
export async function weeklyDigestOf(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('due_digest_settings')
    .select('weekly_digest')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.weekly_digest ?? true;
}

export async function setWeeklyDigest(trx: Db, user: { userId: number; customerId: number }, on: boolean) {
  await trx
    .insertInto('due_digest_settings')
    .values({ user_id: user.userId, customer_id: user.customerId, weekly_digest: on })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ weekly_digest: on, customer_id: user.customerId, updated_at: sql`now()` }),
    )
    .execute();
}

/** A user reminders go to: active, not removed, of the customer's own staff (not provider staff). */
export interface ReminderRecipient {
  userId: number;
  customerId: number;
  email: string;
  firstName: string;
  languageCode: string | null;
  isManager: boolean;
}

/**
 * The people who hear of an instrument's due work: the customer's managers (and admins) and the instrument's contact
 * when the contact is a user of the same customer. A contact address that is no user of the customer gets nothing:
 * the reminders are sent on a schedule, and only an account can turn them off.
 */
export function recipientUsers(db: Db) {
  return db
    .selectFrom('users')
    .select([
      'users.id as userId',
      'users.customer_id as customerId',
      'users.email',
      'users.first_name as firstName',
      'users.language_code as languageCode',
      sql<boolean>`users.role >= ${ROLE.Manager}`.as('isManager'),
    ])
    .where('users.is_active', '=', true)
    .where('users.deleted_at', 'is', null)
    .where('users.is_pe_user', '=', false);
}

/** Every customer's recipients of the weekly digest who have not turned it off. */
export async function digestRecipients(db: Db): Promise<ReminderRecipient[]> {
  return recipientUsers(db)
    .where((eb) =>
      eb.or([
        eb('users.role', '>=', ROLE.Manager),
        eb.exists(
          eb
            .selectFrom('equipment')
            .select(sql`1`.as('one'))
            .whereRef('equipment.customer_id', '=', 'users.customer_id')
            .where('equipment.is_hidden', '=', false)
            .where(sql<boolean>`lower(equipment.contact_email) = lower(users.email)`),
        ),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('due_digest_settings')
            .select(sql`1`.as('one'))
            .whereRef('due_digest_settings.user_id', '=', 'users.id')
            .where('due_digest_settings.weekly_digest', '=', false),
        ),
      ),
    )
    .orderBy('users.id')
    .execute();
}

/** The recipients of one instrument's overdue notice: the customer's managers and the instrument's contact user. */
export async function instrumentRecipients(
  db: Db,
  customerId: number,
  contactEmail: string | null,
): Promise<ReminderRecipient[]> {
  return recipientUsers(db)
    .where('users.customer_id', '=', customerId)
    .where((eb) =>
      eb.or([
        eb('users.role', '>=', ROLE.Manager),
        ...(contactEmail ? [eb(sql`lower(users.email)`, '=', contactEmail.toLowerCase())] : []),
      ]),
    )
    .orderBy('users.id')
    .execute();
}
