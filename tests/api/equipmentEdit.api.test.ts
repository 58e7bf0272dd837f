import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import {
  LINKABLE_EQUIPMENT_MAX,
  NEW_EQUIPMENT_MAX,
  USER_ADDED_DATA_SOURCE_ID,
  type Equipment,
  type EquipmentContract,
  type EquipmentInput,
  type LinkableEquipmentList,
} from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let globex: InjectClient;
const ids: Record<string, number> = {};
beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  for (const c of await db().selectFrom('customers').select(['id', 'customer_folder']).execute()) {
    ids[c.customer_folder] = c.id;
  }
  for (const u of await db().selectFrom('users').select(['id', 'email']).execute()) ids[u.email] = u.id;
});
afterAll(() => server.close());

const db = () => server.database.db;
const userId = () => ids['user@acme-labs.example']!;

const issuesOf = (res: { status: number; body: unknown }) =>
  ((res.body as ErrorBody).issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const locationsOf = (customer: string) =>
  db().selectFrom('locations').select(['id', 'city']).where('customer_id', '=', ids[customer]!).orderBy('id').execute();

const equipmentCount = async () =>
  Number(
    (
      await db()
        .selectFrom('equipment')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const eventsOf = (entityType: string, entityId: number) =>
  db()
    .selectFrom('events')
    .select(['event_type', 'customer_id', 'actor_id'])
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();

const equipmentEventTypes = async (equipmentId: number) =>
  (await eventsOf('equipment', equipmentId)).map((e) => e.event_type);

/** The contracts of any customer with this vendor contract number. */
const contractsNumbered = (vendorContractId: string) =>
  db().selectFrom('contracts').select('id').where('vendor_contract_id', '=', vendorContractId).execute();

/** A provider (not user-added) equipment of a customer. */
const providerEquipmentOf = async (customer: string) =>
  db()
    .selectFrom('equipment')
    .selectAll()
    .where('customer_id', '=', ids[customer]!)
    .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
    .orderBy('id')
    .executeTakeFirstOrThrow();

const newInput = async (overrides: Partial<EquipmentInput> = {}): Promise<EquipmentInput> => ({
  locationId: (await locationsOf('acme'))[1]!.id,
  mfg: 'Agilent',
  model: '1290 Infinity II',
  serial: 'DEAGT0001',
  dtype: 'UHPLC',
  building: 'Building K',
  room: '204',
  contactName: 'Pat Primary',
  contactPhone: '+1 (617) 555-0101',
  contactEmail: 'pat.primary@acme-labs.example',
  equipConstrYear: 2020,
  equipConstrMonth: 3,
  classification: 'B',
  priorityD: 'high',
  osGxpFlag: true,
  ...overrides,
});

const contractInput = {
  contractId: 'VC-2026-001',
  effectiveDate: '2026-01-01',
  contractExpiry: '2027-12-31',
  contractType: 'ZCSA' as const,
  poNumber: 'PO-42',
  billingDate: '2026-02-01',
  billingStatus: 'OPEN',
  desc: 'Third-party service',
};

const create = async (client: InjectClient, overrides: Partial<EquipmentInput> = {}) =>
  resultOf<Equipment>(await client.equipment.create({ body: await newInput(overrides) }));

const rowOf = (id: number) => db().selectFrom('equipment').selectAll().where('id', '=', id).executeTakeFirst();

const onListOf = async (email: string, equipmentId: number) =>
  !!(await db()
    .selectFrom('user_equipment')
    .select('equipment_id')
    .where('user_id', '=', ids[email]!)
    .where('equipment_id', '=', equipmentId)
    .executeTakeFirst());

/** The Acme equipment not on a user's list, by id. */
const acmeEquipmentOffTheListOf = (userId: number) =>
  db()
    .selectFrom('equipment')
    .select('id')
    .where('customer_id', '=', ids.acme!)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_equipment')
            .select('equipment_id')
            .where('user_id', '=', userId)
            .whereRef('equipment_id', '=', 'equipment.id'),
        ),
      ),
    )
    .orderBy('id');

describe('POST Equipment (add user-added equipment)', () => {
  it('saves user-added equipment of the caller, on the caller’s list, with its vendor contract', async () => {
    const before = await equipmentCount();
    const saved = await create(user, { contract: contractInput });
    expect(await equipmentCount()).toBe(before + 1);
    expect(saved).toMatchObject({
      mfg: 'Agilent',
      model: '1290 Infinity II',
      serial: 'DEAGT0001',
      contactPhone: '+1 (617) 555-0101',
      dataSourceId: USER_ADDED_DATA_SOURCE_ID,
      createdBy: userId(),
      isMine: true,
      changedByCust: 'Uma Standard',
      equipConstrYear: 2020,
      equipConstrMonth: 3,
      osGxpFlag: true,
    });
    expect(saved.instrumentAge).toBeGreaterThan(12 * 5);
    expect(saved.changedOnCust).not.toBeNull();
    expect(saved.location.locationId).toBe((await locationsOf('acme'))[1]!.id);
    expect(saved.contractInfoHistory).toEqual([
      expect.objectContaining({
        contractId: 'VC-2026-001',
        vendorContractId: 'VC-2026-001',
        effectiveDate: '2026-01-01',
        contractExpiry: '2027-12-31',
        contractType: 'ZCSA',
        poNumber: 'PO-42',
        billingDate: '2026-02-01',
        billingStatus: 'OPEN',
        desc: 'Third-party service',
        isVendor: true,
      }),
    ]);
    const contract = await db()
      .selectFrom('contracts')
      .selectAll()
      .where('vendor_contract_id', '=', 'VC-2026-001')
      .executeTakeFirstOrThrow();
    expect(contract).toMatchObject({ customer_id: ids.acme, is_pe_contract: false });
    expect(await onListOf('user@acme-labs.example', saved.equipmentId)).toBe(true);
    expect(await eventsOf('equipment', saved.equipmentId)).toEqual([
      { event_type: 'equipment.created', customer_id: ids.acme, actor_id: userId() },
    ]);
  });

  it('saves no contract when the contract info is left out', async () => {
    const saved = await create(user, { serial: 'NOCONTRACT1' });
    expect(saved.contractInfoHistory).toEqual([]);
  });

  it('refuses an invalid phone with 400 and saves nothing', async () => {
    const before = await equipmentCount();
    const res = await user.equipment.create({ body: await newInput({ contactPhone: 'call me maybe' }) });
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual(['contactPhone: phone']);
    expect(await equipmentCount()).toBe(before);
  });

  it('refuses an invalid e-mail with lblEmailsWarning, and a missing make with required_field', async () => {
    const res = await user.equipment.create({
      body: await newInput({ mfg: '  ', vendorEmail: 'service at vendor', contactMgrPhone: '555#12' }),
    });
    expect(res.status).toBe(400);
    expect(issuesOf(res).sort()).toEqual([
      'contactMgrPhone: phone',
      'mfg: required_field',
      'vendorEmail: lblEmailsWarning',
    ]);
  });

  it('refuses texts over their max length (model 80 in the form, comments 1000, budget owner e-mail 30)', async () => {
    const res = await user.equipment.create({
      body: await newInput({
        model: 'M'.repeat(81),
        comments: 'c'.repeat(1001),
        financialResponsibilityEmail: `${'b'.repeat(20)}@acme-labs.example`,
      }),
    });
    expect(res.status).toBe(400);
    expect(
      issuesOf(res)
        .map((i) => i.split(':')[0])
        .sort(),
    ).toEqual(['comments', 'financialResponsibilityEmail', 'model']);
    const ok = await user.equipment.create({
      body: await newInput({ model: 'M'.repeat(80), comments: 'c'.repeat(1000), serial: 'MAXLEN1' }),
    });
    expect(ok.status).toBe(200);
  });

  it('applies the contract rules: number needs dates and type, others need a number, end not before start', async () => {
    const noNumber = await user.equipment.create({
      body: await newInput({ contract: { poNumber: 'PO-1' } }),
    });
    expect(issuesOf(noNumber)).toEqual(['contract.contractId: enter_contract_number']);
    const incomplete = await user.equipment.create({
      body: await newInput({ contract: { contractId: 'VC-X' } }),
    });
    expect(issuesOf(incomplete).sort()).toEqual([
      'contract.contractExpiry: required_field',
      'contract.contractType: required_field',
      'contract.effectiveDate: required_field',
    ]);
    const backwards = await user.equipment.create({
      body: await newInput({
        contract: { ...contractInput, effectiveDate: '2027-01-01', contractExpiry: '2026-01-01' },
      }),
    });
    expect(issuesOf(backwards)).toEqual(['contract.contractExpiry: calendar_end_grater']);
  });

  it('refuses a location of another customer and saves nothing', async () => {
    const before = await equipmentCount();
    const res = await user.equipment.create({
      body: await newInput({ locationId: (await locationsOf('globex'))[0]!.id }),
    });
    expect(res.status).toBe(403);
    expect(await equipmentCount()).toBe(before);
  });

  it('refuses adding for a customer without isProductAddingEnabled', async () => {
    const pe = (await signedIn(server.app, 'pe@provider.example')).client;
    resultOf(await pe.customers.switchCustomer({ params: { customerId: ids.initech! }, body: {} }));
    const before = await equipmentCount();
    const res = await pe.equipment.create({
      body: await newInput({ locationId: (await locationsOf('initech'))[0]!.id }),
    });
    expect(res.status).toBe(403);
    expect((res.body as ErrorBody).errorMessage).toMatch(/adding products is disabled/i);
    expect(await equipmentCount()).toBe(before);
  });
});

describe('PUT Equipment (edit)', () => {
  it('saves the edited fields of user-added equipment and replaces its contract', async () => {
    const saved = await create(user, { serial: 'EDIT-1', contract: { ...contractInput, contractId: 'VC-EDIT-1' } });
    const before = await rowOf(saved.equipmentId);
    const edited = resultOf<Equipment>(
      await manager.equipment.update({
        body: {
          ...(await newInput({ serial: 'EDIT-1', room: '999', contactPhone: null, comments: 'moved' })),
          equipmentId: saved.equipmentId,
          contract: { ...contractInput, contractId: 'VC-EDIT-2', contractType: 'ZW01' },
        },
      }),
    );
    expect(edited).toMatchObject({ room: '999', contactPhone: null, comments: 'moved', changedByCust: 'Mark Manager' });
    expect(edited.contractInfoHistory.map((c) => [c.contractId, c.contractType])).toEqual([['VC-EDIT-2', 'ZW01']]);
    const after = await rowOf(saved.equipmentId);
    expect(new Date(after!.updated_at as never).getTime()).toBeGreaterThan(
      new Date(before!.updated_at as never).getTime(),
    );
    // The first vendor contract has no equipment left and is gone.
    expect(await contractsNumbered('VC-EDIT-1')).toEqual([]);
    expect(await equipmentEventTypes(saved.equipmentId)).toEqual(['equipment.created', 'equipment.updated']);
  });

  it('removes the contract of user-added equipment when the contract info is null', async () => {
    const saved = await create(user, { serial: 'EDIT-2', contract: { ...contractInput, contractId: 'VC-EDIT-3' } });
    const edited = resultOf<Equipment>(
      await user.equipment.update({
        body: { ...(await newInput({ serial: 'EDIT-2' })), equipmentId: saved.equipmentId, contract: null },
      }),
    );
    expect(edited.contractInfoHistory).toEqual([]);
  });

  it('links an existing contract of the customer picked by number, without duplicating it', async () => {
    const existing = await db()
      .selectFrom('contracts')
      .selectAll()
      .where('customer_id', '=', ids.acme!)
      .where('is_pe_contract', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const saved = await create(user, {
      serial: 'PICKED-1',
      contract: {
        contractId: existing.vendor_contract_id,
        effectiveDate: existing.effective_date,
        contractExpiry: existing.contract_expiry,
        contractType: existing.contract_type as 'ZCSA',
      },
    });
    expect(saved.contractInfoHistory).toEqual([
      expect.objectContaining({ contractId: existing.vendor_contract_id, isVendor: false }),
    ]);
    expect(await contractsNumbered(existing.vendor_contract_id)).toHaveLength(1);
  });

  it('refuses contract info for equipment that is not user-added, and changes nothing', async () => {
    const row = await providerEquipmentOf('acme');
    const res = await user.equipment.update({
      body: {
        equipmentId: row.id,
        locationId: row.location_id,
        mfg: row.mfg,
        model: row.model,
        room: 'changed',
        contract: contractInput,
      },
    });
    expect(res.status).toBe(400);
    expect((await rowOf(row.id))!.room).toBe(row.room);
  });

  it('saves provider equipment without contract info and keeps its provider contracts', async () => {
    const row = await db()
      .selectFrom('equipment')
      .innerJoin('equipment_contracts', 'equipment_contracts.equipment_id', 'equipment.id')
      .selectAll('equipment')
      .where('equipment.customer_id', '=', ids.acme!)
      .where('equipment.data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    const edited = resultOf<Equipment>(
      await user.equipment.update({
        body: { equipmentId: row.id, locationId: row.location_id, mfg: row.mfg, model: 'Renamed', room: 'R-1' },
      }),
    );
    expect(edited).toMatchObject({ model: 'Renamed', room: 'R-1', serial: row.serial });
    expect(edited.contractInfoHistory.length).toBeGreaterThan(0);
    expect(edited.contractInfoHistory.every((c) => !c.isVendor)).toBe(true);
  });

  it("answers 10002 for another customer's equipment and changes nothing", async () => {
    const row = await providerEquipmentOf('globex');
    const res = await user.equipment.update({
      body: { equipmentId: row.id, locationId: (await locationsOf('acme'))[0]!.id, mfg: 'X', model: 'Y' },
    });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    expect((await rowOf(row.id))!.model).toBe(row.model);
  });
});

describe('DELETE Equipment/{id}', () => {
  it('deletes user-added equipment the caller created, with its vendor contract', async () => {
    const saved = await create(user, { serial: 'DEL-1', contract: { ...contractInput, contractId: 'VC-DEL-1' } });
    const res = resultOf<{ deleted: boolean }>(await user.equipment.remove({ params: { id: saved.equipmentId } }));
    expect(res).toEqual({ deleted: true });
    expect(await rowOf(saved.equipmentId)).toBeUndefined();
    expect(await contractsNumbered('VC-DEL-1')).toEqual([]);
    expect(await equipmentEventTypes(saved.equipmentId)).toEqual(['equipment.created', 'equipment.deleted']);
  });

  it('only removes from the list user-added equipment created by someone else', async () => {
    const saved = await create(user, { serial: 'DEL-2' });
    resultOf(await manager.equipment.link({ body: [saved.equipmentId] }));
    const res = resultOf<{ deleted: boolean }>(await manager.equipment.remove({ params: { id: saved.equipmentId } }));
    expect(res).toEqual({ deleted: false });
    expect(await rowOf(saved.equipmentId)).toBeDefined();
    expect(await onListOf('manager@acme-labs.example', saved.equipmentId)).toBe(false);
    expect(await onListOf('user@acme-labs.example', saved.equipmentId)).toBe(true);
  });

  it('only removes provider equipment from the caller’s list', async () => {
    const row = await db()
      .selectFrom('equipment')
      .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
      .select('equipment.id')
      .where('user_equipment.user_id', '=', userId())
      .where('equipment.data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    const res = resultOf<{ deleted: boolean }>(await user.equipment.remove({ params: { id: row.id } }));
    expect(res).toEqual({ deleted: false });
    expect(await rowOf(row.id)).toBeDefined();
    expect(await onListOf('user@acme-labs.example', row.id)).toBe(false);
    expect(await equipmentEventTypes(row.id)).toContain('equipment.unlinked');
  });

  it("answers 10002 for another customer's equipment and removes nothing", async () => {
    const saved = await create(globex, {
      locationId: (await locationsOf('globex'))[0]!.id,
      serial: 'GLOBEX-OWN',
    });
    const res = await user.equipment.remove({ params: { id: saved.equipmentId } });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    expect(await rowOf(saved.equipmentId)).toBeDefined();
    expect(await onListOf('user@globex.example', saved.equipmentId)).toBe(true);
  });
});

/** Run `check` with extra equipment of Acme in its first location (rows from `row(i)`), removed afterwards. */
async function withExtraEquipment(
  count: number,
  row: (i: number) => { serial: string; mfg: string; model: string },
  check: (locationId: number, ids: number[]) => Promise<void>,
) {
  const location = (await locationsOf('acme'))[0]!;
  const inserted = await db()
    .insertInto('equipment')
    .values(
      Array.from({ length: count }, (_, i) => ({
        customer_id: ids.acme!,
        location_id: location.id,
        data_source_id: 1,
        ...row(i),
      })),
    )
    .returning('id')
    .execute();
  const insertedIds = inserted.map((r) => r.id);
  try {
    await check(location.id, insertedIds);
  } finally {
    await db().deleteFrom('equipment').where('id', 'in', insertedIds).execute();
  }
}

describe('GET Equipment/list/all, GET Equipment/list/new and PUT Equipment/List (link)', () => {
  it('lists every location of the customer with its equipment and the user’s marks', async () => {
    const all = resultOf<LinkableEquipmentList>(await user.equipment.listAll({ query: {} }));
    expect(all.hasLinkedEquipment).toBe(true);
    expect(all.locations.map((l) => l.city).sort()).toEqual((await locationsOf('acme')).map((l) => l.city).sort());
    const listed = all.locations.flatMap((l) => l.equipment);
    const acmeVisible = await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', ids.acme!)
      .where('is_hidden', '=', false)
      .execute();
    expect(listed.map((e) => e.equipmentId).sort()).toEqual(acmeVisible.map((r) => r.id).sort());
    const mine = await db()
      .selectFrom('user_equipment')
      .select('equipment_id')
      .where('user_id', '=', userId())
      .execute();
    expect(listed.filter((e) => e.isMine).length).toBe(mine.length);
    for (const location of all.locations) expect(location.equipmentCount).toBe(location.equipment.length);
  });

  it('shows at most LINKABLE_EQUIPMENT_MAX per location with the full count, and a keyword narrows on the server', async () => {
    const extra = LINKABLE_EQUIPMENT_MAX + 25;
    const serialOf = (i: number) => `CAP-${String(i).padStart(4, '0')}`;
    const row = (i: number) => ({ serial: serialOf(i), mfg: 'Aaa Capped', model: i === extra - 1 ? 'Needle' : 'Hay' });
    await withExtraEquipment(extra, row, async (locationId) => {
      const before = await db()
        .selectFrom('equipment')
        .select(db().fn.countAll<string>().as('n'))
        .where('location_id', '=', locationId)
        .where('is_hidden', '=', false)
        .executeTakeFirstOrThrow();
      const all = resultOf<LinkableEquipmentList>(await user.equipment.listAll({ query: {} }));
      const tab = all.locations.find((l) => l.locationId === locationId)!;
      expect(tab.equipment).toHaveLength(LINKABLE_EQUIPMENT_MAX);
      expect(tab.equipmentCount).toBe(Number(before.n));
      expect(tab.equipment[0]!.serial).toBe(serialOf(0));

      const needle = resultOf<LinkableEquipmentList>(
        await user.equipment.listAll({ query: { locationId, keyword: 'aaa needle' } }),
      );
      expect(needle.locations.map((l) => l.locationId)).toEqual([locationId]);
      expect(needle.locations[0]!.equipmentCount).toBe(1);
      expect(needle.locations[0]!.equipment.map((e) => e.serial)).toEqual([serialOf(extra - 1)]);
    });
  });

  it("refuses another customer's location and answers 400 for a keyword or location that is not one", async () => {
    const globexLocation = (await locationsOf('globex'))[0]!;
    const foreign = await user.equipment.listAll({ query: { locationId: globexLocation.id } });
    expect(foreign.status).toBe(403);
    const tooLong = await user.equipment.listAll({ query: { keyword: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
    const notAnId = await user.equipment.listAll({ query: { locationId: -1 } });
    expect(notAnId.status).toBe(400);
  });

  it('lists as new the customer’s recent equipment not on the user’s list', async () => {
    const [old, recent] = await acmeEquipmentOffTheListOf(userId()).limit(2).execute();
    await sql`update equipment set created_at = now() - interval '200 days' where id = ${old!.id}`.execute(db());
    const fresh = resultOf<number[]>(await user.equipment.listNew({ query: {} }));
    expect(fresh).toContain(recent!.id);
    expect(fresh).not.toContain(old!.id);
    const linked = await db()
      .selectFrom('user_equipment')
      .select('equipment_id')
      .where('user_id', '=', userId())
      .execute();
    expect(fresh.filter((id) => linked.some((l) => l.equipment_id === id))).toEqual([]);
    const globexIds = await db().selectFrom('equipment').select('id').where('customer_id', '=', ids.globex!).execute();
    expect(fresh.filter((id) => globexIds.some((g) => g.id === id))).toEqual([]);
  });

  it('answers at most NEW_EQUIPMENT_MAX new ids', async () => {
    const row = (i: number) => ({ serial: `FRESH-${i}`, mfg: 'Fresh', model: 'Arrival' });
    await withExtraEquipment(NEW_EQUIPMENT_MAX + 5, row, async () => {
      const fresh = resultOf<number[]>(await user.equipment.listNew({ query: {} }));
      expect(fresh).toHaveLength(NEW_EQUIPMENT_MAX);
    });
  });

  it('links equipment to a first-time user, sets the linked-once flag, and the new count drops', async () => {
    const newcomer = (await signedIn(server.app, 'new@acme-labs.example')).client;
    // Until her profile names her site, every call but the profile completion's is answered 16006.
    const site = (await locationsOf('acme'))[0]!;
    const profile = { locationId: site.id, firstName: 'Nora', lastName: 'Newcomer', officePhone: null };
    resultOf(await newcomer.users.completeProfile({ body: profile }));
    const first = resultOf<LinkableEquipmentList>(await newcomer.equipment.listAll({ query: {} }));
    expect(first.hasLinkedEquipment).toBe(false);
    expect(first.locations.flatMap((l) => l.equipment).some((e) => e.isMine)).toBe(false);
    const before = resultOf<number[]>(await newcomer.equipment.listNew({ query: {} }));
    const pick = before.slice(0, 2);
    resultOf(await newcomer.equipment.link({ body: pick }));
    const after = resultOf<LinkableEquipmentList>(await newcomer.equipment.listAll({ query: {} }));
    expect(after.hasLinkedEquipment).toBe(true);
    expect(
      after.locations
        .flatMap((l) => l.equipment)
        .filter((e) => e.isMine)
        .map((e) => e.equipmentId)
        .sort(),
    ).toEqual([...pick].sort());
    expect(resultOf<number[]>(await newcomer.equipment.listNew({ query: {} }))).toHaveLength(before.length - 2);
    expect(await eventsOf('user', ids['new@acme-labs.example']!)).toContainEqual({
      event_type: 'equipment.linked',
      customer_id: ids.acme,
      actor_id: ids['new@acme-labs.example'],
    });
  });

  it("refuses to link another customer's equipment and links nothing of the request", async () => {
    const own = await acmeEquipmentOffTheListOf(ids['manager@acme-labs.example']!).executeTakeFirstOrThrow();
    const foreign = await providerEquipmentOf('globex');
    const res = await manager.equipment.link({ body: [own.id, foreign.id] });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    expect(await onListOf('manager@acme-labs.example', own.id)).toBe(false);
    expect(await onListOf('manager@acme-labs.example', foreign.id)).toBe(false);
  });
});

describe('Contracts of the customer', () => {
  it('finds contracts by number and counts the equipment under one', async () => {
    const contract = await db()
      .selectFrom('contracts')
      .selectAll()
      .where('customer_id', '=', ids.acme!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const found = resultOf<EquipmentContract[]>(
      await user.equipment.contracts({ query: { keyword: contract.vendor_contract_id.slice(1, 8) } }),
    );
    expect(found.map((c) => c.contractId)).toContain(contract.vendor_contract_id);
    expect(found.find((c) => c.contractId === contract.vendor_contract_id)).toMatchObject({
      effectiveDate: contract.effective_date,
      contractExpiry: contract.contract_expiry,
      contractType: contract.contract_type,
    });
    const linked = await db()
      .selectFrom('equipment_contracts')
      .innerJoin('equipment', 'equipment.id', 'equipment_contracts.equipment_id')
      .select('equipment.id')
      .where('equipment_contracts.contract_id', '=', contract.id)
      .where('equipment.is_hidden', '=', false)
      .execute();
    const count = resultOf<{ totalCount: number }>(
      await user.equipment.contractEquipmentCount({ params: { contractId: contract.vendor_contract_id } }),
    );
    expect(count.totalCount).toBe(linked.length);
  });

  it("neither finds nor counts another customer's contracts", async () => {
    const foreign = await db()
      .selectFrom('contracts')
      .selectAll()
      .where('customer_id', '=', ids.globex!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const found = resultOf<EquipmentContract[]>(
      await user.equipment.contracts({ query: { keyword: foreign.vendor_contract_id } }),
    );
    expect(found).toEqual([]);
    const count = resultOf<{ totalCount: number }>(
      await user.equipment.contractEquipmentCount({ params: { contractId: foreign.vendor_contract_id } }),
    );
    expect(count.totalCount).toBe(0);
  });
});
