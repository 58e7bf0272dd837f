import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import utc from 'dayjs/plugin/utc';
import { sql, type Kysely } from 'kysely';
import { DUE_SOON_DAYS, type DueItem } from '../../../contract/dueDates';
import { SERVICE_CALL_TYPE_NAMES } from '../../../contract/reservations';
import type { Database } from '../db/schema';
import { appendEvent } from '../db/events';
import { languageCodeOf, localeOf } from '../lib/languages';
import { digestMail, type DigestLine } from '../mail/dueDigestText';
import { queueMail } from '../mail/outbox';
import { insertMessages } from '../messages/queries';
import { reportLabels } from '../reports/reportLabels';
import {
  addDays,
  countOverdue,
  digestRecipients,
  dueSoonOf,
  instrumentRecipients,
  type ReminderRecipient,
} from './queries';
import { overdueNotice } from './overdueText';

dayjs.extend(utc);
dayjs.extend(isoWeek);

/** How often each server process looks for digests and overdue notices to send. Chosen: not in spec. */
export const DEFAULT_REMINDER_INTERVAL_MS = 60 * 60 * 1000;
/** The most due dates a digest lists; the rest are counted, with a link to the welcome page. Chosen. */
export const DIGEST_LINES_MAX = 40;
/**
 * A due date is announced as overdue while it is at most this many days past: a portal started on old data does not
 * announce years of missed dates at once. Chosen: not in spec.
 */
export const OVERDUE_NOTICE_DAYS = 14;
/** The most overdue due dates one run announces; the next run takes the rest. */
export const OVERDUE_NOTICES_PER_RUN = 500;

/** The kinds of work in each language, from the client's calendar texts (calendar:service_type_<id>). */
const kindLabels = reportLabels(
  'calendar',
  Object.keys(SERVICE_CALL_TYPE_NAMES).map((id) => `service_type_${id}`),
);

export interface ReminderOptions {
  /** The time the run takes as now (tests set it). */
  now: Date;
  /** The portal's public origin: every link names it. */
  publicOrigin: string;
}

/** The ISO week of a time in UTC, as `2026-W48`. */
export const isoWeekOf = (now: Date) => {
  const at = dayjs.utc(now);
  return `${at.isoWeekYear()}-W${String(at.isoWeek()).padStart(2, '0')}`;
};

const languageOf = (recipient: ReminderRecipient) => languageCodeOf(recipient.languageCode);

const dateText = (language: ReturnType<typeof languageCodeOf>, day: string) =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const instrumentText = (item: Pick<DueItem, 'serial' | 'instrumentName'>) =>
  [item.serial, item.instrumentName].filter(Boolean).join(' – ');

const instrumentLink = (origin: string, equipmentId: number) => `${origin}/app/product/equipmentDetail/${equipmentId}`;

/**
 * The weekly digest: to each recipient (the customers' managers and instruments' contacts who are users, unless they
 * turned it off) with something overdue or due within DUE_SOON_DAYS, once per ISO week. The week's row in
 * due_digests_sent and the outbox row are written in one transaction; a second run, or one running at the same time
 * in another process, finds the row (or waits for it on the primary key) and sends nothing. Answers how many went out.
 */
export async function sendWeeklyDigests(db: Kysely<Database>, { now, publicOrigin }: ReminderOptions) {
  const week = isoWeekOf(now);
  const today = now.toISOString().slice(0, 10);
  let sent = 0;
  const recipients = await digestRecipients(db);
  const already = new Set(
    (await db.selectFrom('due_digests_sent').select('user_id').where('iso_week', '=', week).execute()).map(
      (r) => r.user_id,
    ),
  );
  for (const recipient of recipients) {
    if (already.has(recipient.userId)) continue;
    const scope = {
      customerId: recipient.customerId,
      contactEmail: recipient.isManager ? undefined : recipient.email,
    };
    const { items, totalCount } = await dueSoonOf(db, scope, today, DIGEST_LINES_MAX);
    if (totalCount === 0) continue;
    const overdueCount = await countOverdue(db, scope, today);
    const language = languageOf(recipient);
    const kinds = kindLabels(language).labels as Record<string, string>;
    const toLine = (item: DueItem): DigestLine => ({
      date: dateText(language, item.dueDate),
      kind: kinds[`service_type_${item.serviceCallType}`] ?? String(item.serviceCallType),
      instrument: instrumentText(item),
      link: instrumentLink(publicOrigin, item.equipmentId),
    });
    const customer = await db
      .selectFrom('customers')
      .select('name')
      .where('id', '=', recipient.customerId)
      .executeTakeFirstOrThrow();
    const mail = digestMail(language, {
      name: recipient.firstName,
      customer: customer.name,
      week,
      days: DUE_SOON_DAYS,
      overdue: items.filter((i) => i.overdue).map(toLine),
      dueSoon: items.filter((i) => !i.overdue).map(toLine),
      overdueCount,
      dueSoonCount: totalCount - overdueCount,
      more: totalCount - items.length,
      welcomeLink: `${publicOrigin}/app/welcome`,
      accountLink: `${publicOrigin}/app/userManagement/myAccount`,
    });
    const queued = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('due_digests_sent')
        .values({
          user_id: recipient.userId,
          iso_week: week,
          customer_id: recipient.customerId,
          item_count: totalCount,
        })
        .onConflict((oc) => oc.columns(['user_id', 'iso_week']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) return false;
      await queueMail(trx, { to: [recipient.email], subject: mail.subject, body: mail.body, language });
      await appendEvent(trx, {
        customerId: recipient.customerId,
        actorId: null,
        entityType: 'user',
        entityId: recipient.userId,
        eventType: 'dueDigest.sent',
        payload: { isoWeek: week, items: totalCount },
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/**
 * The in-app notice of each due date that has become overdue (within OVERDUE_NOTICE_DAYS): once per instrument, kind
 * of work and due date, to the customer's managers and the instrument's contact user, each in their language. The
 * notice's key in overdue_notices and the notifications are written in one transaction. Answers how many due dates
 * were announced.
 */
export async function notifyOverdue(db: Kysely<Database>, { now, publicOrigin }: ReminderOptions) {
  const today = now.toISOString().slice(0, 10);
  const due = await db
    .selectFrom('service_intervals')
    .innerJoin('equipment', 'equipment.id', 'service_intervals.equipment_id')
    .select([
      'service_intervals.equipment_id',
      'service_intervals.service_call_type',
      'service_intervals.next_due',
      'service_intervals.customer_id',
      'equipment.serial',
      'equipment.mfg',
      'equipment.model',
      'equipment.system_nick_name',
      'equipment.contact_email',
    ])
    .where('equipment.is_hidden', '=', false)
    .whereRef('equipment.customer_id', '=', 'service_intervals.customer_id')
    .where('service_intervals.next_due', '<', today)
    .where('service_intervals.next_due', '>=', addDays(today, -OVERDUE_NOTICE_DAYS))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('overdue_notices')
            .select(sql`1`.as('one'))
            .whereRef('overdue_notices.equipment_id', '=', 'service_intervals.equipment_id')
            .whereRef('overdue_notices.service_call_type', '=', 'service_intervals.service_call_type')
            .whereRef('overdue_notices.due_date', '=', 'service_intervals.next_due'),
        ),
      ),
    )
    .orderBy('service_intervals.next_due')
    .orderBy('service_intervals.equipment_id')
    .limit(OVERDUE_NOTICES_PER_RUN)
    .execute();
  let announced = 0;
  for (const row of due) {
    const dueDate = row.next_due!;
    const instrument = [row.serial, row.system_nick_name || [row.mfg, row.model].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(' – ');
    const done = await db.transaction().execute(async (trx) => {
      const recipients = await instrumentRecipients(trx, row.customer_id, row.contact_email);
      const claimed = await trx
        .insertInto('overdue_notices')
        .values({
          equipment_id: row.equipment_id,
          service_call_type: row.service_call_type,
          due_date: dueDate,
          customer_id: row.customer_id,
          recipient_count: recipients.length,
        })
        .onConflict((oc) => oc.columns(['equipment_id', 'service_call_type', 'due_date']).doNothing())
        .returning('equipment_id')
        .executeTakeFirst();
      if (!claimed) return false;
      await insertMessages(
        trx,
        recipients.map((recipient) => {
          const language = languageOf(recipient);
          const kinds = kindLabels(language).labels as Record<string, string>;
          const notice = overdueNotice(language, {
            kind: kinds[`service_type_${row.service_call_type}`] ?? String(row.service_call_type),
            instrument,
            date: dateText(language, dueDate),
            link: instrumentLink(publicOrigin, row.equipment_id),
          });
          return { customer_id: row.customer_id, user_id: recipient.userId, category: 'system' as const, ...notice };
        }),
      );
      await appendEvent(trx, {
        customerId: row.customer_id,
        actorId: null,
        entityType: 'serviceInterval',
        entityId: `${row.equipment_id}:${row.service_call_type}`,
        eventType: 'serviceInterval.overdueNotified',
        payload: { dueDate, recipients: recipients.map((r) => r.userId) },
      });
      return true;
    });
    if (done) announced++;
  }
  return announced;
}

/** One round of reminders: the overdue notices, then this week's digests. */
export async function runReminders(db: Kysely<Database>, options: ReminderOptions) {
  const notices = await notifyOverdue(db, options);
  const digests = await sendWeeklyDigests(db, options);
  return { notices, digests };
}

/** Run the reminders every interval until stopped (as the vacuum is scheduled); a run never overlaps the one before. */
export function scheduleReminders(
  db: Kysely<Database>,
  {
    publicOrigin,
    intervalMs,
    now = () => new Date(),
    onError,
  }: {
    publicOrigin: string;
    intervalMs: number;
    now?: () => Date;
    onError: (err: unknown) => void;
  },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runReminders(db, { now: now(), publicOrigin })
      .catch(onError)
      .finally(() => {
        if (timer) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, intervalMs).unref();
  return async function stop() {
    clearTimeout(timer);
    timer = undefined;
    await running;
  };
}
