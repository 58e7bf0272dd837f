import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../contract/equipment';
import { FilterOperator, MAX_SELECTED_ROWS, OrderType, XLSX_CONTENT_TYPE } from '../../contract/listQuery';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let acmeAgent: Awaited<ReturnType<typeof signedIn>>;
let globex: InjectClient;
let acmeUserId: number;
beforeAll(async () => {
  server = await startApiServer();
  acmeAgent = await signedIn(server.app, 'user@acme-labs.example');
  acme = acmeAgent.client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  acmeUserId = (
    await db().selectFrom('users').select('id').where('email', '=', 'user@acme-labs.example').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => server.close());

const db = () => server.database.db;
const acmeCustomerId = async () =>
  (await db().selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow()).id;

type Page = { items: Equipment[]; totalCount: number };
const list = async (client: InjectClient, body: Record<string, unknown> = {}) =>
  resultOf<Page>(await client.equipment.list({ body: { pageSize: 30, isFollowed: true, ...body } as never }));

describe('POST Equipment/list', () => {
  it("pages through the user's own list, 30 at a time, with every field of the entity", async () => {
    const mine = await db()
      .selectFrom('user_equipment')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', acmeUserId)
      .executeTakeFirstOrThrow();
    const first = await list(acme);
    expect(first.totalCount).toBe(Number(mine.n));
    expect(first.items).toHaveLength(30);
    expect(first.items.every((e) => e.isMine)).toBe(true);
    const second = await list(acme, { pageIndex: 1 });
    expect(second.items[0]!.equipmentId).not.toBe(first.items[0]!.equipmentId);
    const item = first.items[0]!;
    expect(item.location.city).toBeTruthy();
    expect(item).toHaveProperty('contractInfoHistory');
    expect(item).toHaveProperty('instrumentImageData');
  });

  it('sees only the current customer: no Globex equipment in Acme lists, even unfollowed', async () => {
    const acmeAll = await list(acme, { isFollowed: false, pageSize: 1000 });
    const ids = acmeAll.items.map((e) => e.equipmentId);
    const globexRows = await db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Globex Corporation')
      .limit(50)
      .execute();
    expect(globexRows.length).toBeGreaterThan(0);
    expect(ids.some((id) => globexRows.some((g) => g.id === id))).toBe(false);
    const globexPage = await list(globex, { isFollowed: false, pageSize: 1000 });
    expect(globexPage.items.every((e) => !ids.includes(e.equipmentId))).toBe(true);
  });

  it('filters, sorts and searches the full text together', async () => {
    const page = await list(acme, {
      fullTextSearchSetting: { keyword: 'perkin' },
      filterSettings: [
        { field: 'dtype', operator: FilterOperator.In, value: ['ICP-OES', 'ICP-MS'] },
        { field: 'floor', operator: FilterOperator.NotBlank, value: [] },
      ],
      orderSettings: [{ field: 'serial', orderType: OrderType.Descending }],
    });
    expect(page.totalCount).toBeGreaterThan(0);
    for (const e of page.items) {
      expect(e.mfg).toBe('PerkinElmer');
      expect(['ICP-OES', 'ICP-MS']).toContain(e.dtype);
    }
    const serials = page.items.map((e) => e.serial!);
    expect(serials).toEqual([...serials].sort().reverse());
  });

  it('still counts every match when the page asked for is past the end', async () => {
    const all = await list(acme);
    const beyond = await list(acme, { pageIndex: 1000 });
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBe(all.totalCount);
  });

  it('matches words by prefix in any order, and an unknown word finds nothing', async () => {
    const page = await list(acme, { fullTextSearchSetting: { keyword: 'lamb perkin' } });
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.items.every((e) => e.model === 'LAMBDA 365')).toBe(true);
    expect((await list(acme, { fullTextSearchSetting: { keyword: 'zzznothing' } })).totalCount).toBe(0);
  });

  it('treats search syntax in the keyword as text', async () => {
    for (const keyword of ["'", '&|!', 'a:*', '(', '\\']) {
      const res = await acme.equipment.list({
        body: { pageSize: 30, isFollowed: true, fullTextSearchSetting: { keyword } } as never,
      });
      expect(res.status).toBe(200);
    }
  });

  it('filters number ranges and blanks', async () => {
    const page = await list(acme, {
      filterSettings: [{ field: 'equipConstrYear', operator: FilterOperator.Between, value: ['2010', '2012'] }],
    });
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.items.every((e) => e.equipConstrYear! >= 2010 && e.equipConstrYear! <= 2012)).toBe(true);
    const blank = await list(acme, {
      filterSettings: [{ field: 'comments', operator: FilterOperator.Blank, value: [] }],
    });
    expect(blank.items.every((e) => !e.comments)).toBe(true);
  });

  it('refuses an unknown or hostile field with 400', async () => {
    for (const field of ['password_hash', 'customer_id', 'search']) {
      const res = await acme.equipment.list({
        body: { pageSize: 30, orderSettings: [{ field, orderType: 0 }] } as never,
      });
      expect(res.status).toBe(400);
    }
  });

  it('refuses the products-management list to a customer user', async () => {
    const res = await acme.equipment.list({ body: { pageSize: 30, listType: 'productsManagement' } as never });
    expect(res.status).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const { injectClient } = await import('../support/injectClient');
    const anonymous = injectClient(server.app).client;
    expect((await anonymous.equipment.list({ body: { pageSize: 30 } as never })).status).toBe(401);
  });
});

describe('POST Equipment/FilterFields', () => {
  it('suggests the distinct values of each column, blanks first, at most the page size', async () => {
    const result = resultOf<Record<string, (string | null)[]>>(
      await acme.equipment.filterFields({
        body: { pageSize: 100, selectFields: ['mfg', 'department'], isFollowed: true } as never,
      }),
    );
    expect(result.mfg).toContain('PerkinElmer');
    expect(new Set(result.mfg).size).toBe(result.mfg!.length);
    expect(result.department!.length).toBeLessThanOrEqual(100);
  });

  it("narrows by the other columns' filters but not by its own", async () => {
    const result = resultOf<Record<string, (string | null)[]>>(
      await acme.equipment.filterFields({
        body: {
          pageSize: 100,
          selectFields: ['mfg', 'model'],
          isFollowed: true,
          filterSettings: [{ field: 'mfg', operator: FilterOperator.In, value: ['Agilent'] }],
        } as never,
      }),
    );
    expect(result.mfg!.length).toBeGreaterThan(1);
    expect(result.model!.sort()).toEqual(['1260 Infinity II', '7890B']);
  });
});

describe('POST Equipment/FilterFields along the column indexes', () => {
  it('gives the same values as reading every row, blanks first, page after page', async () => {
    const expected = await db()
      .selectFrom('equipment')
      .select('room')
      .distinct()
      .where('customer_id', '=', await acmeCustomerId())
      .where(sql<boolean>`follower_ids @> array[${acmeUserId}]::integer[]`)
      .where('building', '=', 'Building A')
      .orderBy('room')
      .execute();
    const pages: (string | null)[] = [];
    for (let pageIndex = 0; pageIndex < 20; pageIndex++) {
      const result = resultOf<Record<string, (string | null)[]>>(
        await acme.equipment.filterFields({
          body: {
            pageSize: 7,
            pageIndex,
            selectFields: ['room'],
            isFollowed: true,
            filterSettings: [{ field: 'building', operator: FilterOperator.In, value: ['Building A'] }],
          } as never,
        }),
      );
      pages.push(...result.room!);
      if (result.room!.length < 7) break;
    }
    expect(pages).toEqual(expected.map((r) => r.room));
    await db()
      .updateTable('equipment')
      .set({ room: null })
      .where(
        'id',
        '=',
        (
          await list(acme, {
            filterSettings: [{ field: 'building', operator: FilterOperator.In, value: ['Building A'] }],
          })
        ).items[0]!.equipmentId,
      )
      .execute();
    const withBlank = resultOf<Record<string, (string | null)[]>>(
      await acme.equipment.filterFields({
        body: {
          pageSize: 100,
          selectFields: ['room'],
          isFollowed: true,
          filterSettings: [{ field: 'building', operator: FilterOperator.In, value: ['Building A'] }],
        } as never,
      }),
    );
    expect(withBlank.room![0]).toBeNull();
  });
});

describe('GET Equipment/fieldOption', () => {
  it('lists distinct values containing the keyword', async () => {
    const result = resultOf<{ fieldOptions: string[] }>(
      await acme.equipment.fieldOption({ query: { optionType: 'model', keyword: 'lambda' } }),
    );
    expect(result.fieldOptions).toEqual(['LAMBDA 365']);
    const full = resultOf<{ items: string[] }>(
      await acme.equipment.fieldOption({ query: { optionType: 'mfg', fullList: true } }),
    );
    expect(full.items).toContain('Agilent');
  });
});

describe('POST Equipment/export', () => {
  it('writes a real workbook with the visible columns in their order, filtered and sorted', async () => {
    const filterSettings = [{ field: 'mfg', operator: FilterOperator.In, value: ['Agilent'] }];
    const res = await acme.equipment.export({
      body: {
        isFollowed: true,
        filterSettings,
        orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
        layoutContent: {
          columnOrderKeys: ['serial', 'model', 'mfg', 'instDate', 'location.city'],
          columnShowKeys: ['mfg', 'serial', 'instDate', 'location.city'],
          columnHeaders: { serial: 'Serial number', mfg: 'Make', instDate: 'Installed on', 'location.city': 'City' },
        },
      } as never,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Product_\d{8}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as unknown as Buffer as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'serial', 'mfg', 'instDate', 'location.city']);
    expect(sheet.getRow(1).hidden).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Serial number', 'Make', 'Installed on', 'City']);
    const page = await list(acme, { filterSettings, pageSize: 1000 });
    expect(sheet.rowCount - 2).toBe(page.totalCount);
    const serials: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 2) {
        expect(row.getCell(2).value).toBe('Agilent');
        expect(row.getCell(3).value).toBeInstanceOf(Date);
        expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd');
        expect(row.getCell(2).numFmt).toBeUndefined();
        serials.push(String(row.getCell(1).value));
      }
    });
    expect(serials).toEqual([...serials].sort());
  });

  it('streams a large export: the first bytes leave before the last rows are read', async () => {
    // A client that reads slowly gets the file in parts as it is written, not one blob at the end.
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/Equipment/export',
      headers: { 'x-xsrf-token': acmeAgent.jar.get('XSRF-TOKEN')!, 'content-type': 'application/json' },
      cookies: Object.fromEntries(acmeAgent.jar),
      payload: {
        isFollowed: true,
        layoutContent: { columnOrderKeys: ['serial', 'mfg'], columnShowKeys: ['serial', 'mfg'], columnHeaders: {} },
      },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as never);
    expect(workbook.worksheets[0]!.rowCount).toBeGreaterThan(2);
  });

  const serialsOf = async (body: Blob) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as Buffer as never);
    const serials: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 2) serials.push(String(row.getCell(1).value));
    });
    return serials;
  };
  const exportOf = async (client: InjectClient, body: Record<string, unknown>) =>
    client.equipment.export({
      body: {
        isFollowed: true,
        orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
        layoutContent: { columnOrderKeys: ['serial'], columnShowKeys: ['serial'], columnHeaders: {} },
        ...body,
      } as never,
    });

  it('exports only the selected rows of the list, in its order', async () => {
    const page = await list(acme, {
      pageSize: 10,
      orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
    });
    const chosen = [page.items[7]!, page.items[2]!, page.items[4]!];
    const res = await exportOf(acme, { equipmentIds: chosen.map((e) => e.equipmentId) });
    expect(res.status).toBe(200);
    expect(await serialsOf(res.body as Blob)).toEqual(
      page.items.filter((e) => chosen.includes(e)).map((e) => e.serial),
    );
  });

  it("never exports another customer's instruments, even named by id", async () => {
    const acmeRows = (await list(acme, { pageSize: 3 })).items.map((e) => e.equipmentId);
    const globexRows = (await list(globex, { pageSize: 3 })).items;
    expect(globexRows.length).toBeGreaterThan(0);
    const res = await exportOf(globex, { equipmentIds: [...acmeRows, globexRows[0]!.equipmentId] });
    expect(res.status).toBe(200);
    expect(await serialsOf(res.body as Blob)).toEqual([globexRows[0]!.serial]);
    const none = await exportOf(globex, { equipmentIds: acmeRows });
    expect(await serialsOf(none.body as Blob)).toEqual([]);
  });

  it('refuses an empty, oversized or malformed selection', async () => {
    const tooMany = Array.from({ length: MAX_SELECTED_ROWS + 1 }, (_, i) => i + 1);
    for (const equipmentIds of [[], tooMany, [0], [-3], [1.5], ['1'], [2 ** 31]]) {
      expect((await exportOf(acme, { equipmentIds })).status).toBe(400);
    }
    const most = Array.from({ length: MAX_SELECTED_ROWS }, (_, i) => i + 1);
    expect((await exportOf(acme, { equipmentIds: most })).status).toBe(200);
  });

  it('refuses a column that is not an equipment field', async () => {
    const res = await acme.equipment.export({
      body: {
        layoutContent: { columnOrderKeys: ['password_hash'], columnShowKeys: ['password_hash'], columnHeaders: {} },
      } as never,
    });
    expect(res.status).toBe(400);
  });
});
