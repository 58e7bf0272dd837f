import { sql } from 'kysely';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { EHS_NONE } from '../../contract/equipment';
import type { HistoryPage } from '../../contract/history';
import { startTestServer } from '../support/testServer';
import { signedIn, type InjectClient } from '../support/injectClient';
import { cookieOf, openHub, type HubSocket } from '../support/hubSocket';
import { isPage, once, plainPage } from './plainSql';
import { failBench, timed } from './timed';

/**
 * Live updates and the audit history (issue 17), in-process on PGlite with 50,000 instruments and an event log of
 * 500,000 further events (BENCH_DATA_DIR reuses the world). Targets: a colleague's open page hears of a change within
 * a second (p95 ≤ 1,000 ms from sending the change to the message on the colleague's socket); a page of an
 * instrument's history, out of its 1,000 events, p95 ≤ 30 ms, compared with what plain SQL finds.
 */
const SIZE = { equipment: 50_000, usersPerCustomer: 2 };
const LOG_EVENTS = 500_000;
const OWN_EVENTS = 1_000;

let server: Awaited<ReturnType<typeof startTestServer>>;
let manager: InjectClient;
let user: InjectClient;
let colleague: HubSocket;
let instrument = 0;
let customer = 0;
const heard: { id: number; entityId: string; at: number }[] = [];

beforeAll(async () => {
  const started = Date.now();
  server = await startTestServer({ size: SIZE, validateResponses: false, dataDir: process.env.BENCH_DATA_DIR });
  const db = server.database.db;
  const { customer_id: customerId, id: actorId } = await db
    .selectFrom('users')
    .select(['customer_id', 'id'])
    .where('email', '=', 'manager@acme-labs.example')
    .executeTakeFirstOrThrow();
  customer = customerId;
  const ids = await db
    .selectFrom('equipment')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('is_hidden', '=', false)
    .orderBy('id')
    .execute();
  instrument = ids[Math.floor(ids.length / 2)]!.id;
  const logged = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(logged.n) < LOG_EVENTS) {
    // Edits spread over every instrument of every customer, each with one changed field, as the API writes them.
    await sql`insert into events (customer_id, actor_id, entity_type, entity_id, event_type, payload)
      select e.customer_id, null, 'equipment', e.id::text, 'equipment.updated',
        jsonb_build_object('changes', jsonb_build_array(jsonb_build_object('field', 'room', 'old', 'A' || g, 'new', 'B' || g)))
      from generate_series(1, ${LOG_EVENTS}) g
      join equipment e on e.id = (select min(id) from equipment) + g % ${SIZE.equipment}`.execute(db);
    await sql`insert into events (customer_id, actor_id, entity_type, entity_id, event_type, payload)
      select ${customerId}, ${actorId}, 'equipment', ${String(instrument)}, 'equipment.updated',
        jsonb_build_object('changes', jsonb_build_array(jsonb_build_object('field', 'comments', 'old', g - 1, 'new', g)))
      from generate_series(1, ${OWN_EVENTS}) g`.execute(db);
    await sql`analyze events`.execute(db);
  }
  console.log(
    `world of ${SIZE.equipment} instruments and its log ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  const signedInUser = await signedIn(server.app, 'user@acme-labs.example');
  user = signedInUser.client;
  colleague = await openHub(server.app, { cookie: cookieOf(signedInUser.jar) });
  colleague.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type: string; id: number; entityId: string };
    if (message.type === 'domainEvent')
      heard.push({ id: message.id, entityId: message.entityId, at: performance.now() });
  });
  colleague.send(JSON.stringify({ type: 'hello' }));
}, 3_600_000);
afterAll(async () => {
  colleague?.close();
  await server?.close();
});

/** Resolves when the colleague's socket hears of an event of the instrument newer than `after`. */
async function heardOf(entityId: string, after: number, timeoutMs = 5_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const message = heard.find((m) => m.entityId === entityId && m.id > after);
    if (message) return message;
    if (performance.now() > deadline) failBench(`no event of ${entityId} after ${after} within ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const changeHeard = timed('an EHS change heard on a colleague’s open socket', 1_000);
const historyPage = timed<{ result: HistoryPage }>(
  'a page of an instrument’s history (1,000 of its events)',
  30,
  (body) => body.result.totalCount >= OWN_EVENTS || `total ${body.result.totalCount}`,
);
/**
 * A page of the instrument's history by plain SQL: the customer's events of the instrument, of its documents and of
 * its work orders, newest first.
 */
const expectedHistory = once((pageIndex: number) =>
  plainPage(server.database.db, {
    from: 'events',
    where: `customer_id = ${customer} and ((entity_type = 'equipment' and entity_id = '${instrument}')
      or (entity_type = 'document' and payload->>'ownerType' = 'Equipment' and payload->>'ownerId' = '${instrument}')
      or (entity_type = 'serviceCall' and payload->>'equipmentId' = '${instrument}'))`,
    id: 'id',
    orderBy: 'id desc',
    pageIndex,
    pageSize: 20,
  }),
);

let guarding = 0;
let pageIndex = 0;

describe('live updates and audit history (50,000 instruments, 500,000 logged events)', () => {
  bench(
    'PUT Equipment/{id}/ehs by a manager until the user’s hub socket hears of it',
    async () => {
      const last = heard.at(-1)?.id ?? 0;
      await changeHeard(async () => {
        const res = await manager.equipment.updateEhs({
          params: { equipmentId: instrument },
          body: {
            equipmentId: instrument,
            machineGuarding: guarding++ % 2 === 0 ? 'interlockedGuard' : 'presenceSensing',
            energyHazard: EHS_NONE,
            lockTagOut: EHS_NONE,
            chemicalHazards: EHS_NONE,
            biosafetyHazards: EHS_NONE,
            radiologicalHazards: EHS_NONE,
            locked: false,
          } as never,
        });
        await heardOf(String(instrument), last);
        return res;
      });
    },
    { time: 4_000, warmupIterations: 0 },
  );

  bench(
    'GET Equipment/{id}/history, pages 1 to 10 of 20 entries',
    async () => {
      const page = pageIndex++ % 10;
      const want = await expectedHistory(page);
      await historyPage(
        () => user.history.equipment({ params: { id: instrument }, query: { pageIndex: page, pageSize: 20 } }),
        isPage(want, 'id'),
      );
    },
    { time: 4_000, warmupIterations: 0 },
  );
});
