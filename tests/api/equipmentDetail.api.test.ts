import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EHS_NONE, type EquipmentDetail, type SystemComponent } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acmeAgent: Awaited<ReturnType<typeof signedIn>>;
let acme: InjectClient;
let globex: InjectClient;
let acmeId: number;
/** An Acme instrument with EHS data, in a system of four: itself, two visible components and a hidden one. */
let instrumentId: number;
let componentIds: number[];
let hiddenComponentId: number;
let loneId: number;
const SYSTEM = 'SYS-DETAIL-1';

beforeAll(async () => {
  server = await startApiServer();
  acmeAgent = await signedIn(server.app, 'user@acme-labs.example');
  acme = acmeAgent.client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  const db = server.database.db;
  acmeId = (await db.selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow()).id;
  const rows = await db
    .selectFrom('equipment')
    .select('id')
    .where('customer_id', '=', acmeId)
    .where('is_hidden', '=', false)
    .orderBy('id')
    .limit(5)
    .execute();
  [instrumentId, hiddenComponentId, loneId] = [rows[0]!.id, rows[3]!.id, rows[4]!.id];
  componentIds = [rows[1]!.id, rows[2]!.id];
  await db
    .updateTable('equipment')
    .set({ system_id: SYSTEM })
    .where('id', 'in', [instrumentId, ...componentIds, hiddenComponentId])
    .execute();
  await db.updateTable('equipment').set({ system_id: null }).where('id', '=', loneId).execute();
  await db.updateTable('equipment').set({ is_hidden: true }).where('id', '=', hiddenComponentId).execute();
  await db
    .updateTable('equipment')
    .set({
      machine_guarding: 'fixedGuard',
      chemical_hazards: 'flammable;toxic',
      locked: false,
      ehs_last_changed_by: 'Uma Standard',
      ehs_last_changed_on: new Date('2026-05-04T10:20:00Z'),
    })
    .where('id', '=', instrumentId)
    .execute();
});
afterAll(() => server.close());

/** A GET as the signed-in Acme user, with a URL the typed client would not build. */
const rawGet = (url: string) => server.app.inject({ method: 'GET', url, cookies: Object.fromEntries(acmeAgent.jar) });

const detail = async (client: InjectClient, id: number, otherComponent?: boolean) =>
  client.equipment.detail({ params: { id }, query: otherComponent === undefined ? {} : { otherComponent } });

describe('GET Equipment/{id}', () => {
  it('answers the instrument as the list row has it, with its EHS data, contracts and images', async () => {
    const one = resultOf<EquipmentDetail>(await detail(acme, instrumentId));
    const row = await server.database.db
      .selectFrom('equipment')
      .select(['serial', 'mfg', 'model', 'location_id'])
      .where('id', '=', instrumentId)
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({
      equipmentId: instrumentId,
      serial: row.serial,
      mfg: row.mfg,
      model: row.model,
      systemId: SYSTEM,
      location: { locationId: row.location_id },
      machineGuarding: 'fixedGuard',
      chemicalHazards: 'flammable;toxic',
      energyHazard: EHS_NONE,
      locked: false,
      ehsLastChangedBy: 'Uma Standard',
      ehsLastChangedOn: '2026-05-04T10:20:00.000Z',
    });
    expect(one.systemComponents).toBeUndefined();
    const contracts = await server.database.db
      .selectFrom('equipment_contracts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('equipment_id', '=', instrumentId)
      .executeTakeFirstOrThrow();
    expect(one.contractInfoHistory).toHaveLength(Number(contracts.count));
  });

  it('adds the other visible components of its system with otherComponent', async () => {
    const one = resultOf<EquipmentDetail>(await detail(acme, instrumentId, true));
    expect(one.systemComponents!.map((c) => c.equipmentId).sort()).toEqual([...componentIds].sort());
    const lone = resultOf<EquipmentDetail>(await detail(acme, loneId, true));
    expect(lone.systemComponents).toEqual([]);
  });

  it('answers 10002 for another customer’s instrument, a hidden one and one that does not exist', async () => {
    for (const [client, id] of [
      [globex, instrumentId],
      [acme, hiddenComponentId],
      [acme, 2_000_000_000],
    ] as const) {
      const res = await detail(client, id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
      expect(JSON.stringify(res.body)).not.toContain(SYSTEM);
    }
  });

  it('lets provider staff switched to the customer open a hidden instrument', async () => {
    const pe = await signedIn(server.app, 'pe@provider.example');
    expect((await pe.client.customers.switchCustomer({ params: { customerId: acmeId }, body: {} })).status).toBe(200);
    expect(resultOf<EquipmentDetail>(await detail(pe.client, hiddenComponentId)).equipmentId).toBe(hiddenComponentId);
  });

  it('answers 400 for an id or a flag that is not one, and 401 without a session', async () => {
    for (const url of [
      '/api/Equipment/abc',
      '/api/Equipment/0',
      '/api/Equipment/99999999999',
      `/api/Equipment/${instrumentId}?otherComponent=maybe`,
    ]) {
      const res = await rawGet(url);
      expect(res.statusCode, url).toBe(400);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/Equipment/${instrumentId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET Equipment/{id}/system/component', () => {
  const components = async (client: InjectClient, equipmentId: number, pageIndex = 0, pageSize = 10) =>
    client.equipment.systemComponents({ params: { equipmentId }, query: { pageIndex, pageSize } });

  it('pages the other visible components of the system in make, model and serial order', async () => {
    const all = resultOf<{ items: SystemComponent[]; totalCount: number }>(await components(acme, instrumentId));
    expect(all.totalCount).toBe(2);
    expect(all.items.map((c) => c.equipmentId).sort()).toEqual([...componentIds].sort());
    expect(all.items.every((c) => c.systemId === SYSTEM)).toBe(true);
    const key = (c: SystemComponent) => [c.mfg, c.model, c.serial].join('\u0000');
    expect(all.items.map(key)).toEqual(all.items.map(key).sort());
    const second = resultOf<{ items: SystemComponent[]; totalCount: number }>(
      await components(acme, instrumentId, 1, 1),
    );
    expect(second).toEqual({ items: [all.items[1]], totalCount: 2 });
  });

  it('answers no component for an instrument without a system id', async () => {
    expect(resultOf(await components(acme, loneId))).toEqual({ items: [], totalCount: 0 });
  });

  it('answers 10002 for another customer’s instrument and 400 for a page that is not one', async () => {
    expect((await components(globex, instrumentId)).body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    for (const query of ['pageSize=0', 'pageSize=10001', 'pageIndex=-1', 'pageSize=ten']) {
      const res = await rawGet(`/api/Equipment/${instrumentId}/system/component?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('PUT Equipment/{id}/ehs', () => {
  const ehsBody = (equipmentId: number, overrides: Record<string, unknown> = {}) => ({
    equipmentId,
    machineGuarding: 'interlockedGuard',
    energyHazard: 'electrical;pneumatic',
    lockTagOut: EHS_NONE,
    chemicalHazards: 'na',
    biosafetyHazards: 'bsl2',
    radiologicalHazards: EHS_NONE,
    locked: null,
    ehsLastChangedBy: 'Somebody Else',
    ...overrides,
  });
  const stored = () =>
    server.database.db
      .selectFrom('equipment')
      .select(['machine_guarding', 'energy_hazard', 'chemical_hazards', 'locked', 'ehs_last_changed_by'])
      .where('id', '=', loneId)
      .executeTakeFirstOrThrow();
  const save = (client: InjectClient, body: Record<string, unknown>, equipmentId = loneId) =>
    client.equipment.updateEhs({ params: { equipmentId }, body: body as never });

  it('saves the data of a manager (AllowEHSSetting), records who and when, and keeps a domain event', async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const before = Date.now();
    const saved = resultOf<EquipmentDetail>(await save(manager, ehsBody(loneId)));
    const name = await server.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      machineGuarding: 'interlockedGuard',
      energyHazard: 'electrical;pneumatic',
      chemicalHazards: 'na',
      biosafetyHazards: 'bsl2',
      locked: null,
      ehsLastChangedBy: `${name.first_name} ${name.last_name}`,
    });
    expect(Date.parse(saved.ehsLastChangedOn!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await stored()).toMatchObject({ machine_guarding: 'interlockedGuard', locked: null });
    const reread = resultOf<EquipmentDetail>(await detail(acme, loneId));
    expect(reread.energyHazard).toBe('electrical;pneumatic');
    const event = await server.database.db
      .selectFrom('events')
      .select(['event_type', 'entity_id'])
      .where('event_type', '=', 'equipment.ehsUpdated')
      .where('entity_id', '=', String(loneId))
      .executeTakeFirst();
    expect(event).toBeDefined();
  });

  it('refuses a standard user without an EHS function (403) and writes nothing', async () => {
    const before = await stored();
    const res = await save(acme, ehsBody(loneId, { machineGuarding: 'presenceSensing' }));
    expect(res.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('answers 400 for an exclusive option with others, an unknown or repeated option, or another id, writing nothing', async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const before = await stored();
    for (const overrides of [
      { energyHazard: 'none;electrical' },
      { chemicalHazards: 'na;toxic' },
      { chemicalHazards: 'toxic;toxic' },
      { machineGuarding: 'moatWithCrocodiles' },
      { locked: 'yes' },
      { equipmentId: instrumentId },
    ]) {
      const res = await save(manager, ehsBody(loneId, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 10002 for another customer’s instrument', async () => {
    const globexAdmin = (await signedIn(server.app, 'admin@globex.example')).client;
    const res = await save(globexAdmin, ehsBody(loneId));
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
  });
});
