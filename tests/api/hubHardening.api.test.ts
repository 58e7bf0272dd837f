import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { HUB_FORBIDDEN, HUB_MESSAGE_MAX_BYTES, HUB_SESSION_ENDED } from '../../api-mock/src/realtime/hub';
import { startApiServer } from '../support/apiServer';
import { openHub, cookieOf, type HubSocket as Socket } from '../support/hubSocket';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const closed = (socket: Socket) => new Promise<number>((resolve) => socket.on('close', resolve));

describe('the hub refuses and bounds what it should', () => {
  it('refuses the upgrade without a session', async () => {
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const upgrade = (cookie: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`${url}/signalr`, {
          headers: {
            cookie,
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': randomBytes(16).toString('base64'),
          },
        });
        request.on('upgrade', (_res, socket) => {
          socket.destroy();
          resolve(101);
        });
        request.on('response', (res) => resolve(res.statusCode ?? 0));
        request.on('error', reject);
        request.end();
      });
    expect(await upgrade('portal_session=unknown')).toBe(401);
    expect(await upgrade('')).toBe(401);
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    expect(await upgrade(cookieOf(jar))).toBe(101);
  });

  it('refuses the upgrade from a page of another origin, even with the session cookie', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    await expect(openHub(server.app, { cookie: cookieOf(jar), origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });

  it('closes a connection that sends more than the largest import', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const socket = await openHub(server.app, { cookie: cookieOf(jar) });
    const code = closed(socket);
    socket.send('x'.repeat(HUB_MESSAGE_MAX_BYTES + 1));
    expect(await code).toBe(1009);
  });

  it('refuses importProduct without the anti-forgery token and imports nothing', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const before = await server.database.db.selectFrom('equipment').select('id').execute();
    const socket = await openHub(server.app, { cookie: cookieOf(jar) });
    const code = closed(socket);
    socket.send(JSON.stringify({ type: 'importProduct', locationId: 1, fileContent: 'UEsDBA==', xsrfToken: 'forged' }));
    expect(await code).toBe(HUB_FORBIDDEN);
    expect(await server.database.db.selectFrom('equipment').select('id').execute()).toHaveLength(before.length);
  });

  it('answers a message it cannot read with an error, keeps the socket, and tags a job refusal with its invocation id', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const socket = await openHub(server.app, { cookie: cookieOf(jar) });
    const messages: unknown[] = [];
    socket.on('message', (d) => messages.push(JSON.parse(d.toString())));
    const until = async (count: number) => {
      for (let i = 0; i < 200 && messages.length < count; i++) await new Promise((r) => setTimeout(r, 10));
    };
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'shutdown', invocationId: 'x-1' }));
    socket.send(
      JSON.stringify({
        type: 'importProduct',
        invocationId: 'x-2',
        locationId: 'x',
        fileContent: '!!',
        xsrfToken: jar.get('XSRF-TOKEN'),
      }),
    );
    await until(3);
    expect(messages).toEqual([
      { type: 'error', errorCode: 400 },
      { type: 'error', errorCode: 400, invocationId: 'x-1' },
      { type: 'ImportProductCompleted', errorCode: 400, result: {}, importedCount: 0, invocationId: 'x-2' },
    ]);
    socket.send(JSON.stringify({ type: 'hello' }));
    await until(4);
    expect(messages[3]).toMatchObject({ type: 'unreadCount' });
    socket.close();
  });

  it('closes the sockets of a session when it signs out, and keeps those of other sessions', async () => {
    const leaving = await signedIn(server.app, 'manager@acme-labs.example');
    const staying = await signedIn(server.app, 'manager@acme-labs.example');
    const gone = await openHub(server.app, { cookie: cookieOf(leaving.jar) });
    const kept = await openHub(server.app, { cookie: cookieOf(staying.jar) });
    let keptClosed = false;
    kept.on('close', () => (keptClosed = true));
    const code = closed(gone);
    await leaving.client.account.logout({ body: {} });
    expect(await code).toBe(HUB_SESSION_ENDED);
    const greeted = new Promise<unknown>((resolve) => kept.on('message', (d) => resolve(JSON.parse(d.toString()))));
    kept.send(JSON.stringify({ type: 'hello' }));
    expect(await greeted).toMatchObject({ type: 'unreadCount' });
    expect(keptClosed).toBe(false);
    kept.close();
  });

  it('closes every socket of a user who is disabled', async () => {
    const { jar } = await signedIn(server.app, 'user@globex.example');
    const socket = await openHub(server.app, { cookie: cookieOf(jar) });
    const code = closed(socket);
    await server.database.db
      .updateTable('users')
      .set({ is_active: false })
      .where('email', '=', 'user@globex.example')
      .execute();
    expect(await code).toBe(HUB_SESSION_ENDED);
  });

  it('closes every socket of a user who is removed, and refuses the session on its next call', async () => {
    const db = server.database.db;
    const admin = await db
      .selectFrom('users')
      .select(['customer_id', 'password_hash'])
      .where('email', '=', 'admin@acme-labs.example')
      .executeTakeFirstOrThrow();
    const victim = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('customer_id', '=', admin.customer_id)
      .where('email', 'not in', [
        'admin@acme-labs.example',
        'manager@acme-labs.example',
        'user@acme-labs.example',
        'new@acme-labs.example',
      ])
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('users').set({ password_hash: admin.password_hash }).where('id', '=', victim.id).execute();
    const theirs = await signedIn(server.app, victim.email);
    const socket = await openHub(server.app, { cookie: cookieOf(theirs.jar) });
    const code = closed(socket);
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    expect((await client.accountManagement.remove({ params: { id: victim.id } })).body).toMatchObject({ errorCode: 0 });
    expect(await code).toBe(HUB_SESSION_ENDED);
    // The browser is told the account is gone (spec 1 section 8), and nothing is served to it.
    expect((await theirs.client.users.me()).body).toMatchObject({ errorCode: ErrorCode.AccountRemoved });
    await expect(openHub(server.app, { cookie: cookieOf(theirs.jar) })).rejects.toThrow(/401/);
  });
});
