import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQUIPMENT_BATCH_MAX } from '../../contract/equipment';
import type { Database } from '../../api-mock/src/db/schema';
import { scheduleVacuum, vacuumWhenChanged } from '../../api-mock/src/db/maintenance';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let db: Kysely<Database>;
let acmeId: number;
beforeAll(async () => {
  server = await startApiServer();
  db = server.database.db;
  acmeId = (await db.selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

/** The plan of the inventory's count, held to the index: whether it is index-only and how many heap rows it read. */
async function countPlan() {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off)
      select count(*) from equipment where customer_id = ${acmeId} and is_hidden = false`.execute(trx);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    return { indexOnly: text.includes('Index Only Scan'), heapFetches: Number(/Heap Fetches: (\d+)/.exec(text)?.[1]) };
  });
}

/** Every Acme instrument's room edited through products management, in batches: real edits with their events. */
async function editEveryRoom(round: number) {
  const pe = await signedIn(server.app, 'pe@provider.example');
  expect((await pe.client.customers.switchCustomer({ params: { customerId: acmeId }, body: {} })).status).toBe(200);
  const ids = (await db.selectFrom('equipment').select('id').where('customer_id', '=', acmeId).execute()).map(
    (r) => r.id,
  );
  for (let from = 0; from < ids.length; from += EQUIPMENT_BATCH_MAX) {
    const body = ids.slice(from, from + EQUIPMENT_BATCH_MAX).map((id) => ({ equipmentId: id, room: `R-${round}` }));
    const res = await pe.client.equipment.updateEditingList({ body });
    expect(res.status).toBe(200);
  }
  return ids.length;
}

describe('database maintenance of a long-lived portal', () => {
  it('after many edits the scheduled vacuum gives the index-only count back its visibility map', async () => {
    let edited = 0;
    for (let round = 1; round <= 3; round++) edited = await editEveryRoom(round);
    expect(edited).toBeGreaterThan(100);
    const before = await countPlan();
    expect(before.indexOnly).toBe(true);
    // PGlite has no autovacuum: the edited rows are read from the heap. (PostgreSQL's own may already have run.)
    if (server.database.kind === 'pglite') expect(before.heapFetches).toBeGreaterThanOrEqual(edited);

    const run = vacuumWhenChanged(db);
    expect(await run()).toBe(true);
    const after = await countPlan();
    expect(after).toEqual({ indexOnly: true, heapFetches: 0 });
    // Nothing changed since: the next turn does nothing.
    expect(await run()).toBe(false);
  });

  it('runs on its schedule once something changed, and stops cleanly', async () => {
    await editEveryRoom(4);
    if (server.database.kind === 'pglite') expect((await countPlan()).heapFetches).toBeGreaterThan(0);
    const stop = scheduleVacuum(db, 20, (err) => {
      throw err;
    });
    try {
      await expect.poll(async () => (await countPlan()).heapFetches, { timeout: 20_000, interval: 100 }).toBe(0);
    } finally {
      await stop();
    }
  });
});
