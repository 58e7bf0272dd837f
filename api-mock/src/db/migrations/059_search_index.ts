import { sql, type Kysely } from 'kysely';

/**
 * The search index beside the database (issue 36, SEARCH_URL): what it must still be told. While the index is on,
 * every instrument written or removed is queued under its customer; a server drains the queue into the index, and a
 * customer's list answers from the index only while nothing of that customer waits. An entry is removed only with
 * the sequence number it was read with, so a change made while it was being sent stays queued. Off (no server with
 * SEARCH_URL has run), nothing is queued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_index_state (
    id integer primary key default 1 check (id = 1),
    enabled boolean not null default false,
    drainer text,
    drainer_until timestamptz)`.execute(db);
  await sql`insert into search_index_state default values`.execute(db);
  await sql`create sequence search_queue_seq`.execute(db);
  await sql`create table search_queue (
    equipment_id integer not null,
    customer_id integer not null,
    seq bigint not null default nextval('search_queue_seq'),
    primary key (customer_id, equipment_id))`.execute(db);
  await sql`create index search_queue_order on search_queue (seq)`.execute(db);
  await sql`create function equipment_search_queue() returns trigger language plpgsql as $$
    begin
      if not coalesce((select enabled from search_index_state where id = 1), false) then
        return null;
      end if;
      if tg_op <> 'INSERT' and (tg_op = 'DELETE' or old.customer_id <> new.customer_id) then
        insert into search_queue (equipment_id, customer_id) values (old.id, old.customer_id)
          on conflict (customer_id, equipment_id) do update set seq = nextval('search_queue_seq');
      end if;
      if tg_op <> 'DELETE' then
        insert into search_queue (equipment_id, customer_id) values (new.id, new.customer_id)
          on conflict (customer_id, equipment_id) do update set seq = nextval('search_queue_seq');
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger equipment_search_queue after insert or update or delete on equipment
    for each row execute function equipment_search_queue()`.execute(db);
}
