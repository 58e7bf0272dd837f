import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainHash,
  verifyEventChains,
  type ChainBreak,
  type ChainVerification,
} from '../../api-mock/src/audit/eventChain';
import { appendEvent } from '../../api-mock/src/db/events';
import { up as chainMigration } from '../../api-mock/src/db/migrations/055_event_hash_chain';
import { startApiServer } from '../support/apiServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

/**
 * What the verifier says of the log after `statements`, run as the table's owner with the append-only trigger off
 * (what a forger would do); the log is then restored for the other tests.
 */
async function breakAfter(statements: ReturnType<typeof sql>[]): Promise<ChainBreak | undefined> {
  let found: ChainVerification | undefined;
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`alter table events disable trigger events_no_change`.execute(trx);
      for (const statement of statements) await statement.execute(trx);
      await sql`alter table events enable trigger events_no_change`.execute(trx);
      found = await verifyEventChains(trx);
      throw new Error('roll back');
    })
    .catch((error: unknown) => {
      if ((error as Error).message !== 'roll back') throw error;
    });
  return found?.ok === false ? found.broken : undefined;
}

const acme = async () =>
  (await db().selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow()).id;

/** A few events in the middle of a customer's chain, oldest first. */
async function middleOf(customerId: number) {
  const rows = await db()
    .selectFrom('events')
    .select(['id', 'chain_position'])
    .where('customer_id', '=', customerId)
    .orderBy('chain_position')
    .execute();
  expect(rows.length).toBeGreaterThan(10);
  const at = Math.floor(rows.length / 2);
  return rows.slice(at, at + 3).map((r) => ({ id: Number(r.id), position: Number(r.chain_position) }));
}

describe('the event log is a hash chain per customer', () => {
  it('the seeded world verifies: every chain starts at 1 and every hash matches its event', async () => {
    const result = await verifyEventChains(db());
    const count = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(result).toEqual({ ok: true, verified: Number(count.n), chains: expect.any(Number) as number });
  });

  it('the migration chains the events already in the log, as the trigger would have', async () => {
    const customers = await db().selectFrom('customers').select('id').orderBy('id').limit(3).execute();
    for (const [i, { id }] of [...customers, ...customers, { id: null }].entries()) {
      await appendEvent(db(), {
        customerId: id,
        actorId: null,
        entityType: 'equipment',
        entityId: i,
        eventType: 'equipment.updated',
        payload: { i, text: 'é "x"' },
      });
    }
    const before = await sql<{ id: string; position: string; hash: string }>`select id::text,
        chain_position::text as position, encode(chain_hash, 'hex') as hash from events order by id`.execute(db());
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`drop trigger events_chain on events`.execute(trx);
        await sql`drop index events_chain`.execute(trx);
        await sql`alter table events drop column chain_position, drop column chain_hash`.execute(trx);
        await chainMigration(trx as never);
      });
    const after = await sql<{ id: string; position: string; hash: string }>`select id::text,
        chain_position::text as position, encode(chain_hash, 'hex') as hash from events order by id`.execute(db());
    expect(after.rows.length).toBe(before.rows.length);
    expect((await verifyEventChains(db())).ok).toBe(true);
    // One event after another: the backfill gives each the position and hash the trigger gave it.
    expect(after.rows).toEqual(before.rows);
  });
  it('50 parallel changes of two customers keep one unbroken chain each, every change at its own position', async () => {
    const customerId = await acme();
    const other = await db()
      .selectFrom('customers')
      .select('id')
      .where('id', '<>', customerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.max('chain_position').as('head'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db()
          .transaction()
          .execute(async (trx) => {
            await appendEvent(trx, {
              customerId: i % 5 === 4 ? other.id : customerId,
              actorId: null,
              entityType: 'equipment',
              entityId: 9_000_000 + i,
              eventType: 'equipment.updated',
              payload: { note: `parallel ${i}`, nested: { z: 1, a: [2, 'ü'] } },
            });
            // Still open while the others try to append: they wait for this chain's lock.
            await sql`select pg_sleep(0.002)`.execute(trx);
          }),
      ),
    );
    const added = await db()
      .selectFrom('events')
      .select(['chain_position'])
      .where('customer_id', '=', customerId)
      .where('chain_position', '>', Number(before.head))
      .orderBy('chain_position')
      .execute();
    expect(added.map((r) => Number(r.chain_position))).toEqual(
      Array.from({ length: 40 }, (_, i) => Number(before.head) + 1 + i),
    );
    expect((await verifyEventChains(db())).ok).toBe(true);
  });

  it('an append costs at most a few milliseconds more than without the chain', async () => {
    const customerId = await acme();
    const row = { customer_id: customerId, actor_id: null, entity_type: 'test', entity_id: '1', event_type: 'timed' };
    // Timed inside one transaction that is rolled back: the inserts with the chain's trigger, lock, head lookup and
    // index, then the same without them (commits cost the same either way).
    const timed = await db()
      .transaction()
      .execute(async (trx) => {
        const time = async (n: number) => {
          const started = performance.now();
          for (let i = 0; i < n; i++) {
            await trx
              .insertInto('events')
              .values({ ...row, payload: JSON.stringify({ i, text: 'x'.repeat(200) }) })
              .execute();
          }
          return (performance.now() - started) / n;
        };
        await time(20);
        const chained = await time(300);
        await sql`alter table events disable trigger events_chain`.execute(trx);
        await sql`drop index events_chain`.execute(trx);
        await sql`alter table events alter chain_position drop not null, alter chain_hash drop not null`.execute(trx);
        await time(20);
        const plain = await time(300);
        throw Object.assign(new Error('roll back'), { chained, plain });
      })
      .catch((error: { chained: number; plain: number }) => error);
    const { chained, plain } = timed;
    console.info(
      `append ${chained.toFixed(3)} ms with the chain, ${plain.toFixed(3)} ms without (${server.database.kind})`,
    );
    expect(chained - plain).toBeLessThan(5);
    expect((await verifyEventChains(db())).ok).toBe(true);
  });

  it('catches an edited payload and names the event', async () => {
    const [event] = await middleOf(await acme());
    const broken = await breakAfter([
      sql`update events set payload = payload || '{"forged": true}' where id = ${event!.id}`,
    ]);
    expect(broken).toMatchObject({
      eventId: event!.id,
      position: event!.position,
      reason: expect.stringMatching(/hash does not match/) as string,
    });
  });

  it('catches a deleted event at the position after it', async () => {
    const [, removed, next] = await middleOf(await acme());
    const broken = await breakAfter([sql`delete from events where id = ${removed!.id}`]);
    expect(broken).toMatchObject({
      eventId: next!.id,
      position: next!.position,
      reason: expect.stringMatching(new RegExp(`position ${removed!.position} is missing`)) as string,
    });
  });

  it('catches two events swapped in the chain', async () => {
    const [a, b] = await middleOf(await acme());
    const broken = await breakAfter([
      sql`update events set chain_position = -1 where id = ${a!.id}`,
      sql`update events set chain_position = ${a!.position} where id = ${b!.id}`,
      sql`update events set chain_position = ${b!.position} where id = ${a!.id}`,
    ]);
    expect(broken).toMatchObject({ eventId: b!.id, position: a!.position });
  });

  it('with the forgeries rolled back, the same log verifies again', async () => {
    expect((await verifyEventChains(db())).ok).toBe(true);
  });

  it('hashes what the database stores: the Node hash of a row equals the one its trigger wrote', async () => {
    const customerId = await acme();
    await db()
      .transaction()
      .execute((trx) =>
        appendEvent(trx, {
          customerId,
          actorId: 1,
          entityType: 'equipment',
          entityId: 'x',
          eventType: 'equipment.updated',
          payload: { b: '日本語 "quoted"\n', a: 1.5, c: null },
        }),
      );
    const row = await sql<{
      id: string;
      position: string;
      payload: string;
      time: string;
      hash: string;
      prev: string;
    }>`select e.id::text, e.chain_position::text as position, e.payload::text as payload,
        to_char(e.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time, encode(e.chain_hash, 'hex') as hash,
        (select encode(p.chain_hash, 'hex') from events p
          where p.customer_id = e.customer_id and p.chain_position = e.chain_position - 1) as prev
      from events e where customer_id = ${customerId} order by chain_position desc limit 1`.execute(db());
    const r = row.rows[0]!;
    const hash = chainHash(Buffer.from(r.prev, 'hex'), {
      id: r.id,
      position: r.position,
      customerId: String(customerId),
      actorId: '1',
      entityType: 'equipment',
      entityId: 'x',
      eventType: 'equipment.updated',
      payload: r.payload,
      time: r.time,
    });
    expect(hash.toString('hex')).toBe(r.hash);
  });
});
