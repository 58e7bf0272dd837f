import { sql, type Kysely } from 'kysely';

/**
 * How many instruments a customer holds, and how many are on each user's list (follower 0 is the whole customer),
 * visible and in all: the total of an unfiltered list is read here instead of counted from a million rows. Kept in
 * step in the same transaction by statement triggers that add up what a statement inserted, deleted or changed; a
 * statement that changes no customer, visibility or followers touches no counter, so ordinary edits never wait on
 * the counter rows. Counters are updated in key order, so two writers of one customer cannot deadlock on them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists equipment_list_counts (
    customer_id integer not null,
    follower_id integer not null,
    visible bigint not null,
    total bigint not null,
    primary key (customer_id, follower_id)
  )`.execute(db);

  const apply = (rows: string) => `
      with changed as (${rows}),
      keyed as (
        select customer_id, 0 as follower_id, is_hidden, sign from changed
        union all
        select customer_id, unnest(follower_ids), is_hidden, sign from changed
      )
      insert into equipment_list_counts as c (customer_id, follower_id, visible, total)
      select customer_id, follower_id, sum(case when is_hidden then 0 else sign end), sum(sign)
      from keyed
      group by customer_id, follower_id
      having sum(case when is_hidden then 0 else sign end) <> 0 or sum(sign) <> 0
      order by customer_id, follower_id
      on conflict (customer_id, follower_id) do update
        set visible = c.visible + excluded.visible, total = c.total + excluded.total;`;
  const inserted = 'select customer_id, is_hidden, follower_ids, 1 as sign from new_rows';
  const deleted = 'select customer_id, is_hidden, follower_ids, -1 as sign from old_rows';
  await sql
    .raw(
      `create or replace function equipment_list_counts_in_step() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${apply(inserted)}
      elsif tg_op = 'DELETE' then
        ${apply(deleted)}
      else
        ${apply(`${inserted} union all ${deleted}`)}
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  // A trigger with transition tables serves one event.
  await sql`drop trigger if exists equipment_list_counts_insert on equipment`.execute(db);
  await sql`drop trigger if exists equipment_list_counts_update on equipment`.execute(db);
  await sql`drop trigger if exists equipment_list_counts_delete on equipment`.execute(db);
  await sql`create trigger equipment_list_counts_insert after insert on equipment
    referencing new table as new_rows for each statement execute function equipment_list_counts_in_step()`.execute(db);
  await sql`create trigger equipment_list_counts_update after update on equipment
    referencing new table as new_rows old table as old_rows
    for each statement execute function equipment_list_counts_in_step()`.execute(db);
  await sql`create trigger equipment_list_counts_delete after delete on equipment
    referencing old table as old_rows for each statement execute function equipment_list_counts_in_step()`.execute(db);
  await recountEquipmentLists(db);
}

/** Count every customer's and user's list afresh: after a migration, or a load that ran with triggers off. */
export async function recountEquipmentLists(db: Kysely<unknown>): Promise<void> {
  await sql`delete from equipment_list_counts`.execute(db);
  await sql`insert into equipment_list_counts (customer_id, follower_id, visible, total)
    select customer_id, follower_id, count(*) filter (where not is_hidden), count(*)
    from (
      select customer_id, 0 as follower_id, is_hidden from equipment
      union all
      select customer_id, unnest(follower_ids), is_hidden from equipment
    ) keyed
    group by customer_id, follower_id`.execute(db);
}
