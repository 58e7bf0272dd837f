import type { FastifyInstance } from 'fastify';

/** The client end of a WebSocket that @fastify/websocket's injectWS opens in-process. */
export interface HubSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  close(): void;
  send(data: string): void;
}

type InjectWS = (path: string, opts: { headers: Record<string, string> }) => Promise<HubSocket>;

/** Open /signalr in-process with these request headers (the cookie of a signed-in jar, an Origin). */
export const openHub = (app: FastifyInstance, headers: Record<string, string>) =>
  (app as unknown as { injectWS: InjectWS }).injectWS('/signalr', { headers });

/** The Cookie header of a jar. */
export const cookieOf = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
