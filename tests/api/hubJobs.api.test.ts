import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFailure } from '../../contract/importProduct';
import { answerText, publishAnswer, purgeHubJobs, runHubJobs } from '../../api-mock/src/realtime/hubJob';
import { startApiServer } from '../support/apiServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  // The jobs here are run by the runner each test starts, or by none.
  server = await startApiServer({ runsHubJobs: false });
});
afterAll(() => server.close());
const db = () => server.database.db;

describe('hub jobs in the database', () => {
  it('takes back a job whose process died and tells its connection the import failed', async () => {
    const heard: string[] = [];
    const unlisten = await server.database.listen('portal_hub_answer', (payload) => heard.push(payload));
    await db()
      .insertInto('hub_jobs')
      .values([
        {
          connection_id: 'died',
          session_id: 's',
          kind: 'importProduct',
          message: '{}',
          claimed_at: sql`now() - interval '2 hours'`,
        },
        { connection_id: 'running', session_id: 't', kind: 'importProduct', message: '{}', claimed_at: sql`now()` },
        { connection_id: 'queued', session_id: 's', kind: 'importProductMarket', message: '{}', claimed_at: null },
      ])
      .execute();
    await purgeHubJobs(db(), 60 * 60_000);
    const left = await db().selectFrom('hub_jobs').select('connection_id').orderBy('id').execute();
    expect(left.map((j) => j.connection_id)).toEqual(['running', 'queued']);
    await expect
      .poll(() => heard)
      .toEqual([expect.stringMatching(/^died \{"type":"ImportProductCompleted","errorCode":/)]);
    await unlisten();
    await db().deleteFrom('hub_jobs').execute();
  });

  it("sends a job's last answer only once the job has left the queue; a job that throws still ends with an answer", async () => {
    const heard: { connection: string; type: string; errorCode?: number; queued: Promise<number> }[] = [];
    const stop = await runHubJobs(
      {
        db: db(),
        config: {} as never,
        listen: server.database.listen,
        log: server.app.log,
        answerHere: (connection, text) => {
          const { type, errorCode } = JSON.parse(text) as { type: string; errorCode?: number };
          // Asked at the moment the answer goes out.
          const queued = db()
            .selectFrom('hub_jobs')
            .select('id')
            .where('connection_id', '=', connection)
            .execute()
            .then((rows) => rows.length);
          heard.push({ connection, type, errorCode, queued });
          return true;
        },
      },
      {
        importProduct: async (job) => {
          job.send({ type: 'ImportProductProgress', progress: 50 });
          job.send({ type: 'ImportProductCompleted', errorCode: 0, result: {}, importedCount: 1 });
          await new Promise((resolve) => setTimeout(resolve, 300));
        },
        importProductMarket: () => Promise.reject(new Error('broken')),
      },
    );
    await db()
      .insertInto('hub_jobs')
      .values([
        { connection_id: 'runs', session_id: 's', kind: 'importProduct', message: '{}' },
        { connection_id: 'throws', session_id: 's', kind: 'importProductMarket', message: '{}' },
      ])
      .execute();
    await sql`select pg_notify('portal_hub_jobs', '0')`.execute(db());
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(3);
    await stop();
    const answers = await Promise.all(heard.map(async (h) => ({ ...h, queued: await h.queued })));
    expect(answers).toEqual([
      { connection: 'runs', type: 'ImportProductProgress', errorCode: undefined, queued: 1 },
      { connection: 'runs', type: 'ImportProductCompleted', errorCode: 0, queued: 0 },
      { connection: 'throws', type: 'importProductMarketCompleted', errorCode: ImportFailure.ServerError, queued: 0 },
    ]);
  });

  it('keeps an answer too long for a notification until the process holding the connection takes it, once', async () => {
    const heard: string[] = [];
    const unlisten = await server.database.listen('portal_hub_answer', (payload) => heard.push(payload));
    const long = { type: 'ImportProductCompleted', result: { text: 'x'.repeat(9000) } };
    await publishAnswer(db(), 'far', long);
    await expect.poll(() => heard.length).toBe(1);
    const [connection, pointer] = heard[0]!.split(' ');
    expect(connection).toBe('far');
    expect(pointer).toMatch(/^#\d+$/);
    expect(JSON.parse((await answerText(db(), pointer!))!)).toEqual(long);
    expect(await answerText(db(), pointer!)).toBeNull();
    await unlisten();
  });
});
