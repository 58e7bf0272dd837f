import { sql, type Kysely } from 'kysely';

/**
 * The work orders in the search index beside the database (issue 36, SEARCH_URL), as migration 059 put the
 * instruments there: while the index is on, every service call written or removed is queued under its customer, in
 * the same sequence as the instruments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_queue_work_orders (
    service_call_id integer not null,
    customer_id integer not null,
    seq bigint not null default nextval('search_queue_seq'),
    primary key (customer_id, service_call_id))`.execute(db);
  await sql`create index search_queue_work_orders_order on search_queue_work_orders (seq)`.execute(db);
  await sql`create function service_calls_search_queue() returns trigger language plpgsql as $$
    begin
      if not coalesce((select enabled from search_index_state where id = 1), false) then
        return null;
      end if;
      if tg_op <> 'INSERT' and (tg_op = 'DELETE' or old.customer_id <> new.customer_id) then
        insert into search_queue_work_orders (service_call_id, customer_id) values (old.id, old.customer_id)
          on conflict (customer_id, service_call_id) do update set seq = nextval('search_queue_seq');
      end if;
      if tg_op <> 'DELETE' then
        insert into search_queue_work_orders (service_call_id, customer_id) values (new.id, new.customer_id)
          on conflict (customer_id, service_call_id) do update set seq = nextval('search_queue_seq');
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger service_calls_search_queue after insert or update or delete on service_calls
    for each row execute function service_calls_search_queue()`.execute(db);
}
