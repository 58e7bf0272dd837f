import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type RunningServer } from '../../api-mock/src/server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A server on a fresh in-memory PGlite (or on DATABASE_URL), with a small demo world. */
export async function startTestServer(
  opts: { listen?: boolean; databaseUrl?: string } = {},
): Promise<RunningServer & { url: string }> {
  const server = await createServer({
    databaseUrl: opts.databaseUrl,
    webRoot: path.join(ROOT, 'web/dist'),
    size: { equipment: 200, usersPerCustomer: 3 },
    validateResponses: true,
  });
  let url = '';
  if (opts.listen) url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...server, url };
}
