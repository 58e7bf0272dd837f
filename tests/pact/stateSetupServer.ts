import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../api-mock/src/db/schema';
import { providerStates } from './providerStates';

const BODY_MAX = 64 * 1024;

type StateFn = (params?: unknown) => Promise<unknown>;
type StateHandler = StateFn | { setup?: StateFn; teardown?: StateFn };

/**
 * Our server's provider-state setup URL for `npm run pact:verify`: POST { state, params, action } runs the state's
 * handler and answers the values it returned and the headers of the session it left (docs/pact-provider-states.md).
 */
export async function startStateSetupServer(app: FastifyInstance, db: Kysely<Database>) {
  const { stateHandlers, headersFor, customerFor } = providerStates(app, db);
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return answer(res, 405, { error: 'POST { state, params, action }' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      void (async () => {
        try {
          const { state, params, action } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            state?: string;
            params?: Record<string, unknown>;
            action?: string;
          };
          const handler = (state === undefined ? undefined : stateHandlers[state]) as StateHandler | undefined;
          if (!handler) return answer(res, 400, { error: `unknown provider state "${state}"` });
          if (action === 'teardown') {
            if (typeof handler !== 'function') await handler.teardown?.(params);
            return answer(res, 200, {});
          }
          const values = (await (typeof handler === 'function' ? handler(params) : handler.setup?.(params))) ?? {};
          const userCustomerId = await customerFor();
          answer(res, 200, {
            values: userCustomerId === null ? values : { ...values, userCustomerId },
            headers: headersFor('GET'),
            changeHeaders: headersFor('POST'),
          });
        } catch (error) {
          answer(res, 500, { error: error instanceof Error ? error.message : String(error) });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
