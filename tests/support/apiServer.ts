import { inject } from 'vitest';
import { createDatabase } from './postgres';
import { startTestServer } from './testServer';
import { TEMPLATE_DATABASE } from './worldSnapshot';

/**
 * The server under test, on PGlite or (API_DB=postgres) on a new database of the temporary cluster; both start
 * from a copy of the run's seeded test world unless a test asks for another size.
 */
export async function startApiServer(
  opts: Omit<NonNullable<Parameters<typeof startTestServer>[0]>, 'databaseUrl'> = {},
) {
  const adminUrl = inject('pgAdminUrl');
  const template = opts.size === undefined ? TEMPLATE_DATABASE : undefined;
  const databaseUrl = adminUrl ? await createDatabase(adminUrl, { template }) : undefined;
  return startTestServer({ ...opts, databaseUrl });
}
