import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import ExcelJS from 'exceljs';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../support/postgres';
import { httpClient, startServerProcess, type ServerProcess } from '../support/serverProcess';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';

/** Calls a signed-in user may make in a minute on these two processes: counted together, not each. */
const PER_MINUTE = 40;
const onPostgres = process.env.API_DB === 'postgres';

let dataDirs: string[] = [];
let databaseUrlOfTest = '';
let smtp: TestSmtpServer;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (!onPostgres) return;
  // An empty database: both start at once, migrate and seed without stepping on each other.
  const databaseUrl = await createDatabase(inject('pgAdminUrl'));
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'portal-scale-out-')));
  databaseUrlOfTest = databaseUrl;
  smtp = await startSmtpServer();
  // Both send mail through one relay; B runs no hub jobs: an import sent to a socket on B runs on A.
  const shared = {
    RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'portal@provider.example',
  };
  const env = [shared, { ...shared, HUB_JOBS: '0' }];
  const started = await Promise.all(
    dataDirs.map((dataDir, i) => startServerProcess({ dataDir, databaseUrl, env: env[i] })),
  );
  [a, b] = [started[0]!, started[1]!];
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function signIn(server: ServerProcess, email: string) {
  const agent = httpClient(server.url);
  const res = await agent.client.account.login({ body: { emailAddress: email, password: 'Portal2026' } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return agent;
}

/** The same browser, its requests sent to the other process by a load balancer. */
function sameBrowserOn(server: ServerProcess, jar: Map<string, string>) {
  const agent = httpClient(server.url);
  for (const [name, value] of jar) agent.jar.set(name, value);
  return agent;
}

const cookieOf = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Resolves with the first pushed message that passes `wanted`. */
const nextPush = (socket: WebSocket, wanted: (m: { type: string; count?: number }) => boolean) =>
  new Promise<{ type: string; count?: number }>((resolve) =>
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; count?: number };
      if (wanted(message)) resolve(message);
    }),
  );

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  it('share sessions: a sign-in on one is known to the other, and a sign-out on the other ends it on both', async () => {
    const onA = await signIn(a, 'manager@acme-labs.example');
    const onB = sameBrowserOn(b, onA.jar);
    const me = await onB.client.users.me();
    expect(me.status).toBe(200);
    expect((me.body as { result: { emailAddress: string } }).result.emailAddress).toBe('manager@acme-labs.example');

    expect((await onB.client.account.logout({ body: {} })).status).toBe(200);
    expect((await onA.client.users.me()).status).toBe(401);
  });

  it('push through the hub: a message read through one process updates the unread count on a socket of the other', async () => {
    const onA = await signIn(a, 'user@acme-labs.example');
    const socket = new WebSocket(`${a.url.replace('http', 'ws')}/signalr`, { headers: { cookie: cookieOf(onA.jar) } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const greeted = nextPush(socket, (m) => m.type === 'unreadCount');
    socket.send(JSON.stringify({ type: 'hello' }));
    const before = (await greeted).count!;
    expect(before).toBeGreaterThan(0);

    const onB = sameBrowserOn(b, onA.jar);
    const list = await onB.client.messages.list({ query: { isRead: false } });
    const unread = list.status === 200 && list.body.errorCode === 0 ? list.body.result!.items[0]! : null;
    const pushed = nextPush(socket, (m) => m.type === 'unreadCount' && m.count === before - 1);
    expect((await onB.client.messages.markRead({ query: { isRead: true }, body: [unread!.Id] })).status).toBe(200);
    expect(await pushed).toEqual({ type: 'unreadCount', count: before - 1 });
    socket.close();
  });

  it('publish domain events from either process: a reservation made through one reaches a socket of the other', async () => {
    const onA = await signIn(a, 'user@acme-labs.example');
    const socket = new WebSocket(`${a.url.replace('http', 'ws')}/signalr`, { headers: { cookie: cookieOf(onA.jar) } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const cursor = nextPush(socket, (m) => m.type === 'domainEventCursor');
    socket.send(JSON.stringify({ type: 'hello' }));
    await cursor;

    const manager = await signIn(b, 'manager@acme-labs.example');
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(23, 0, 0, 0);
    const pgClient = new pg.Client({ connectionString: databaseUrlOfTest });
    await pgClient.connect();
    const { rows } = await pgClient.query<{ id: number }>(
      `select e.id from equipment e join customers c on c.id = e.customer_id
        where c.name = 'Acme Labs' and not e.is_hidden order by e.id desc limit 1`,
    );
    await pgClient.end();
    const equipmentId = rows[0]!.id;
    const pushed = nextPush(socket, (m) => m.type === 'domainEvent');
    const made = await manager.client.reservations.create({
      params: { id: equipmentId },
      query: {},
      body: { startDate: start.toISOString(), endDate: new Date(start.getTime() + 1_800_000).toISOString() },
    });
    expect(made.status).toBe(200);
    expect(await pushed).toMatchObject({
      type: 'domainEvent',
      entityType: 'reservation',
      eventType: 'reservation.created',
    });
    socket.close();
  });

  it('run an import sent to a socket on one process on the other, its progress and completion coming back', async () => {
    const onB = await signIn(b, 'user@acme-labs.example');
    const socket = new WebSocket(`${b.url.replace('http', 'ws')}/signalr`, { headers: { cookie: cookieOf(onB.jar) } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const progress: number[] = [];
    socket.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { type: string; progress?: number };
      if (m.type === 'ImportProductProgress') progress.push(m.progress!);
    });
    const completed = nextPush(socket, (m) => m.type === 'ImportProductCompleted');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    // 600 rows without a make: their codes make a completion too long for one notification (hub_messages).
    const unnamed = Array.from({ length: 600 }, (_, i) => ['', `SO-X${i}`]);
    sheet.addRows([['mfg', 'model'], ['MFG', 'MODEL'], ['Scale-out', 'SO-1'], ['Scale-out', 'SO-2'], ...unnamed]);
    const database = new pg.Client({ connectionString: databaseUrlOfTest });
    await database.connect();
    const { rows } = await database.query<{ id: number }>(
      `select l.id from locations l join users u on u.customer_id = l.customer_id
       where u.email = 'user@acme-labs.example' order by l.id limit 1`,
    );
    socket.send(
      JSON.stringify({
        type: 'importProduct',
        locationId: rows[0]!.id,
        fileContent: Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64'),
        xsrfToken: onB.jar.get('XSRF-TOKEN'),
      }),
    );
    const done = (await completed) as unknown as { errorCode: number; importedCount: number; result: object };
    expect(done).toMatchObject({ errorCode: 0, importedCount: 2 });
    expect(Object.keys(done.result)).toHaveLength(600);
    expect(JSON.stringify(done).length).toBeGreaterThan(8000);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    const saved = await database.query(`select id from equipment where mfg = 'Scale-out'`);
    expect(saved.rowCount).toBe(2);
    // The job, and the long answer that waited for B, are gone once done.
    const left = () => database.query(`select id from hub_jobs union all select id from hub_messages`);
    await expect.poll(async () => (await left()).rowCount).toBe(0);
    await database.end();
    socket.close();
  });

  it('dispatch the mail outbox together: 40 mails queued at once each arrive exactly once', async () => {
    const database = new pg.Client({ connectionString: databaseUrlOfTest });
    await database.connect();
    const before = smtp.received.length;
    await database.query(
      `insert into mail_outbox (to_addresses, subject, body)
       select 'lab' || n || '@example.com', 'Scale-out ' || n, 'Mail ' || n from generate_series(1, 40) n`,
    );
    await smtp.waitForMessages(before + 40, 30_000);
    const subjects = smtp.received.slice(before).map((m) => m.mail.subject);
    expect(new Set(subjects).size).toBe(40);
    // A mail sent twice would arrive after the fortieth: wait for a last one queued after them.
    await database.query(
      `insert into mail_outbox (to_addresses, subject, body) values ('last@example.com', 'Last', '.')`,
    );
    await smtp.waitForMessages(before + 41, 30_000);
    expect(smtp.received.slice(before).map((m) => m.mail.subject)).toHaveLength(41);
    const { rows } = await database.query<{ sent: number; attempts: number }>(
      `select count(*)::int as sent, max(attempts)::int as attempts from mail_outbox
       where sent_at is not null and subject like 'Scale-out %'`,
    );
    await database.end();
    expect(rows[0]).toEqual({ sent: 40, attempts: 1 });
  });

  it('count rate limits together: a user gets one budget across both processes, and both refuse once it is spent', async () => {
    const onA = await signIn(a, 'admin@acme-labs.example');
    const onB = sameBrowserOn(b, onA.jar);
    let answered = 0;
    let refusedBy: 'a' | 'b' | null = null;
    for (let call = 0; call < 2 * PER_MINUTE && refusedBy === null; call += 1) {
      const [name, agent] = call % 2 === 0 ? (['a', onA] as const) : (['b', onB] as const);
      const res = await agent.client.users.me();
      if (res.status === 200) answered += 1;
      else if (res.status === 429) refusedBy = name;
      else throw new Error(`unexpected ${res.status}`);
    }
    expect(refusedBy).not.toBeNull();
    // Counted apart, each process would answer its own PER_MINUTE.
    expect(answered).toBe(PER_MINUTE);
    const other = refusedBy === 'a' ? onB : onA;
    const again = await other.client.users.me();
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
