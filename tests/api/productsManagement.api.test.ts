import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQUIPMENT_BATCH_MAX, type EquipmentListQuery, type EquipmentRowEdit } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { FilterOperator } from '../../contract/listQuery';
import { AccessCode } from '../../contract/permissions';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let pe: InjectClient;
let peAdmin: InjectClient;
let peId: number;
let acmeIds: number[];
let globexId: number;
beforeAll(async () => {
  server = await startApiServer();
  const acme = await customerId('Acme Labs');
  const agent = await signedIn(server.app, 'pe@provider.example');
  pe = agent.client;
  peAdmin = agent.adminClient;
  expect((await pe.customers.switchCustomer({ params: { customerId: acme }, body: {} })).status).toBe(200);
  peId = (
    await db().selectFrom('users').select('id').where('email', '=', 'pe@provider.example').executeTakeFirstOrThrow()
  ).id;
  acmeIds = (await equipmentOf(acme)).map((r) => r.id);
  globexId = (await equipmentOf(await customerId('Globex')))[0]!.id;
});
afterAll(() => server.close());

const db = () => server.database.db;
const customerId = async (name: string) =>
  (await db().selectFrom('customers').select('id').where('name', 'like', `${name}%`).executeTakeFirstOrThrow()).id;
const equipmentOf = (customer: number) =>
  db().selectFrom('equipment').select('id').where('customer_id', '=', customer).orderBy('id').limit(10).execute();
const rowOf = (id: number) =>
  db()
    .selectFrom('equipment')
    .select(['part_number', 'contact_name', 'contact_email', 'contact_phone', 'is_hidden', 'changed_by_cust'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const editEvents = async (ids: number[]) =>
  (
    await db()
      .selectFrom('events')
      .select('entity_id')
      .where('entity_type', '=', 'equipment')
      .where('event_type', '=', 'equipment.updated')
      .where(
        'entity_id',
        'in',
        ids.map((id) => String(id)),
      )
      .execute()
  ).length;

const save = (client: InjectClient, rows: EquipmentRowEdit[]) => client.equipment.updateEditingList({ body: rows });

describe('PUT Equipment/editingList', () => {
  it('saves three rows of the switched customer, each with its event, under the PE user', async () => {
    const [a, b, c] = acmeIds as [number, number, number];
    const before = await editEvents([a, b, c]);
    const res = await save(peAdmin, [
      { equipmentId: a, partNumber: 'PN-100', contactName: 'Ana Lopez', contactEmail: '  ana@acme-labs.example ' },
      { equipmentId: b, contactPhone: '+1 555 0100', isHidden: true },
      { equipmentId: c, mfg: 'PerkinElmer', model: 'LC 300', systemId: 'SYS-9' },
    ]);
    expect(res.body).toEqual({ errorCode: 0, result: { updatedCount: 3 } });
    expect(await rowOf(a)).toMatchObject({
      part_number: 'PN-100',
      contact_name: 'Ana Lopez',
      contact_email: 'ana@acme-labs.example',
    });
    expect((await rowOf(a)).changed_by_cust).toBeTruthy();
    expect(await rowOf(b)).toMatchObject({ contact_phone: '+1 555 0100', is_hidden: true });
    expect(await editEvents([a, b, c])).toBe(before + 3);
  });

  it('writes dates, numbers and flags, and a selected row without changes, in one batch', async () => {
    const [, , , d, e] = acmeIds as [number, number, number, number, number];
    const res = await save(peAdmin, [
      { equipmentId: d, instDate: '2024-01-02', equipConstrYear: 2020, osGxpFlag: true, contactEmail: '' },
      { equipmentId: e },
    ]);
    expect(res.body).toEqual({ errorCode: 0, result: { updatedCount: 2 } });
    const row = await db()
      .selectFrom('equipment')
      .select(['inst_date', 'equip_constr_year', 'os_gxp_flag', 'contact_email'])
      .where('id', '=', d)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ equip_constr_year: 2020, os_gxp_flag: true, contact_email: null });
    expect(String(row.inst_date)).toMatch(/2024/);
    expect(await editEvents([e])).toBeGreaterThan(0);
  });

  it('saves nothing when one row has an invalid primary-user e-mail', async () => {
    const [a, b] = acmeIds as [number, number];
    const before = [await rowOf(a), await rowOf(b)];
    const events = await editEvents([a, b]);
    const res = await save(peAdmin, [
      { equipmentId: a, contactName: 'Changed Name' },
      { equipmentId: b, contactEmail: 'not-an-address' },
    ]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('endUser_email_warning');
    expect([await rowOf(a), await rowOf(b)]).toEqual(before);
    expect(await editEvents([a, b])).toBe(events);
  });

  it('refuses the whole batch when one row is of another customer, and saves nothing', async () => {
    const [a] = acmeIds as [number];
    const before = await rowOf(a);
    const res = await save(peAdmin, [
      { equipmentId: a, contactName: 'Should Not Stay' },
      { equipmentId: globexId, contactName: 'Intruder' },
    ]);
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    expect(await rowOf(a)).toEqual(before);
    expect((await rowOf(globexId)).contact_name).not.toBe('Intruder');
  });

  it('refuses rows too long or too many, and a row sent twice (400)', async () => {
    const [a] = acmeIds as [number];
    const tooLong = await save(peAdmin, [{ equipmentId: a, partNumber: 'x'.repeat(41) }]);
    expect(tooLong.status).toBe(400);
    const badPhone = await save(peAdmin, [{ equipmentId: a, contactPhone: 'call me maybe' }]);
    expect(badPhone.status).toBe(400);
    const many = Array.from({ length: EQUIPMENT_BATCH_MAX + 1 }, () => ({ equipmentId: a, contactName: 'x' }));
    expect((await save(peAdmin, many)).status).toBe(400);
    expect((await save(peAdmin, [])).status).toBe(400);
    const twice = await save(peAdmin, [
      { equipmentId: a, contactName: 'One' },
      { equipmentId: a, contactName: 'Two' },
    ]);
    expect(twice.status).toBe(400);
  });

  it('refuses a customer user with 403', async () => {
    const admin = (await signedIn(server.app, 'admin@acme-labs.example')).client;
    const res = await save(admin, [{ equipmentId: acmeIds[0]!, contactName: 'Nope' }]);
    expect(res.status).toBe(403);
  });

  it('refuses a PE user without the admin access code with 403, in either mode', async () => {
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', peId)
      .where('access_code', '=', AccessCode.Admin)
      .execute();
    try {
      const rows = [{ equipmentId: acmeIds[0]!, contactName: 'Nope' }];
      expect((await save(pe, rows)).status).toBe(403);
      expect((await save(peAdmin, rows)).status).toBe(403);
      const list = await pe.equipment.list({ body: listQuery() });
      expect(list.status).toBe(403);
    } finally {
      await db().insertInto('user_access_codes').values({ user_id: peId, access_code: AccessCode.Admin }).execute();
    }
  });
});

const listQuery = (changes: Partial<EquipmentListQuery> = {}): EquipmentListQuery => ({
  pageIndex: 0,
  pageSize: 30,
  isFollowed: false,
  listType: 'productsManagement',
  filterSettings: [],
  orderSettings: [],
  fullTextSearchSetting: null,
  ...changes,
});

describe('POST Equipment/list with listType productsManagement', () => {
  it('lists hidden instruments of the switched customer to the PE user', async () => {
    const hidden = acmeIds[4]!;
    await db().updateTable('equipment').set({ is_hidden: true }).where('id', '=', hidden).execute();
    const res = await peAdmin.equipment.list({
      body: listQuery({
        filterSettings: [{ field: 'equipmentId', operator: FilterOperator.In, value: [String(hidden)] }],
      }),
    });
    expect(res.body).toMatchObject({ errorCode: 0 });
    const items = res.status === 200 && res.body.errorCode === 0 ? res.body.result!.items : [];
    expect(items.map((e) => [e.equipmentId, e.isHidden])).toEqual([[hidden, true]]);
    const inventory = await peAdmin.equipment.list({
      body: listQuery({
        listType: 'inventory',
        filterSettings: [{ field: 'equipmentId', operator: FilterOperator.In, value: [String(hidden)] }],
      }),
    });
    expect(inventory.status === 200 && inventory.body.errorCode === 0 && inventory.body.result!.totalCount).toBe(0);
  });

  it('refuses the products-management list and its filter suggestions to a customer user (403)', async () => {
    const admin = (await signedIn(server.app, 'admin@acme-labs.example')).client;
    expect((await admin.equipment.list({ body: listQuery() })).status).toBe(403);
    const fields = await admin.equipment.filterFields({
      body: {
        pageIndex: 0,
        pageSize: 100,
        selectFields: ['mfg'],
        filterSettings: [],
        fullTextSearchSetting: null,
        listType: 'productsManagement',
      },
    });
    expect(fields.status).toBe(403);
  });
});
