import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, publishAnswer, purgeHubJobs } from '../../api-mock/src/realtime/hubJob';
import { startApiServer } from '../support/apiServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
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
