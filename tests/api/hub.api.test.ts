import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

interface Socket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  close(): void;
  send(data: string): void;
}
type InjectWS = (path: string, opts: { headers: Record<string, string> }) => Promise<Socket>;

/** The next pushed message of a socket, as JSON. */
const nextMessage = (socket: Socket) =>
  new Promise<unknown>((resolve) => socket.on('message', (data) => resolve(JSON.parse(data.toString()))));

describe('real-time hub /signalr', () => {
  it('answers hello with the unread count, pushes it and again when a message is read, whichever process changed it', async () => {
    const { client, jar } = await signedIn(server.app, 'user@acme-labs.example');
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = await (server.app as unknown as { injectWS: InjectWS }).injectWS('/signalr', {
      headers: { cookie },
    });
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
