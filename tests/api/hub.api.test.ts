import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';
import { openHub, cookieOf, type HubSocket as Socket } from '../support/hubSocket';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** The next pushed message of a socket, as JSON. */
const nextMessage = (socket: Socket) =>
  new Promise<unknown>((resolve) => socket.on('message', (data) => resolve(JSON.parse(data.toString()))));

describe('real-time hub /signalr', () => {
  it('answers hello with the unread count, pushes it and again when a message is read, whichever process changed it', async () => {
    const { client, jar } = await signedIn(server.app, 'user@acme-labs.example');
    const socket = await openHub(server.app, { cookie: cookieOf(jar) });
    const greeted = nextMessage(socket);
    socket.send(JSON.stringify({ type: 'hello' }));
    const first = (await greeted) as { type: string; count: number };
    expect(first.type).toBe('unreadCount');
    expect(first.count).toBeGreaterThan(0);

    const list = await client.messages.list({ query: { isRead: false } });
    const unread = list.status === 200 && list.body.errorCode === 0 ? list.body.result!.items[0]! : null;
    const pushed = nextMessage(socket);
    await client.messages.markRead({ query: { isRead: true }, body: [unread!.Id] });
    expect(await pushed).toEqual({ type: 'unreadCount', count: first.count - 1 });
    socket.close();
  });
});
