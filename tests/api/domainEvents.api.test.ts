import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EHS_NONE } from '../../contract/equipment';
import { DOMAIN_EVENT_REPLAY_MAX } from '../../contract/domainEvents';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { cookieOf, openHub, type HubSocket } from '../support/hubSocket';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
const db = () => server.database.db;
let acmeId: number;
let globexId: number;
let acmeInstrument: number;
let globexInstrument: number;

const customerId = async (name: string) =>
  (await db().selectFrom('customers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const instrumentOf = async (customer: number) =>
  (
    await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', customer)
      .where('is_hidden', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  server = await startApiServer();
  acmeId = await customerId('Acme Labs');
  globexId = await customerId('Globex Corporation');
  acmeInstrument = await instrumentOf(acmeId);
  globexInstrument = await instrumentOf(globexId);
});
afterAll(() => server.close());

interface Message {
  type: string;
  [key: string]: unknown;
}

/** A hub socket of a signed-in user that keeps every message it is sent. */
async function listening(email: string, hello: Record<string, unknown> = {}) {
  const { jar, client } = await signedIn(server.app, email);
  const socket: HubSocket = await openHub(server.app, { cookie: cookieOf(jar) });
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  socket.send(JSON.stringify({ type: 'hello', ...hello }));
  const until = async (seen: (m: Message[]) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!seen(messages)) {
      if (Date.now() > deadline) throw new Error(`not seen; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await until((m) => m.some((x) => x.type === 'domainEventCursor'));
  return { socket, messages, client, until, events: () => messages.filter((m) => m.type === 'domainEvent') };
}

const ehsBody = (equipmentId: number, machineGuarding: string) => ({
  equipmentId,
  machineGuarding,
  energyHazard: 'electrical',
  lockTagOut: EHS_NONE,
  chemicalHazards: 'na',
  biosafetyHazards: 'bsl2',
  radiologicalHazards: EHS_NONE,
  locked: null,
});
const saveEhs = (client: InjectClient, equipmentId: number, machineGuarding = 'interlockedGuard') =>
  client.equipment.updateEhs({ params: { equipmentId }, body: ehsBody(equipmentId, machineGuarding) as never });
const newestEventId = async () =>
  Number(
    (
      await db()
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );

describe('domain events on the hub', () => {
  it("a change reaches every open page of its customer as ids and a version, and no other customer's page", async () => {
    const colleague = await listening('user@acme-labs.example');
    const stranger = await listening('user@globex.example');
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    resultOf(await saveEhs(manager, acmeInstrument));
    const stored = await db()
      .selectFrom('events')
      .select(['id'])
      .where('event_type', '=', 'equipment.ehsUpdated')
      .where('entity_id', '=', String(acmeInstrument))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await colleague.until((m) => m.some((x) => x.type === 'domainEvent'));
    expect(colleague.events()).toEqual([
      {
        type: 'domainEvent',
        id: Number(stored.id),
        entityType: 'equipment',
        entityId: String(acmeInstrument),
        eventType: 'equipment.ehsUpdated',
      },
    ]);
    // The sentinel: a change of the stranger's own customer, after Acme's. Events reach pages in commit order, so
    // once the stranger has the sentinel it would have had Acme's event too.
    const globexAdmin = (await signedIn(server.app, 'admin@globex.example')).client;
    resultOf(await saveEhs(globexAdmin, globexInstrument));
    await stranger.until((m) => m.some((x) => x.type === 'domainEvent'));
    expect(stranger.events().map((e) => e.entityId)).toEqual([String(globexInstrument)]);
    colleague.socket.close();
    stranger.socket.close();
  });

  it('a refused change and an event that is not published (a sign-in) push nothing', async () => {
    const page = await listening('manager@acme-labs.example');
    const standard = (await signedIn(server.app, 'user@acme-labs.example')).client;
    expect((await saveEhs(standard, acmeInstrument)).status).toBe(403);
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    expect((await saveEhs(manager, acmeInstrument, 'moatWithCrocodiles')).status).toBe(400);
    // The sentinel: a change that is published, after the refused ones; the page gets it and nothing before it.
    resultOf(await saveEhs(manager, acmeInstrument, 'fixedGuard'));
    await page.until((m) => m.some((x) => x.type === 'domainEvent'));
    expect(page.events()).toMatchObject([{ entityId: String(acmeInstrument), eventType: 'equipment.ehsUpdated' }]);
    page.socket.close();
  });

  it('a page that reconnects gets what it missed, oldest first, then the cursor', async () => {
    const first = await listening('user@acme-labs.example');
    const cursor = first.messages.find((m) => m.type === 'domainEventCursor')!;
    expect(cursor).toMatchObject({ gap: false });
    first.socket.close();
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    resultOf(await saveEhs(manager, acmeInstrument, 'fixedGuard'));
    resultOf(await saveEhs(manager, acmeInstrument, 'interlockedGuard'));
    resultOf(await saveEhs((await signedIn(server.app, 'admin@globex.example')).client, globexInstrument));

    const again = await listening('user@acme-labs.example', { since: cursor.id });
    const replayed = again.events();
    expect(replayed.map((e) => e.eventType)).toEqual(['equipment.ehsUpdated', 'equipment.ehsUpdated']);
    expect(replayed.every((e) => e.entityId === String(acmeInstrument))).toBe(true);
    expect(Number(replayed[0]!.id)).toBeLessThan(Number(replayed[1]!.id));
    expect(again.messages.at(-1)).toEqual({ type: 'domainEventCursor', id: replayed[1]!.id, gap: false });
    again.socket.close();
  });

  it(`a page more than ${DOMAIN_EVENT_REPLAY_MAX} events behind is told to re-read, not sent them all`, async () => {
    const since = await newestEventId();
    await db()
      .insertInto('events')
      .values(
        Array.from({ length: DOMAIN_EVENT_REPLAY_MAX + 1 }, () => ({
          customer_id: acmeId,
          actor_id: null,
          entity_type: 'reservation',
          entity_id: '1',
          event_type: 'reservation.updated',
          payload: '{}',
        })),
      )
      .execute();
    const newest = await newestEventId();
    const behind = await listening('user@acme-labs.example', { since });
    expect(behind.events()).toEqual([]);
    expect(behind.messages.at(-1)).toEqual({ type: 'domainEventCursor', id: newest, gap: true });
    behind.socket.close();
  });

  it('a hostile hello gets the cursor only, and the socket stays usable', async () => {
    for (const since of [-1, 'abc', 1e30, 1.5, null, { $gt: 0 }]) {
      const page = await listening('user@acme-labs.example', { since });
      expect(page.events()).toEqual([]);
      expect(page.messages.at(-1)).toMatchObject({ type: 'domainEventCursor', gap: false });
      page.socket.close();
    }
    const ahead = await listening('user@acme-labs.example', { since: Number.MAX_SAFE_INTEGER });
    expect(ahead.messages.at(-1)).toEqual({ type: 'domainEventCursor', id: Number.MAX_SAFE_INTEGER, gap: false });
    ahead.socket.close();
  });

  it("a PE user's page follows the session to the customer switched to", async () => {
    const pe = await listening('pe@provider.example');
    const globexManager = (await signedIn(server.app, 'admin@globex.example')).client;
    const acmeManager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const guards = ['fixedGuard', 'interlockedGuard'];
    let saves = 0;
    /** A change of the customer's instrument, and a new event of it last on the page (1 s at most). */
    const change = async (client: InjectClient, instrument: number) => {
      const before = pe.events().length;
      resultOf(await saveEhs(client, instrument, guards[saves++ % 2]));
      await pe.until(() => pe.events().length > before && pe.events().at(-1)?.entityId === String(instrument), 1000);
    };
    // The page follows a switch once a change of the new customer reaches it (the hub reads the switch on its own).
    const followed = (client: InjectClient, instrument: number) =>
      vi.waitFor(() => change(client, instrument), { timeout: 10_000, interval: 50 });

    resultOf(await pe.client.customers.switchCustomer({ params: { customerId: globexId }, body: {} }));
    await followed(globexManager, globexInstrument);
    expect(new Set(pe.events().map((e) => e.entityId))).toEqual(new Set([String(globexInstrument)]));

    resultOf(await pe.client.customers.switchCustomer({ params: { customerId: acmeId }, body: {} }));
    await followed(acmeManager, acmeInstrument);
    const seen = pe.events().length;
    // Globex's change, then an Acme sentinel: events reach the page in commit order, so Globex's would come first.
    resultOf(await saveEhs(globexManager, globexInstrument, 'fixedGuard'));
    await change(acmeManager, acmeInstrument);
    expect(
      pe
        .events()
        .slice(seen)
        .map((e) => e.entityId),
    ).toEqual([String(acmeInstrument)]);
    pe.socket.close();
  });
});
