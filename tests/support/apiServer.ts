import { inject } from 'vitest';
import { createDatabase } from './postgres';
import { startTestServer } from './testServer';
import { TEMPLATE_DATABASE } from './worldSnapshot';

/**
 * The primary itself as its read replica, read-only (default_transaction_read_only): every read-only handler runs
 * through the replica routing, and one that writes fails its test (25006) instead of going unnoticed.
 */
const readOnlySelf = (databaseUrl: string) =>
  `${databaseUrl}?options=${encodeURIComponent('-c default_transaction_read_only=on')}`;

/**
 * The server under test, on PGlite or (API_DB=postgres) on a new database of the temporary cluster, whose read
 * replica is itself read-only; both start from a copy of the run's seeded test world unless a test asks for another
 * size.
 */
export async function startApiServer(
  opts: Omit<NonNullable<Parameters<typeof startTestServer>[0]>, 'databaseUrl'> = {},
) {
  const adminUrl = inject('pgAdminUrl');
  const template = opts.size === undefined ? TEMPLATE_DATABASE : undefined;
  const databaseUrl = adminUrl ? await createDatabase(adminUrl, { template }) : undefined;
  const server = await startTestServer({
    ...opts,
    databaseUrl,
    ...(databaseUrl ? { readUrls: [readOnlySelf(databaseUrl)] } : {}),
  });
  const close = server.close;
  server.close = async () => {
    const refused = server.database.replicas?.stats().refusedWrites ?? [];
    await close();
    if (refused.length) throw new Error(`read-only handlers (GET or readsOnly) wrote:\n${refused.join('\n')}`);
  };
  return server;
}
