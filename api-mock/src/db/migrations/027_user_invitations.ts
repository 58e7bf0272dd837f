import { sql, type Kysely } from 'kysely';

/**
 * Invitations from the user list (spec 3 section 5 "Invite user"): the invited user's row exists from the start
 * (not activated, no usable password); the link's secret is kept only as its sha256, works until expires_at and
 * once (used_at is set in the transaction that sets the password).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table user_invitations (
    id serial primary key,
    token_hash char(64) not null unique,
    user_id integer not null references users(id) on delete cascade,
    customer_id integer not null references customers(id) on delete cascade,
    invited_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz)`.execute(db);
  await sql`create index user_invitations_user on user_invitations (user_id)`.execute(db);
}
