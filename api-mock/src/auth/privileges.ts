import { sql, type Kysely } from 'kysely';
import { FEATURES, type FunctionCode } from '../../../contract/access';
import { AccessCode } from '../../../contract/permissions';
import type { UserPrivilege } from '../../../contract/accountManagement';
import type { Database } from '../db/schema';

/** The access codes a user holds (the users/me privilege list). */
export async function accessCodesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_access_codes')
    .select('access_code')
    .where('user_id', '=', userId)
    .orderBy('access_code')
    .execute();
  return rows.map((r) => r.access_code);
}

/**
 * A user's features and function codes as they apply to a customer: a feature counts only when both the user and
 * the customer have it (provider staff switched to a customer get that customer's features).
 */
export async function privilegesOf(
  db: Kysely<Database>,
  userId: number,
  customerId: number,
): Promise<UserPrivilege['userPrivilege']> {
  const rows = await db
    .selectFrom('user_features')
    .innerJoin('customer_features', (join) =>
      join
        .onRef('customer_features.feature', '=', 'user_features.feature')
        .on('customer_features.customer_id', '=', customerId),
    )
    .select(['user_features.feature', 'user_features.functions'])
    .where('user_features.user_id', '=', userId)
    .execute();
  return FEATURES.flatMap((feature) => {
    const row = rows.find((r) => r.feature === feature);
    return row ? [{ feature, functions: [...row.functions].sort() as FunctionCode[] }] : [];
  });
}

/**
 * What a new account starts with, given to every user that has no privileges yet and to every customer without
 * features: all four features; contract management for everyone, user management from manager up, the admin codes
 * for provider staff; Equipment with Edit, AllowEHSSetting from manager up and IsEHSAdmin for admins. With
 * `onlyUserId`, only that user (a new account) is looked at: not every user or customer whose privileges an admin
 * took away.
 */
export async function grantDefaultPrivileges(db: Kysely<Database>, onlyUserId?: number): Promise<void> {
  const only = onlyUserId === undefined ? sql`` : sql`and u.id = ${onlyUserId}`;
  if (onlyUserId === undefined) {
    await sql`insert into customer_features (customer_id, feature)
      select c.id, f from customers c cross join unnest(${sql.val([...FEATURES])}::text[]) f
      where not exists (select 1 from customer_features cf where cf.customer_id = c.id)`.execute(db);
  }
  await sql`insert into user_access_codes (user_id, access_code)
    select u.id, code from users u cross join lateral unnest(
      array[${AccessCode.ContractManagement}]::text[]
      || case when u.role >= 2 or u.is_pe_user then array[${AccessCode.UserManagement}]::text[] else '{}' end
      || case when u.is_pe_user then array[${AccessCode.Admin}, ${AccessCode.EmailRouting}]::text[] else '{}' end) code
    where not exists (select 1 from user_access_codes a where a.user_id = u.id) ${only}`.execute(db);
  await sql`insert into user_features (user_id, feature, functions)
    select u.id, f, case when f = 'Equipment' then array['Edit']::varchar(30)[]
        || case when u.role >= 2 or u.is_pe_user then array['AllowEHSSetting']::varchar(30)[] else '{}' end
        || case when u.role >= 3 or u.is_pe_user then array['IsEHSAdmin']::varchar(30)[] else '{}' end
      else '{}' end
    from users u cross join unnest(${sql.val([...FEATURES])}::text[]) f
    where not exists (select 1 from user_features uf where uf.user_id = u.id) ${only}`.execute(db);
}
