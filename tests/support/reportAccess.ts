import type { Kysely } from 'kysely';
import type { Database } from '../../api-mock/src/db/schema';

/** Run `check` while the user may not open service reports; the access comes back afterwards. */
export async function withoutReportAccess(db: Kysely<Database>, email: string, check: () => Promise<void>) {
  const set = (may: boolean) =>
    db.updateTable('users').set({ may_open_service_reports: may }).where('email', '=', email).execute();
  await set(false);
  try {
    await check();
  } finally {
    await set(true);
  }
}
