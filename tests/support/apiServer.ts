import { inject } from 'vitest';
import { createDatabase } from './postgres';
import { startTestServer } from './testServer';

/** The server under test, on PGlite or (API_DB=postgres) on a fresh database of the temporary cluster. */
export async function startApiServer(opts: Omit<Parameters<typeof startTestServer>[0], 'databaseUrl'> = {}) {
  const adminUrl = inject('pgAdminUrl');
  const databaseUrl = adminUrl ? await createDatabase(adminUrl) : undefined;
  return startTestServer({ ...opts, databaseUrl });
}
