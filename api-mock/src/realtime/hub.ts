import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { AppDeps } from '../deps';
import { signedIn as signedInAccess, decide } from '../../../contract/access';
import { callerFactsOf } from '../access/facts';
import { sessionOf } from '../auth/context';
import type { SessionRecord } from '../auth/sessions';
import { forbidden, unauthorized } from '../lib/problem';
import { xsrfTokenValid } from '../lib/xsrf';
import { countUnread } from '../messages/queries';
import { IMPORT_FILE_MAX_BASE64 } from '../../../contract/importProduct';
import { HttpErrorCode } from '../../../contract/errors';
import {
  HUB_JOB_KINDS,
  HubClientMessage,
  InvocationId,
  type HubHello,
  type HubJobKind,
  type HubServerMessage,
} from '../../../contract/hub';
import { importProduct } from './importProduct';
import { importProductMarket } from './importProductMarket';
import { answerText, enqueueHubJob, failedAnswer, HUB_ANSWER_CHANNEL, isFinalAnswer, runHubJobs } from './hubJob';
import { DOMAIN_EVENT_CHANNEL, type DomainEventNotice } from '../db/events';
import { cursorAnswer, domainEventMessage, refreshCustomer } from './domainEventFeed';
import type { Connection } from './connection';

export const INBOX_CHANNEL = 'portal_inbox';
/** Notified by the database when a session ends (`s:<id>`) or a user is disabled (`u:<id>`). */
export const SESSION_ENDED_CHANNEL = 'portal_session_ended';

/** Close code of a connection whose session has ended. chosen: not in spec */
export const HUB_SESSION_ENDED = 4401;
/** Close code of a changing method sent without the anti-forgery token. chosen: not in spec */
export const HUB_FORBIDDEN = 4403;
/**
 * A signed-in tab's own customer. Decided on the session alone (not `enforce`): a removed user's session is answered
 * 401, as the upgrade has no body to carry the account-removed refusal.
 */
const HUB_ACCESS = signedInAccess('customer').access;

/** The largest message a client may send: an import's base64 file and its envelope. */
export const HUB_MESSAGE_MAX_BYTES = IMPORT_FILE_MAX_BASE64 + 64 * 1024;

const parseJson = (data: Buffer): unknown => {
  try {
    return JSON.parse(data.toString()) as unknown;
  } catch {
    return undefined;
  }
};

/** What a message that is no valid client message claims to be: its job kind and invocation id, if it names them. */
function claimsOf(raw: unknown): { kind?: HubJobKind; invocationId?: string; xsrfToken?: string; oversized: boolean } {
  if (typeof raw !== 'object' || raw === null) return { oversized: false };
  const { type, invocationId, xsrfToken, fileContent } = raw as Record<string, unknown>;
  const id = InvocationId.safeParse(invocationId);
  return {
    kind: HUB_JOB_KINDS.find((k) => k === type),
    invocationId: id.success ? id.data : undefined,
    xsrfToken: typeof xsrfToken === 'string' ? xsrfToken : undefined,
    oversized: typeof fileContent === 'string' && fileContent.length > IMPORT_FILE_MAX_BASE64,
  };
}

const send = (socket: Connection['socket'], message: HubServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** A browser page of another origin may open a WebSocket with the user's cookies: only the portal's own may. */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The real-time hub at /signalr: a WebSocket per signed-in tab. Changes reach it through the database's
 * LISTEN/NOTIFY, so a change made by any server process on the same database is pushed by all of them. Imports sent
 * to it are queued in the database and run by whichever process claims them (config.runsHubJobs); their progress
 * comes back over LISTEN/NOTIFY to the process holding the connection.
 */
export async function registerHub(
  app: FastifyInstance,
  { db, listen, config }: Required<Pick<AppDeps, 'db' | 'listen' | 'config'>>,
) {
  const connections = new Set<Connection>();
  const log = (err: unknown) => app.log.warn({ err }, 'hub');
  const push = async ({ socket, inbox }: Connection) => {
    send(socket, { type: 'unreadCount', count: await countUnread(db, inbox) });
  };
  const closeWhere = (ended: (c: Connection) => boolean) => {
    for (const c of connections) if (ended(c)) c.socket.close(HUB_SESSION_ENDED, 'Session ended');
  };

  const unlistenInbox = await listen(INBOX_CHANNEL, (payload) => {
    const userId = Number(payload);
    for (const c of connections) if (c.inbox.userId === userId) void push(c).catch(log);
  });
  const unlistenDomainEvents = await listen(DOMAIN_EVENT_CHANNEL, (payload) => {
    const notice = JSON.parse(payload) as DomainEventNotice;
    if (notice.eventType === 'customer.switched') {
      for (const c of connections)
        if (String(c.inbox.userId) === notice.entityId) void refreshCustomer(db, c).catch(log);
      return;
    }
    const text = JSON.stringify(domainEventMessage(notice) satisfies HubServerMessage);
    for (const c of connections) {
      if (c.inbox.customerId === notice.customerId && c.socket.readyState === c.socket.OPEN) c.socket.send(text);
    }
  });
  const greet = async (connection: Connection, hello: HubHello) => {
    await push(connection);
    for (const message of await cursorAnswer(db, connection.inbox.customerId, hello.since)) {
      send(connection.socket, message);
    }
  };
  const byId = new Map<string, Connection>();
  const answerHere = (connectionId: string, text: string) => {
    const connection = byId.get(connectionId);
    if (!connection) return false;
    if (isFinalAnswer(text)) connection.busy = false;
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
    return true;
  };
  const unlistenAnswers = await listen(HUB_ANSWER_CHANNEL, (payload) => {
    const space = payload.indexOf(' ');
    const connectionId = payload.slice(0, space);
    if (!byId.has(connectionId)) return;
    void answerText(db, payload.slice(space + 1))
      .then((text) => text !== null && answerHere(connectionId, text))
      .catch(log);
  });
  const stopJobs =
    config.runsHubJobs === false
      ? async () => {}
      : await runHubJobs({ db, config, listen, log: app.log, answerHere }, { importProduct, importProductMarket });
  const startJob = (connection: Connection, kind: HubJobKind, invocationId: string | undefined, data: Buffer) => {
    const answer = (busy: boolean) => send(connection.socket, failedAnswer(kind, busy, invocationId));
    if (connection.busy) return answer(true);
    connection.busy = true;
    enqueueHubJob(db, {
      connectionId: connection.id,
      sessionId: connection.sessionId,
      kind,
      message: data.toString(),
    })
      .then((queued) => {
        if (queued) return;
        connection.busy = false;
        answer(true);
      })
      .catch((err: unknown) => {
        connection.busy = false;
        answer(false);
        log(err);
      });
  };
  const unlistenSessions = await listen(SESSION_ENDED_CHANNEL, (payload) => {
    const id = payload.slice(2);
    if (payload.startsWith('s:')) closeWhere((c) => c.sessionId === id);
    if (payload.startsWith('u:')) closeWhere((c) => String(c.inbox.userId) === id);
  });
  app.addHook('onClose', async () => {
    for (const c of connections) c.socket.close(1001);
    await unlistenInbox();
    await unlistenDomainEvents();
    await unlistenSessions();
    await unlistenAnswers();
    await stopJobs();
  });

  await app.register(websocket, { options: { maxPayload: HUB_MESSAGE_MAX_BYTES } });
  app.get(
    '/signalr',
    {
      websocket: true,
      // Before the upgrade: no socket for a caller without a session or from a page of another origin.
      preValidation: async (request) => {
        if (!sameOrigin(request)) throw forbidden('The hub answers pages of the portal only');
        const session = await sessionOf(db, request);
        const decision = decide(HUB_ACCESS, session && (await callerFactsOf(db, session, HUB_ACCESS)));
        if (!decision.allowed) throw decision.status === 401 ? unauthorized() : forbidden(decision.reason);
      },
    },
    (socket, request) => {
      // Listeners at once, so nothing the client sends while the (cached) session is read is lost.
      const joined = sessionOf(db, request).then((session) => {
        const { id, userId, customerId } = session as SessionRecord;
        const connection: Connection = {
          id: randomUUID(),
          socket,
          sessionId: id,
          inbox: { userId, customerId },
          busy: false,
        };
        if (socket.readyState === socket.OPEN) {
          connections.add(connection);
          byId.set(connection.id, connection);
        }
        return connection;
      });
      socket.on(
        'close',
        () =>
          void joined
            .then((c) => {
              connections.delete(c);
              byId.delete(c.id);
            })
            .catch(log),
      );
      socket.on('message', (data: Buffer) => {
        const raw = parseJson(data);
        const parsed = HubClientMessage.safeParse(raw);
        if (parsed.success && parsed.data.type === 'hello') {
          const hello = parsed.data;
          return void joined.then((c) => greet(c, hello)).catch(log);
        }
        const claims = claimsOf(raw);
        if (claims.kind === undefined) {
          // A hello with a value it cannot take is still a hello; anything else unknown is refused, the socket kept.
          if ((raw as { type?: unknown } | undefined)?.type === 'hello') {
            return void joined.then((c) => greet(c, { type: 'hello' })).catch(log);
          }
          return send(socket, {
            type: 'error',
            errorCode: HttpErrorCode.BadRequest,
            invocationId: claims.invocationId,
          });
        }
        const token = parsed.success && parsed.data.type !== 'hello' ? parsed.data.xsrfToken : claims.xsrfToken;
        if (!xsrfTokenValid(request, token)) {
          return void socket.close(HUB_FORBIDDEN, 'Missing or wrong anti-forgery token');
        }
        const { kind, invocationId } = claims;
        if (parsed.success || claims.oversized) {
          return void joined.then((c) => startJob(c, kind, invocationId, data)).catch(log);
        }
        send(socket, failedAnswer(kind, false, invocationId, HttpErrorCode.BadRequest));
      });
    },
  );
}
