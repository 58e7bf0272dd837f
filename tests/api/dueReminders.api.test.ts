import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUE_SOON_DAYS, type CalendarDueDate, type DueItem } from '../../contract/dueDates';
import type { Database } from '../../api-mock/src/db/schema';
import { isoWeekOf, notifyOverdue, scheduleReminders, sendWeeklyDigests } from '../../api-mock/src/dueDates/reminders';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';
import { TEST_PUBLIC_ORIGIN } from '../support/testServer';

dayjs.extend(utc);

const CALIBRATION = 9;
const MAINTENANCE = 1;
const QUALIFICATION = 12;

let server: Awaited<ReturnType<typeof startApiServer>>;
let db: Kysely<Database>;
let acmeId: number;
let globexId: number;
const today = dayjs.utc().format('YYYY-MM-DD');
/** Acme's instruments that have no work orders, so their due dates follow the installation date alone. */
let acme: number[];
let globex: number[];

/** Sets an interval whose next due date falls `days` from today; answers the due date the database computed. */
async function dueIn(equipmentId: number, type: number, days: number): Promise<string> {
  const due = dayjs.utc(today).add(days, 'day');
  await db
    .updateTable('equipment')
    .set({ inst_date: due.subtract(12, 'month').format('YYYY-MM-DD') })
    .where('id', '=', equipmentId)
    .execute();
  const customer = await db
    .selectFrom('equipment')
    .select('customer_id')
    .where('id', '=', equipmentId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('service_intervals')
    .values({
      equipment_id: equipmentId,
      service_call_type: type,
      customer_id: customer.customer_id,
      interval_months: 12,
    })
    .onConflict((oc) => oc.columns(['equipment_id', 'service_call_type']).doUpdateSet({ interval_months: 12 }))
    .execute();
  const row = await db
    .selectFrom('service_intervals')
    .select('next_due')
    .where('equipment_id', '=', equipmentId)
    .where('service_call_type', '=', type)
    .executeTakeFirstOrThrow();
  return row.next_due!;
}

const userIdOf = async (email: string) =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

function resultOf<T>(res: { status: number; body: unknown }): T {
  const body = res.body as { errorCode?: number; result?: T };
  if (res.status !== 200 || body.errorCode !== 0) throw new Error(`expected success: ${JSON.stringify(res)}`);
  return body.result as T;
}

const upcoming = async (client: InjectClient, query: Record<string, unknown> = {}) =>
  resultOf<{ items: DueItem[]; totalCount: number }>(await client.dueDates.upcoming({ query: query as never }));

const instrumentsWithoutWorkOrders = (customerId: number, count: number) =>
  db
    .selectFrom('equipment')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('is_hidden', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('service_calls')
            .select(sql`1`.as('one'))
            .whereRef('service_calls.equipment_id', '=', 'equipment.id'),
        ),
      ),
    )
    .orderBy('id')
    .limit(count)
    .execute()
    .then((rows) => rows.map((r) => r.id));

const due: Record<string, string> = {};

beforeAll(async () => {
  server = await startApiServer();
  db = server.database.db;
  const ids = await db.selectFrom('customers').select(['id', 'name']).execute();
  acmeId = ids.find((c) => c.name === 'Acme Labs')!.id;
  globexId = ids.find((c) => c.name === 'Globex Corporation')!.id;
  // The two customers' only due dates are the test's own: the demo world's intervals go.
  await db.deleteFrom('service_intervals').where('customer_id', 'in', [acmeId, globexId]).execute();
  acme = await instrumentsWithoutWorkOrders(acmeId, 6);
  globex = await instrumentsWithoutWorkOrders(globexId, 1);
  expect(acme).toHaveLength(6);
  due.overdue = await dueIn(acme[0]!, CALIBRATION, -3);
  due.soon = await dueIn(acme[1]!, MAINTENANCE, 10);
  due.edge = await dueIn(acme[2]!, QUALIFICATION, DUE_SOON_DAYS);
  due.later = await dueIn(acme[3]!, CALIBRATION, DUE_SOON_DAYS + 15);
  due.hidden = await dueIn(acme[4]!, CALIBRATION, 5);
  due.longAgo = await dueIn(acme[5]!, MAINTENANCE, -400);
  due.globex = await dueIn(globex[0]!, CALIBRATION, 2);
  await db.updateTable('equipment').set({ is_hidden: true }).where('id', '=', acme[4]!).execute();
  // The standard user is the contact of the instrument due soon (another spelling of the address).
  await db
    .updateTable('equipment')
    .set({ contact_email: 'USER@acme-labs.example' })
    .where('id', '=', acme[1]!)
    .execute();
});
afterAll(() => server.close());

describe('what falls due on the welcome page', () => {
  it('lists the overdue and the due-within-30-days dates of visible instruments, earliest first, overdue marked', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const { items, totalCount } = await upcoming(client, { pageSize: 50 });
    const ours = items.filter((i) => acme.includes(i.equipmentId));
    expect(ours.map((i) => [i.equipmentId, i.serviceCallType, i.dueDate, i.overdue])).toEqual([
      [acme[5], MAINTENANCE, due.longAgo, true],
      [acme[0], CALIBRATION, due.overdue, true],
      [acme[1], MAINTENANCE, due.soon, false],
      [acme[2], QUALIFICATION, due.edge, false],
    ]);
    expect(totalCount).toBe(items.length);
    expect(items.some((i) => i.equipmentId === acme[3] || i.equipmentId === acme[4])).toBe(false);
  });

  it('is bounded: a page of at most the asked size with the total count, and a page size past 50 is refused', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const page = await upcoming(client, { pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.totalCount).toBeGreaterThanOrEqual(4);
    const second = await upcoming(client, { pageSize: 2, pageIndex: 1 });
    expect(second.items[0]).not.toEqual(page.items[0]);
    for (const pageSize of ['51', '0', 'ten']) {
      const res = await client.dueDates.upcoming({ query: { pageSize } as never });
      expect(res.status).toBe(400);
    }
  });

  it("a user of another customer sees none of Acme's due dates, and Acme none of theirs", async () => {
    const globexUser = await signedIn(server.app, 'user@globex.example');
    const theirs = await upcoming(globexUser.client, { pageSize: 50 });
    expect(theirs.items.map((i) => i.equipmentId)).toEqual([globex[0]]);
    const acmeUser = await signedIn(server.app, 'user@acme-labs.example');
    const ours = await upcoming(acmeUser.client, { pageSize: 50 });
    expect(ours.items.some((i) => i.equipmentId === globex[0])).toBe(false);
  });

  it('with "mine", only the instruments on the user\'s own list', async () => {
    const userId = await userIdOf('user@acme-labs.example');
    await db.deleteFrom('user_equipment').where('user_id', '=', userId).execute();
    await db.insertInto('user_equipment').values({ user_id: userId, equipment_id: acme[1]! }).execute();
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const mine = await upcoming(client, { mine: 'true' });
    expect(mine.items.map((i) => i.equipmentId)).toEqual([acme[1]]);
  });
});

describe("the calendar's due dates", () => {
  const week = () => ({
    start: dayjs.utc(today).subtract(7, 'day').toISOString(),
    end: dayjs.utc(today).add(14, 'day').toISOString(),
  });

  it('answers the due dates of the asked instruments within the period, of the checked kinds', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const ids = [acme[0], acme[1], acme[2], acme[4], globex[0]].join(',');
    const all = resultOf<{ items: CalendarDueDate[] }>(
      await client.dueDates.calendar({ query: { ...week(), equipmentIds: ids } as never }),
    );
    expect(all.items).toEqual([
      { equipmentId: acme[0], serviceCallType: CALIBRATION, dueDate: due.overdue },
      { equipmentId: acme[1], serviceCallType: MAINTENANCE, dueDate: due.soon },
    ]);
    const calibration = resultOf<{ items: CalendarDueDate[] }>(
      await client.dueDates.calendar({ query: { ...week(), equipmentIds: ids, serviceCallType: '9' } as never }),
    );
    expect(calibration.items.map((i) => i.equipmentId)).toEqual([acme[0]]);
  });

  it('refuses a period past 42 days, too many instruments and ids that are no numbers', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const long = { start: dayjs.utc(today).toISOString(), end: dayjs.utc(today).add(60, 'day').toISOString() };
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const query of [
      { ...long, equipmentIds: String(acme[0]) },
      { ...week(), equipmentIds: tooMany },
      { ...week(), equipmentIds: '1;drop' },
    ]) {
      expect((await client.dueDates.calendar({ query: query as never })).status).toBe(400);
    }
  });
});

describe('the weekly digest setting', () => {
  it('is on until the user turns it off, and the change is kept with its event', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    expect(resultOf(await client.dueDates.digestSetting({ query: {} }))).toEqual({ weeklyDigest: true });
    expect(resultOf(await client.dueDates.updateDigestSetting({ body: { weeklyDigest: false } }))).toEqual({
      weeklyDigest: false,
    });
    expect(resultOf(await client.dueDates.digestSetting({ query: {} }))).toEqual({ weeklyDigest: false });
    const adminId = await userIdOf('admin@acme-labs.example');
    const events = await db
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(adminId))
      .where('event_type', 'like', 'dueDigest.%')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(['dueDigest.unsubscribed']);
  });

  it('refuses a body that is not a yes or no, and keeps the setting', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const res = await client.dueDates.updateDigestSetting({ body: { weeklyDigest: 'no' } as never });
    expect(res.status).toBe(400);
    expect(resultOf(await client.dueDates.digestSetting({ query: {} }))).toEqual({ weeklyDigest: true });
  });
});

describe('the weekly digest mail', () => {
  const now = new Date(`${today}T07:00:00Z`);
  const mailsTo = (address: string) =>
    db
      .selectFrom('mail_outbox')
      .select(['to_addresses', 'subject', 'body', 'language'])
      .where(sql<boolean>`lower(to_addresses) = lower(${address})`)
      .where('subject', 'like', '%Acme Labs%')
      .execute();

  it("goes to Acme's managers and the instruments' contact user, in their language, once however often it runs", async () => {
    await db
      .updateTable('users')
      .set({ language_code: 'de' })
      .where('email', '=', 'manager@acme-labs.example')
      .execute();
    const runs = await Promise.all([
      sendWeeklyDigests(db, { now, publicOrigin: TEST_PUBLIC_ORIGIN }),
      sendWeeklyDigests(db, { now, publicOrigin: TEST_PUBLIC_ORIGIN }),
    ]);
    expect(runs[0]! + runs[1]!).toBeGreaterThan(0);
    expect(await sendWeeklyDigests(db, { now, publicOrigin: TEST_PUBLIC_ORIGIN })).toBe(0);

    const manager = await mailsTo('manager@acme-labs.example');
    expect(manager).toHaveLength(1);
    expect(manager[0]!.language).toBe('de');
    expect(manager[0]!.subject).toMatch(/überfällig/);
    expect(manager[0]!.body).toContain('Überfällig:');
    expect(manager[0]!.body).toContain('Kalibrierung');
    expect(manager[0]!.body).toContain(`${TEST_PUBLIC_ORIGIN}/app/userManagement/myAccount`);
    expect(manager[0]!.body).toContain(`${TEST_PUBLIC_ORIGIN}/app/product/equipmentDetail/${acme[0]}`);
    expect(manager[0]!.body).not.toContain(`/equipmentDetail/${acme[3]}\n`);
    expect(manager[0]!.body).not.toContain(`/equipmentDetail/${acme[4]}\n`);

    // The standard user hears only of the instrument they are the contact of, in English.
    const contact = await mailsTo('user@acme-labs.example');
    expect(contact).toHaveLength(1);
    expect(contact[0]!.language).toBe('en-us');
    expect(contact[0]!.subject).toBe('Acme Labs: 0 overdue, 1 due soon — weekly service digest');
    expect(contact[0]!.body).toContain(`/app/product/equipmentDetail/${acme[1]}`);
    expect(contact[0]!.body).not.toContain(`/app/product/equipmentDetail/${acme[0]}`);

    const sent = await db
      .selectFrom('due_digests_sent')
      .select(['user_id', 'iso_week'])
      .where('user_id', '=', await userIdOf('manager@acme-labs.example'))
      .execute();
    expect(sent).toEqual([{ user_id: await userIdOf('manager@acme-labs.example'), iso_week: isoWeekOf(now) }]);
  });

  it('skips a user who turned it off, and a user of another customer never hears of Acme', async () => {
    expect(await mailsTo('admin@acme-labs.example')).toHaveLength(0);
    const globexMail = await db
      .selectFrom('mail_outbox')
      .select('body')
      .where('to_addresses', 'like', '%globex.example')
      .execute();
    for (const mail of globexMail) expect(mail.body).not.toContain(`/equipmentDetail/${acme[0]}`);
  });

  it('goes out again the next week', async () => {
    const nextWeek = new Date(now.getTime() + 7 * 86_400_000);
    expect(isoWeekOf(nextWeek)).not.toBe(isoWeekOf(now));
    await sendWeeklyDigests(db, { now: nextWeek, publicOrigin: TEST_PUBLIC_ORIGIN });
    expect(await mailsTo('manager@acme-labs.example')).toHaveLength(2);
  });
});

describe('the notice of an overdue due date', () => {
  it('reaches the managers and the contact once, in their language, with a link to the instrument', async () => {
    const now = new Date(`${today}T08:00:00Z`);
    await db
      .updateTable('equipment')
      .set({ contact_email: 'user@acme-labs.example' })
      .where('id', '=', acme[0]!)
      .execute();
    const before = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const [first, second] = await Promise.all([
      notifyOverdue(db, { now, publicOrigin: TEST_PUBLIC_ORIGIN }),
      notifyOverdue(db, { now, publicOrigin: TEST_PUBLIC_ORIGIN }),
    ]);
    expect(first! + second!).toBeGreaterThanOrEqual(1);
    expect(await notifyOverdue(db, { now, publicOrigin: TEST_PUBLIC_ORIGIN })).toBe(0);

    const notices = await db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .select(['users.email', 'messages.subject', 'messages.content', 'messages.customer_id'])
      .where('messages.id', '>', Number(before.id ?? 0))
      .where('messages.content', 'like', `%/equipmentDetail/${acme[0]}"%`)
      .execute();
    const to = notices.map((n) => n.email).sort();
    expect(to).toContain('user@acme-labs.example');
    expect(to).toContain('manager@acme-labs.example');
    expect(new Set(to).size).toBe(to.length);
    expect(notices.every((n) => n.customer_id === acmeId)).toBe(true);
    expect(notices.find((n) => n.email === 'manager@acme-labs.example')!.subject).toMatch(/^Überfällig: Kalibrierung/);
    expect(notices.find((n) => n.email === 'user@acme-labs.example')!.subject).toMatch(/^Overdue: Calibration/);
    expect(notices[0]!.content).toContain(`${TEST_PUBLIC_ORIGIN}/app/product/equipmentDetail/${acme[0]}`);
    // A due date long past is not announced (a portal started on old data), nor a hidden instrument's.
    const old = await db
      .selectFrom('overdue_notices')
      .select('equipment_id')
      .where('equipment_id', 'in', [acme[5]!, acme[4]!])
      .execute();
    expect(old).toEqual([]);
  });

  it('is announced again for the next due date of the same instrument and kind', async () => {
    const next = await dueIn(acme[0]!, CALIBRATION, -1);
    const now = new Date(`${today}T09:00:00Z`);
    await notifyOverdue(db, { now, publicOrigin: TEST_PUBLIC_ORIGIN });
    const keys = await db
      .selectFrom('overdue_notices')
      .select('due_date')
      .where('equipment_id', '=', acme[0]!)
      .orderBy('due_date')
      .execute();
    expect(keys.map((k) => k.due_date)).toEqual([due.overdue, next].sort());
  });
});

describe('the reminders schedule', () => {
  it('runs the digest on its interval with the clock it is given, and stops', async () => {
    const later = new Date(Date.now() + 21 * 86_400_000);
    const week = isoWeekOf(later);
    const errors: unknown[] = [];
    const stop = scheduleReminders(db, {
      publicOrigin: TEST_PUBLIC_ORIGIN,
      intervalMs: 20,
      now: () => later,
      onError: (err) => errors.push(err),
    });
    const managerId = await userIdOf('manager@acme-labs.example');
    const sentThatWeek = () =>
      db
        .selectFrom('due_digests_sent')
        .select('user_id')
        .where('iso_week', '=', week)
        .where('user_id', '=', managerId)
        .execute();
    await expect.poll(async () => (await sentThatWeek()).length, { timeout: 20_000, interval: 100 }).toBe(1);
    await stop();
    expect(errors).toEqual([]);
  });
});
