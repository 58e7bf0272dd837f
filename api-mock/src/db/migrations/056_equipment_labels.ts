import { sql, type Kysely } from 'kysely';

/**
 * QR label codes: one random code per instrument, given the first time a label sheet names it and kept, so a label
 * printed again carries the same code as the one already on the bench. The code is stored as it is, not hashed: the
 * server must print it again, and it grants nothing by itself (a scan only opens the instrument for a signed-in user
 * of its customer who may see it); its 128 random bits keep it from being guessed or enumerated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table equipment_labels (
      equipment_id integer primary key references equipment (id) on delete cascade,
      code text not null unique check (length(code) = 22 and code ~ '^[A-Za-z0-9_-]+$'),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
