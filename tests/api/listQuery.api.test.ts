import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterOperator, ListQuery, OrderType, type FilterSetting } from '../../contract/listQuery';
import { filtersWhere, orderBy, type ListFields } from '../../api-mock/src/lib/listQuerySql';
import { pageOf } from '../../api-mock/src/lib/paging';
import { startApiServer } from '../support/apiServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
  const db = server.database.db;
  const { id: customerId } = await db
    .selectFrom('customers')
    .select('id')
    .where('name', '=', 'Initech Pharma')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('equipment').where('customer_id', '=', customerId).execute();
  const { id: locationId } = await db
    .selectFrom('locations')
    .select('id')
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const row = (serial: string, mfg: string, room: string | null, inst_date: string | null) => ({
    customer_id: customerId,
    location_id: locationId,
    serial,
    mfg,
    model: 'M',
    room,
    inst_date,
    data_source_id: 1,
  });
  await db
    .insertInto('equipment')
    .values([
      row('S1', 'Agilent', '101', '2020-01-15'),
      row('S2', 'Waters', '', '2021-06-01'),
      row('S3', 'Agilent', null, null),
      row('S4', '100% Pure_Lab', '205', '2023-03-03'),
      row("S5'; drop table users; --", 'Bruker', '310', '2024-12-31'),
    ])
    .execute();
  initech = customerId;
});
afterAll(() => server.close());
let initech = 0;

const FIELDS: ListFields = {
  serial: { column: 'equipment.serial', type: 'text' },
  mfg: { column: 'equipment.mfg', type: 'text' },
  room: { column: 'equipment.room', type: 'text' },
  instDate: { column: 'equipment.inst_date', type: 'date' },
  equipmentId: { column: 'equipment.id', type: 'number' },
};

async function list(query: Partial<ListQuery>) {
  const parsed = ListQuery.parse({ pageSize: 0, ...query });
  const matching = server.database.db
    .selectFrom('equipment')
    .where('customer_id', '=', initech)
    .where(filtersWhere(FIELDS, parsed.filterSettings));
  const sorted = matching.select('serial').orderBy(orderBy(FIELDS, parsed.orderSettings, 'equipment.id') as never);
  const rows = parsed.pageSize > 0 ? (await pageOf(sorted, matching, parsed)).rows : await sorted.execute();
  return rows.map((r) => r.serial);
}
const f = (
  field: string,
  operator: FilterSetting['operator'],
  value: string[] = [],
  includingNull?: boolean,
): FilterSetting => ({
  field,
  operator,
  value,
  includingNull,
});

describe('list query to SQL', () => {
  it('filters with equals/in, contains, ranges and blanks', async () => {
    expect(await list({ filterSettings: [f('mfg', FilterOperator.In, ['Agilent', 'Waters'])] })).toEqual([
      'S1',
      'S2',
      'S3',
    ]);
    expect(await list({ filterSettings: [f('mfg', FilterOperator.Contains, ['gil'])] })).toEqual(['S1', 'S3']);
    expect(await list({ filterSettings: [f('room', FilterOperator.Blank)] })).toEqual(['S2', 'S3']);
    expect(await list({ filterSettings: [f('room', FilterOperator.NotBlank)] })).toHaveLength(3);
    expect(
      await list({
        filterSettings: [f('instDate', FilterOperator.Between, ['2021-01-01T00:00:00', '2023-12-31T23:59:59'])],
      }),
    ).toEqual(['S2', 'S4']);
    expect(await list({ filterSettings: [f('instDate', FilterOperator.From, ['2023-01-01'])] })).toHaveLength(2);
    expect(
      await list({ filterSettings: [f('mfg', FilterOperator.In, ['Waters'], true), f('room', FilterOperator.Blank)] }),
    ).toEqual(['S2']);
    expect(await list({ filterSettings: [f('room', FilterOperator.In, ['101'], true)] })).toEqual(['S1', 'S2', 'S3']);
  });

  it('sorts ascending and descending with a stable tie-breaker that runs the same way, and pages', async () => {
    // Descending is ascending reversed: the two Agilent rows come newest first.
    expect(await list({ orderSettings: [{ field: 'mfg', orderType: OrderType.Descending }] })).toEqual([
      'S2',
      "S5'; drop table users; --",
      'S3',
      'S1',
      'S4',
    ]);
    expect(
      await list({ orderSettings: [{ field: 'mfg', orderType: OrderType.Ascending }], pageSize: 2, pageIndex: 1 }),
    ).toEqual(['S3', "S5'; drop table users; --"]);
  });

  it('treats LIKE wildcards and quotes in values as plain text', async () => {
    expect(await list({ filterSettings: [f('mfg', FilterOperator.Contains, ['100%'])] })).toEqual(['S4']);
    expect(await list({ filterSettings: [f('mfg', FilterOperator.Contains, ['%'])] })).toEqual(['S4']);
    expect(await list({ filterSettings: [f('mfg', FilterOperator.Contains, ['_'])] })).toEqual(['S4']);
    expect(
      await list({ filterSettings: [f('serial', FilterOperator.Equals, ["S5'; drop table users; --"])] }),
    ).toHaveLength(1);
    const users = await server.database.db.selectFrom('users').select('id').limit(1).execute();
    expect(users).toHaveLength(1);
  });

  it.each(['password_hash', 'users.password_hash', 'constructor', 'toString'])(
    'refuses the field %j that is not on the whitelist',
    async (field) => {
      await expect(list({ filterSettings: [f(field, FilterOperator.NotBlank)] })).rejects.toMatchObject({
        status: 400,
      });
      await expect(list({ orderSettings: [{ field, orderType: 0 }] })).rejects.toMatchObject({ status: 400 });
    },
  );

  it.each(['__proto__', 'mfg; drop table users', 'mfg"--', '1=1', 'mfg)', ' mfg', 'a'.repeat(65)])(
    'the schema refuses the field name %j',
    (field) => {
      expect(ListQuery.safeParse({ pageSize: 1, filterSettings: [f(field, 0, ['x'])] }).success).toBe(false);
      expect(ListQuery.safeParse({ pageSize: 1, orderSettings: [{ field, orderType: 0 }] }).success).toBe(false);
    },
  );

  it('refuses values that do not fit the field type and unknown operators', async () => {
    await expect(
      list({ filterSettings: [f('instDate', FilterOperator.From, ["2020-01-01' or 1=1"])] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      list({ filterSettings: [f('equipmentId', FilterOperator.Equals, ['1 or 1=1'])] }),
    ).rejects.toMatchObject({ status: 400 });
    expect(
      ListQuery.safeParse({ pageSize: 1, filterSettings: [{ field: 'mfg', value: [], operator: 42 }] }).success,
    ).toBe(false);
    expect(ListQuery.safeParse({ pageSize: 100000 }).success).toBe(false);
  });
});
