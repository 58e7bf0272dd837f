import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../api-mock/src/db/connect';

/**
 * PGlite in its own thread with one session (pgliteThread.ts, pglitePool.ts): queries of different callers go out
 * without waiting for each other, and a transaction has the session to itself.
 */
describe.runIf(process.env.API_DB !== 'postgres')('PGlite in its own thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({});
    await sql`create table counters (id int primary key, n int not null)`.execute(database.db);
    await sql`insert into counters values (1, 0)`.execute(database.db);
    await sql`create table pending (id int primary key)`.execute(database.db);
  });
  afterAll(() => database.close());

  it("keeps a transaction's uncommitted rows and its rollback from the queries running beside it", async () => {
    const pendingSeen: number[] = [];
    const transactions = Array.from({ length: 20 }, (_, i) =>
      database.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into pending values (${i})`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await sql`update counters set n = n + 1 where id = 1`.execute(trx);
          await sql`delete from pending where id = ${i}`.execute(trx);
          if (i % 2 === 0) throw new Error('rolled back');
        })
        .catch((err: Error) => expect(err.message).toBe('rolled back')),
    );
    const readers = Array.from({ length: 200 }, async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pending`.execute(database.db);
      pendingSeen.push(rows[0]!.n);
    });
    const writers = Array.from({ length: 50 }, () =>
      sql`update counters set n = n + 100 where id = 1`.execute(database.db),
    );
    await Promise.all([...transactions, ...readers, ...writers]);
    expect(pendingSeen).toHaveLength(200);
    expect(pendingSeen.filter((n) => n !== 0)).toEqual([]);
    // Every write beside the transactions kept, and the ten committed ones: the rollbacks undid their own only.
    const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(database.db);
    expect(rows[0]!.n).toBe(50 * 100 + 10);
  });

  it('gives a database error its code and detail across the thread', async () => {
    const error = await sql`insert into counters values (1, 0)`.execute(database.db).then(
      () => null,
      (err: unknown) => err as { code?: string; constraint?: string; message: string },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'counters_pkey' });
  });

  it('keeps dates, numbers, bytes and JSON as PGlite parses them', async () => {
    const { rows } = await sql<{ at: Date; big: number; day: string; bytes: Uint8Array; doc: { a: number[] } }>`
      select timestamptz '2026-11-30 12:00:00+00' as at, 9007199254740991::int8 as big, date '2026-11-30' as day,
        '\\x0102'::bytea as bytes, '{"a":[1,2]}'::jsonb as doc`.execute(database.db);
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(rows[0]!.at.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(rows[0]).toMatchObject({ big: 9007199254740991, day: '2026-11-30', doc: { a: [1, 2] } });
    expect([...rows[0]!.bytes]).toEqual([1, 2]);
  });

  it('hears a notification sent in the thread', async () => {
    const heard = new Promise<string>((resolve) => {
      void database.listen('thread_test', resolve);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sql`select pg_notify('thread_test', 'hello')`.execute(database.db);
    expect(await heard).toBe('hello');
  });
});
