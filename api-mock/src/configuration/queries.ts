import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The language a user chose, or undefined for an unknown user. */
export const languageOfUser = async (db: Kysely<Database>, userId: number) =>
  (await db.selectFrom('users').select('language_code').where('id', '=', userId).executeTakeFirst())?.language_code;

/** The newest active system notice, if any. */
export const activeSystemNotice = (db: Kysely<Database>) =>
  db
    .selectFrom('system_notification')
    .select(['id', 'message'])
    .where('active', '=', true)
    .orderBy('id', 'desc')
    .executeTakeFirst();
