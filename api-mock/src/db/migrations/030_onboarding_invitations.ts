import { sql, type Kysely } from 'kysely';

/**
 * Customer onboarding (spec 3 "Customer onboarding"): the invitation e-mails provider staff send, kept as sent for
 * the Sent History. Address lists are stored as typed (semicolon separated, normalised); whether an address is
 * registered is read from the users table when the history is shown. A resend keeps the row and counts the sending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table onboarding_invitations (
    id serial primary key,
    sent_by integer references users(id) on delete set null,
    customer_id integer not null references customers(id) on delete cascade,
    customer_no varchar(30) not null,
    location_id integer references locations(id) on delete set null,
    email_to text not null,
    email_cc text not null default '',
    email_bcc text not null default '',
    order_number varchar(100) not null default '',
    language varchar(5) not null,
    type smallint not null check (type in (0, 1)),
    subject varchar(100) not null,
    description text not null,
    created_at timestamptz not null default now(),
    last_sent_at timestamptz not null default now(),
    send_count integer not null default 1)`.execute(db);
  await sql`create index onboarding_invitations_newest on onboarding_invitations (created_at desc, id desc)`.execute(
    db,
  );
}
