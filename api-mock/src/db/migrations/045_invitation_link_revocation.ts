import { sql, type Kysely } from 'kysely';

/**
 * One live sign-up link per invited user: a new link revokes the older ones and a used link revokes the others
 * (revoked_at), and the partial unique index keeps a second live link from being stored. Links left from before:
 * of each user only the newest unused one stays live, and none of a user who has already signed up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_invitations add column if not exists revoked_at timestamptz`.execute(db);
  await sql`update user_invitations i set revoked_at = now()
    where i.used_at is null and i.revoked_at is null
      and (exists (select 1 from user_invitations n
                   where n.user_id = i.user_id and n.id > i.id and n.used_at is null and n.revoked_at is null)
           or exists (select 1 from user_invitations u where u.user_id = i.user_id and u.used_at is not null)
           or exists (select 1 from users where users.id = i.user_id and users.status_code <> 0))`.execute(db);
  await sql`create unique index if not exists user_invitations_one_live
    on user_invitations (user_id) where used_at is null and revoked_at is null`.execute(db);
}
