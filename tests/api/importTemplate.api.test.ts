import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  IMPORT_FIELD_ROW,
  IMPORT_FIELDS,
  IMPORT_FIRST_DATA_ROW,
  IMPORT_HEADER_ROW,
  IMPORT_TEMPLATE_FILE_NAME,
} from '../../contract/importProduct';
import { XLSX_CONTENT_TYPE } from '../../contract/listQuery';
import { readWorkbookSheet } from '../../api-mock/src/workbook/sheet';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

/* GET Equipment/importTemplate: the import template with the session customer's own field labels as headers. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const GENERIC = { assetId: 'Asset ID', general1: 'General 1', general2: 'General 2', general3: 'General 3' };
const ACME = { assetId: 'Inventory tag', general1: 'Room owner', general2: null, general3: 'Budget line' };
const GLOBEX = { assetId: 'Globex secret tag', general1: 'Globex cost unit', general2: 'Globex G2', general3: null };

const setLabels = (folder: string, l: Record<keyof typeof GENERIC, string | null>) =>
  server.database.db
    .updateTable('customers')
    .set({
      customize_asset_id: l.assetId,
      customize_general1: l.general1,
      customize_general2: l.general2,
      customize_general3: l.general3,
    })
    .where('customer_folder', '=', folder)
    .execute();

beforeEach(async () => {
  await setLabels('acme', { assetId: null, general1: null, general2: null, general3: null });
  await setLabels('globex', GLOBEX);
});

async function templateOf(email: string) {
  const { client } = await signedIn(server.app, email);
  const res = await client.equipment.importTemplate({});
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`);
  const bytes = res.body as unknown as Buffer;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const headerOf = (field: string) =>
    sheet.getRow(IMPORT_HEADER_ROW).getCell(IMPORT_FIELDS.indexOf(field as never) + 1).value;
  return { bytes, workbook, sheet, headerOf };
}

describe('GET Equipment/importTemplate', () => {
  it('has the generic headers while the customer has no labels of its own', async () => {
    const { headerOf, sheet } = await templateOf('user@acme-labs.example');
    for (const [field, header] of Object.entries(GENERIC)) expect(headerOf(field)).toBe(header);
    expect(sheet.getRow(IMPORT_FIELD_ROW).getCell(1).value).toBe('mfg');
    expect(sheet.getRow(IMPORT_FIELD_ROW).hidden).toBe(true);
  });

  it('names the renamed fields by the customer’s labels and the others generically, never another customer’s', async () => {
    await setLabels('acme', ACME);
    const { headerOf, workbook } = await templateOf('user@acme-labs.example');
    expect(headerOf('assetId')).toBe('Inventory tag');
    expect(headerOf('general1')).toBe('Room owner');
    expect(headerOf('general2')).toBe('General 2');
    expect(headerOf('general3')).toBe('Budget line');
    const everyCell: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => everyCell.push(String(cell.value))));
    expect(everyCell.join('\n')).not.toMatch(/Globex/);

    const globex = await templateOf('user@globex.example');
    expect(globex.headerOf('assetId')).toBe('Globex secret tag');
    expect(globex.headerOf('general3')).toBe('General 3');
  });

  it('imports back: a filled row of the customer’s template is read by field, whatever its headers say', async () => {
    await setLabels('acme', ACME);
    const { workbook, sheet } = await templateOf('user@acme-labs.example');
    const row = sheet.getRow(IMPORT_FIRST_DATA_ROW);
    const put = (field: string, value: string) =>
      (row.getCell(IMPORT_FIELDS.indexOf(field as never) + 1).value = value);
    put('mfg', 'Agilent');
    put('model', '1260');
    put('assetId', 'TAG-7');
    put('general1', 'Dr. Who');
    const read = await readWorkbookSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read.rows).toEqual([
      {
        rowNumber: IMPORT_FIRST_DATA_ROW,
        cells: { mfg: 'Agilent', model: '1260', assetId: 'TAG-7', general1: 'Dr. Who' },
      },
    ]);
  });

  it('changes nothing, and needs a session', async () => {
    const before = await server.database.db.selectFrom('customers').selectAll().orderBy('id').execute();
    await templateOf('user@acme-labs.example');
    expect(await server.database.db.selectFrom('customers').selectAll().orderBy('id').execute()).toEqual(before);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/Equipment/importTemplate' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad common query and never serves another customer’s template for a page naming that customer', async () => {
    const agent = await signedIn(server.app, 'user@acme-labs.example');
    const get = (query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/Equipment/importTemplate?${query}`,
        cookies: Object.fromEntries(agent.jar),
      });
    for (const query of ['userCustomerId=-1', 'userCustomerId=abc', `userCustomerId=${'9'.repeat(40)}`]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
    const globex = await server.database.db
      .selectFrom('customers')
      .select('id')
      .where('customer_folder', '=', 'globex')
      .executeTakeFirstOrThrow();
    const other = await get(`userCustomerId=${globex.id}`);
    expect(other.headers['content-type']).not.toBe(XLSX_CONTENT_TYPE);
    expect(other.body).not.toContain('Globex');
  });
});
