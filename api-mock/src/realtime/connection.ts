import type { WebSocket } from '@fastify/websocket';
import type { Inbox } from '../messages/queries';

/** One client's socket on the hub. */
export interface Connection {
  /** Names the connection in the answers of its jobs, whichever process runs them. */
  id: string;
  socket: WebSocket;
  /** The user and the customer the session works for now; the domain events of that customer reach it. */
  inbox: Inbox;
  sessionId: string;
  /** A job of this connection is queued or running: one at a time. */
  busy: boolean;
}
