import type { FastifyInstance } from 'fastify';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { AppDeps } from '../deps';
import { sessionOf } from '../auth/context';
import { countUnread, type Inbox } from '../queries/messages';
import type { ImportProductRequest } from '../../../contract/importProduct';
import { importProduct } from './importProduct';

export const INBOX_CHANNEL = 'portal_inbox';

/** Close code of a connection without a session. chosen: not in spec */
export const HUB_UNAUTHORIZED = 4401;

/** What the hub pushes. */
export type HubMessage = { type: 'unreadCount'; count: number };
/** What a client sends: hello once it listens (the hub answers with the current state); importProduct. */
export type HubClientMessage = { type: 'hello' } | ImportProductRequest;

const parseClientMessage = (data: Buffer): HubClientMessage | null => {
  try {
    return JSON.parse(data.toString()) as HubClientMessage;
  } catch {
    return null;
  }
};

/**
 * The real-time hub at /signalr: a WebSocket per signed-in tab. Changes reach it through the database's
 * LISTEN/NOTIFY, so a change made by any server process on the same database is pushed by all of them.
 */
export async function registerHub(app: FastifyInstance, { db, listen }: Required<Pick<AppDeps, 'db' | 'listen'>>) {
  const connections = new Map<number, Set<{ socket: WebSocket; inbox: Inbox }>>();
  const push = async (socket: WebSocket, inbox: Inbox) => {
    const message: HubMessage = { type: 'unreadCount', count: await countUnread(db, inbox) };
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  const unlisten = await listen(INBOX_CHANNEL, (payload) => {
    for (const c of connections.get(Number(payload)) ?? []) void push(c.socket, c.inbox).catch(() => undefined);
  });
  app.addHook('onClose', async () => {
    for (const set of connections.values()) for (const c of set) c.socket.close(1001);
    await unlisten();
  });

  await app.register(websocket);
  app.get('/signalr', { websocket: true }, (socket, request) => {
    // Listeners first, so nothing the client sends while the session is looked up is lost.
    const joined = sessionOf(db, request).then((session) => {
      if (!session) {
        socket.close(HUB_UNAUTHORIZED, 'Not signed in');
        return null;
      }
      const entry = { socket, inbox: { userId: session.userId, customerId: session.customerId } };
      const set = connections.get(session.userId) ?? new Set();
      set.add(entry);
      connections.set(session.userId, set);
      return entry;
    });
    socket.on('close', () => void joined.then((entry) => entry && connections.get(entry.inbox.userId)?.delete(entry)));
    socket.on('message', (data: Buffer) => {
      const message = parseClientMessage(data);
      if (message?.type === 'importProduct') return void importProduct({ db, socket, request }, message);
      if (message?.type !== 'hello') return;
      void joined.then((entry) => entry && push(entry.socket, entry.inbox)).catch(() => undefined);
    });
  });
}
