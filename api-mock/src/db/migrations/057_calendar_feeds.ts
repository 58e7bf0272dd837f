import { sql, type Kysely } from 'kysely';

/**
 * A user's secret calendar feed address (issue 38), one per user: the token is looked up by its sha256, and can be
 * shown again from its nonce with the server's key (the token is the HMAC of the user and the nonce); the table alone
 * gives no working address. Bound to the customer it was made for; a new one replaces the row, ending the old address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table calendar_feeds (
    user_id integer primary key references users(id) on delete cascade,
    customer_id integer not null references customers(id) on delete cascade,
    token_hash char(64) not null unique,
    nonce varchar(32) not null,
    created_at timestamptz not null default now())`.execute(db);
  await sql`create index calendar_feeds_customer on calendar_feeds (customer_id)`.execute(db);
}
