import { sql, type Kysely } from 'kysely';

/** A user's whole list counted and paged from one index: customer and id, with the columns the list checks. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists equipment_customer_list on equipment (customer_id, id)
    include (is_hidden, follower_ids)`.execute(db);
}
