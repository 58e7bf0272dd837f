import { sql, type Kysely } from 'kysely';
import { grantDefaultPrivileges } from '../../auth/privileges';
import type { Database } from '../schema';

/**
 * Privileges as data (spec 1 section 6): the features a customer has, and per user the access codes and the
 * features with their function codes. The admin screens edit them; nothing is derived from the role at request time.
 * Existing customers and users get what the portal gave them before (every feature; access codes and EHS functions
 * by role), so an upgrade changes nobody's rights.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const features = sql`('Reservation', 'ARC', 'Other', 'Equipment')`;
  await sql`create table customer_features (
    customer_id integer not null references customers(id) on delete cascade,
    feature varchar(20) not null check (feature in ${features}),
    primary key (customer_id, feature))`.execute(db);
  await sql`create table user_access_codes (
    user_id integer not null references users(id) on delete cascade,
    access_code varchar(40) not null,
    primary key (user_id, access_code))`.execute(db);
  await sql`create table user_features (
    user_id integer not null references users(id) on delete cascade,
    feature varchar(20) not null check (feature in ${features}),
    functions varchar(30)[] not null default '{}'
      check (functions <@ array['AllowEHSSetting', 'IsEHSAdmin', 'Edit']::varchar(30)[]),
    primary key (user_id, feature))`.execute(db);

  await grantDefaultPrivileges(db as Kysely<Database>);
}
