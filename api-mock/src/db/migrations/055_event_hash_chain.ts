import { sql, type Kysely } from 'kysely';

/** Events chained in one statement of the backfill. */
const BACKFILL_BATCH = 10_000;

/**
 * A tamper-evident audit trail: each customer's events form a hash chain (events without a customer one chain of
 * their own, key 0). An event holds its position in its chain and
 *   chain_hash = sha256(previous event's chain_hash || canonical text of the event)
 * (nothing before position 1). The canonical text is made from what the database stores, so that a verifier reading
 * the row back gets the same bytes on PGlite and PostgreSQL: per field (id, position, customer, actor, entity type,
 * entity id, event type, payload as jsonb prints it, time in UTC to the microsecond) its length in bytes, ":" and
 * the text, or "-" for none, joined by line feeds. `api-mock/src/audit/eventChain.ts` recomputes it in Node.
 *
 * A trigger, not the application, chains each new row, whatever inserts it. It takes a transaction-level advisory
 * lock on the chain (so two transactions of one customer, in any server process, never take the same head), reads
 * the head by the unique index, and fills the two columns. The unique index turns any fork into an error.
 * The append-only triggers of 041 stay; the backfill below runs with them disabled inside this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column chain_position bigint, add column chain_hash bytea`.execute(db);

  await sql`create or replace function event_chain_field(value text) returns text
    language sql immutable as $$ select case when value is null then '-' else octet_length(value) || ':' || value end $$`.execute(
    db,
  );
  await sql`create or replace function event_chain_hash(
      previous bytea, id bigint, chain_position bigint, customer_id integer, actor_id integer, entity_type text,
      entity_id text, event_type text, payload jsonb, event_time timestamptz)
    returns bytea language sql stable as $$
      select sha256(coalesce(previous, ''::bytea) || convert_to(array_to_string(array[
        event_chain_field(id::text),
        event_chain_field(chain_position::text),
        event_chain_field(customer_id::text),
        event_chain_field(actor_id::text),
        event_chain_field(entity_type),
        event_chain_field(entity_id),
        event_chain_field(event_type),
        event_chain_field(payload::text),
        event_chain_field(to_char(event_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
      ], E'\n'), 'UTF8'))
    $$`.execute(db);

  await sql`alter table events disable trigger events_no_change`.execute(db);
  await sql
    .raw(
      `do $$
    declare
      r record;
      chain integer;
      pos bigint := 0;
      prev bytea;
      ids bigint[] := '{}';
      positions bigint[] := '{}';
      hashes bytea[] := '{}';
    begin
      for r in select * from events order by coalesce(customer_id, 0), id loop
        if chain is distinct from coalesce(r.customer_id, 0) then
          chain := coalesce(r.customer_id, 0);
          pos := 0;
          prev := null;
        end if;
        pos := pos + 1;
        prev := event_chain_hash(prev, r.id, pos, r.customer_id, r.actor_id, r.entity_type, r.entity_id,
          r.event_type, r.payload, r.time);
        ids := ids || r.id;
        positions := positions || pos;
        hashes := hashes || prev;
        if cardinality(ids) >= ${BACKFILL_BATCH} then
          update events e set chain_position = b.at, chain_hash = b.digest
            from unnest(ids, positions, hashes) as b(event_id, at, digest) where e.id = b.event_id;
          ids := '{}';
          positions := '{}';
          hashes := '{}';
        end if;
      end loop;
      update events e set chain_position = b.at, chain_hash = b.digest
        from unnest(ids, positions, hashes) as b(event_id, at, digest) where e.id = b.event_id;
    end $$`,
    )
    .execute(db);
  await sql`alter table events enable trigger events_no_change`.execute(db);

  await sql`alter table events alter column chain_position set not null, alter column chain_hash set not null`.execute(
    db,
  );
  await sql`create unique index events_chain on events ((coalesce(customer_id, 0)), chain_position)`.execute(db);

  await sql`create or replace function events_chain() returns trigger language plpgsql
    set enable_seqscan = off set enable_sort = off as $$
    declare
      head record;
    begin
      perform pg_advisory_xact_lock('events'::regclass::oid::integer, coalesce(new.customer_id, 0));
      select chain_position, chain_hash into head from events
        where coalesce(customer_id, 0) = coalesce(new.customer_id, 0)
        order by coalesce(customer_id, 0) desc, chain_position desc limit 1;
      new.chain_position := coalesce(head.chain_position, 0) + 1;
      new.chain_hash := event_chain_hash(head.chain_hash, new.id, new.chain_position, new.customer_id, new.actor_id,
        new.entity_type, new.entity_id, new.event_type, new.payload, new.time);
      return new;
    end $$`.execute(db);
  await sql`create trigger events_chain before insert on events for each row execute function events_chain()`.execute(
    db,
  );
}
