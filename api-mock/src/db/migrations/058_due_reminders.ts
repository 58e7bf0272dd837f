import { sql, type Kysely } from 'kysely';

/**
 * Reminders of due work (issue 38): who turned the weekly digest off, which digests went out (one per recipient and
 * ISO week, written in the transaction of its outbox row), and which due dates were announced as overdue (one notice
 * per instrument, kind of work and due date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table due_digest_settings (
      user_id integer primary key references users (id) on delete cascade,
      customer_id integer not null references customers (id),
      weekly_digest boolean not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table due_digests_sent (
      user_id integer not null references users (id) on delete cascade,
      iso_week text not null check (length(iso_week) = 8 and iso_week ~ '^[0-9]{4}-W[0-9]{2}$'),
      customer_id integer not null references customers (id),
      item_count integer not null,
      sent_at timestamptz not null default now(),
      primary key (user_id, iso_week)
    )`.execute(db);
  await sql`
    create table overdue_notices (
      equipment_id integer not null references equipment (id) on delete cascade,
      service_call_type integer not null,
      due_date date not null,
      customer_id integer not null references customers (id),
      recipient_count integer not null,
      notified_at timestamptz not null default now(),
      primary key (equipment_id, service_call_type, due_date)
    )`.execute(db);
}
