import { sql, type Kysely } from 'kysely';

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

  await sql`insert into customer_features (customer_id, feature)
    select c.id, f from customers c cross join unnest(array['Reservation', 'ARC', 'Other', 'Equipment']::text[]) f
    where not exists (select 1 from customer_features cf where cf.customer_id = c.id)`.execute(db);
  await sql`insert into user_access_codes (user_id, access_code)
    select u.id, code from users u cross join lateral unnest(
      array['CONTRACT_MANAGEMENT']::text[]
      || case when u.role >= 2 or u.is_pe_user then array['USER_MANAGEMENT']::text[] else '{}' end
      || case when u.is_pe_user then array['PORTAL_ADMIN', 'EMAIL_ROUTING']::text[] else '{}' end) code
    where not exists (select 1 from user_access_codes a where a.user_id = u.id)`.execute(db);
  await sql`insert into user_features (user_id, feature, functions)
    select u.id, f, case when f = 'Equipment' then array['Edit']::varchar(30)[]
        || case when u.role >= 2 or u.is_pe_user then array['AllowEHSSetting']::varchar(30)[] else '{}' end
        || case when u.role >= 3 or u.is_pe_user then array['IsEHSAdmin']::varchar(30)[] else '{}' end
      else '{}' end
    from users u cross join unnest(array['Reservation', 'ARC', 'Other', 'Equipment']::text[]) f
    where not exists (select 1 from user_features uf where uf.user_id = u.id)`.execute(db);
}
