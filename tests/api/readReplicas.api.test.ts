import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { ReplicaStats } from '../../api-mock/src/db/readReplicas';
import { createDatabase, databaseUrlOf, startReplica, startTempPostgres, type TempPostgres } from '../support/postgres';
import { startTestServer } from '../support/testServer';
import { signedIn, type InjectClient } from '../support/injectClient';

/**
 * Read replicas (DATABASE_READ_URL) against a real streaming standby that this file makes from its own primary
 * with Debian's PostgreSQL (pg_basebackup -R, a private port): a session reads its own writes whichever server
 * answers, a replica that lags beyond the bound is skipped, and one that stops mid-run fails no request.
 */
const ON_POSTGRES = process.env.API_DB === 'postgres';
const CYCLES = 1_000;
const MAX_LAG_MS = 400;
/**
 * The standby applies each commit this long after the primary made it: over loopback it would otherwise replay within
 * the time a request takes, and a read that wrongly went to it would still look right.
 */
const APPLY_DELAY_MS = 30;

let primary: TempPostgres;
let replica: TempPostgres;
let server: Awaited<ReturnType<typeof startTestServer>>;
let writer: InjectClient;
let reader: InjectClient;
let replicaDb: pg.Client;
let instrument: { id: number; locationId: number; mfg: string; model: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stats = (): ReplicaStats => server.database.replicas!.stats();
const served = () => stats().replicas[0]!.served;

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  primary = await startTempPostgres();
  replica = await startReplica(primary, [`recovery_min_apply_delay=${APPLY_DELAY_MS}ms`]);
  const databaseUrl = await createDatabase(primary.adminUrl, { name: 'portal_replicated' });
  const readUrl = databaseUrlOf(replica.adminUrl, 'portal_replicated');
  server = await startTestServer({ databaseUrl, readUrls: [readUrl], replicaMaxLagMs: MAX_LAG_MS });
  writer = (await signedIn(server.app, 'user@acme-labs.example')).client;
  reader = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  const row = await server.database.db
    .selectFrom('equipment')
    .innerJoin('users', 'users.customer_id', 'equipment.customer_id')
    .select(['equipment.id', 'equipment.location_id', 'equipment.mfg', 'equipment.model'])
    .where('users.email', '=', 'user@acme-labs.example')
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id')
    .executeTakeFirstOrThrow();
  instrument = { id: row.id, locationId: row.location_id!, mfg: row.mfg!, model: row.model! };
  replicaDb = new pg.Client(readUrl);
  await replicaDb.connect();
}, 120_000);

afterAll(async () => {
  await replicaDb?.end().catch(() => {});
  await server?.close();
  await replica?.stop();
  await primary?.stop();
});

const editRoom = async (room: string) => {
  const res = await writer.equipment.update({
    body: {
      equipmentId: instrument.id,
      locationId: instrument.locationId,
      mfg: instrument.mfg,
      model: instrument.model,
      room,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const roomSeenBy = async (client: InjectClient): Promise<string | null> => {
  const res = await client.equipment.detail({ params: { id: instrument.id } });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`detail: ${JSON.stringify(res.body)}`);
  return res.body.result!.room ?? null;
};

describe.skipIf(!ON_POSTGRES)('read replicas (PostgreSQL only: PGlite has no replication)', () => {
  it('the replica is a streaming standby that the server polls and uses', async () => {
    const { rows } = await replicaDb.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
    expect(rows[0]!.recovery).toBe(true);
    const before = served();
    await roomSeenBy(reader);
    expect(served()).toBeGreaterThan(before);
    expect(stats().replicas[0]).toMatchObject({ up: true, lagging: false });
  });

  it(`reads its own write in each of ${CYCLES} edit-then-read cycles, from whichever server has it`, async () => {
    const servedBefore = served();
    const stale: string[] = [];
    for (let i = 0; i < CYCLES; i++) {
      const room = `R${i}`;
      await editRoom(room);
      const seen = await roomSeenBy(writer);
      if (seen !== room) stale.push(`cycle ${i}: wrote ${room}, read ${seen}`);
      // Another session that never wrote reads too: the replica serves it whatever the writer did.
      if (i % 10 === 0) await roomSeenBy(reader);
    }
    expect(stale).toEqual([]);
    // The replica did serve reads: at least the other session's, one in ten cycles.
    expect(served() - servedBefore).toBeGreaterThanOrEqual(CYCLES / 10);
  }, 180_000);

  it('skips a replica that lags beyond the bound, and uses it again once it has caught up', async () => {
    await replicaDb.query('select pg_wal_replay_pause()');
    try {
      await editRoom('while paused');
      // The writer's own read never waits for the paused replica.
      expect(await roomSeenBy(writer)).toBe('while paused');
      // A session that never wrote may read the replica until it is MAX_LAG_MS behind; after that it is skipped.
      await sleep(MAX_LAG_MS * 3);
      expect(stats().replicas[0]).toMatchObject({ up: true, lagging: true });
      const servedWhileLagging = served();
      expect(await roomSeenBy(reader)).toBe('while paused');
      expect(served()).toBe(servedWhileLagging);
    } finally {
      await replicaDb.query('select pg_wal_replay_resume()');
    }
    for (let i = 0; i < 50 && stats().replicas[0]!.lagging; i++) await sleep(100);
    const before = served();
    expect(await roomSeenBy(reader)).toBe('while paused');
    expect(served()).toBeGreaterThan(before);
  });

  it('fails no request when the replica stops mid-run: the reads move to the primary', async () => {
    await editRoom('before the stop');
    // The other session may read the replica as it was up to MAX_LAG_MS ago: start once it has replayed the edit.
    const replayed = () =>
      replicaDb.query<{ room: string }>('select room from equipment where id = $1', [instrument.id]);
    for (let i = 0; i < 100 && (await replayed()).rows[0]?.room !== 'before the stop'; i++) await sleep(20);
    const failures: string[] = [];
    let answered = 0;
    let stopped = false;
    const stopping = (async () => {
      await sleep(500);
      await replicaDb.end();
      await replica.stop();
      stopped = true;
    })();
    const readLoop = async (client: InjectClient) => {
      // Reads go on through the stop and for a while after it.
      for (let after = 0; !stopped || after < 20; after += stopped ? 1 : 0) {
        try {
          const room = await roomSeenBy(client);
          if (room !== 'before the stop') failures.push(`read ${room}`);
          const list = await client.equipment.list({ body: { listType: 'inventory', pageIndex: 0, pageSize: 20 } });
          if (list.status !== 200 || list.body.errorCode !== 0) failures.push(`list: ${JSON.stringify(list.body)}`);
          answered += 2;
        } catch (e) {
          failures.push(String(e));
        }
      }
    };
    await Promise.all([stopping, readLoop(reader), readLoop(reader), readLoop(writer)]);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    for (let i = 0; i < 20 && stats().replicas[0]!.up; i++) await sleep(100);
    expect(stats().replicas[0]!.up).toBe(false);
    const [primaryReads, servedByReplica] = [stats().primaryReads, served()];
    expect(await roomSeenBy(reader)).toBe('before the stop');
    expect(stats().primaryReads).toBeGreaterThan(primaryReads);
    expect(served()).toBe(servedByReplica);
  }, 60_000);
});
