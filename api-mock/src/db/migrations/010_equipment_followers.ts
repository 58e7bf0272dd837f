import { sql, type Kysely } from 'kysely';

/**
 * The users whose list holds an equipment, on the equipment row itself, kept in step with user_equipment by a
 * trigger. A list query then checks the row it already reads instead of joining the user's whole list.
 */
/** Fill follower_ids from user_equipment, a range of ids at a time (one big update runs PGlite out of memory). */
export async function catchUpFollowers(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ max: number | null }>`select max(id) as max from equipment`.execute(db);
  const max = rows[0]?.max ?? 0;
  for (let low = 0; low <= max; low += 10_000) {
    await sql`update equipment e set follower_ids = coalesce(
      (select array_agg(ue.user_id order by ue.user_id) from user_equipment ue where ue.equipment_id = e.id), '{}')
      where e.id > ${low} and e.id <= ${low + 10_000}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table equipment add column follower_ids integer[] not null default '{}'`.execute(db);
  await catchUpFollowers(db);
  await sql`
    create or replace function equipment_followers_in_step() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update equipment set follower_ids = array_append(array_remove(follower_ids, new.user_id), new.user_id)
          where id = new.equipment_id;
      else
        update equipment set follower_ids = array_remove(follower_ids, old.user_id) where id = old.equipment_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger user_equipment_followers after insert or delete on user_equipment
    for each row execute function equipment_followers_in_step()`.execute(db);
}
