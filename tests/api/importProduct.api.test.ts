import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import {
  IMPORT_FIELD_ERROR_CODE,
  ImportFailure,
  ImportProductServerMessage,
  type ImportProductCompleted,
  type ImportProductProgress,
} from '../../contract/importProduct';
import { IMPORT_FILE_MAX_BYTES } from '../../contract/limits';
import { SESSION_COOKIE } from '../../api-mock/src/lib/cookieNames';
import { startApiServer } from '../support/apiServer';
import { cookieOf, openHub } from '../support/hubSocket';
import { signedIn } from '../support/injectClient';
import { xlsOf } from '../support/xlsFiles';
import { zipBomb } from '../support/zipFiles';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

/** A hub connection of a new session of the user, or another tab of the session given. */
async function hubOf(email: string, session?: Awaited<ReturnType<typeof signedIn>>) {
  const { jar } = session ?? (await signedIn(server.app, email));
  const socket = await openHub(server.app, { cookie: cookieOf(jar) });
  const progress: number[] = [];
  const completed: ImportProductCompleted[] = [];
  const waiting: Array<(m: ImportProductCompleted) => void> = [];
  socket.on('message', (data) => {
    const parsed = ImportProductServerMessage.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) return;
    if (parsed.data.type === 'ImportProductProgress') progress.push((parsed.data as ImportProductProgress).progress);
    else {
      const next = waiting.shift();
      if (next) next(parsed.data);
      else completed.push(parsed.data);
    }
  });
  const nextCompleted = () =>
    new Promise<ImportProductCompleted>((resolve) => {
      const ready = completed.shift();
      if (ready) resolve(ready);
      else waiting.push(resolve);
    });
  const send = (locationId: number, content: Buffer) =>
    socket.send(
      JSON.stringify({
        type: 'importProduct',
        locationId,
        fileContent: content.toString('base64'),
        xsrfToken: jar.get('XSRF-TOKEN'),
      }),
    );
  const importFile = async (locationId: number, content: Buffer) => {
    send(locationId, content);
    return nextCompleted();
  };
  const user = await db()
    .selectFrom('users')
    .select(['id', 'customer_id', 'location_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { socket, progress, importFile, send, nextCompleted, user, jar };
}

/** An import file as the template lays it out: field names in row 1, headers in row 2, data from row 3. */
async function workbookFile(fields: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(fields);
  sheet.addRow(fields.map((f) => f.toUpperCase()));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const locationsOf = (customerId: number) =>
  db().selectFrom('locations').select('id').where('customer_id', '=', customerId).orderBy('id').execute();

describe('importProduct over the hub /signalr', () => {
  it('saves the valid rows as user-added equipment on the user list and reports the others by Excel row', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const [, second] = await locationsOf(hub.user.customer_id);
    await db().updateTable('users').set({ has_linked_equipment: false }).where('id', '=', hub.user.id).execute();
    const year = new Date().getFullYear();
    const file = await workbookFile(
      [
        'mfg',
        'model',
        'serial',
        'classification',
        'contactEmail',
        'contactPhone',
        'instDate',
        'osGxpFlag',
        'equipConstrYear',
        'equipConstrMonth',
      ],
      [
        [
          'Import Make',
          'Model A',
          'IMP-0001',
          'b',
          'lab@example.com',
          '+1 (555) 010-2000',
          new Date('2024-03-05'),
          'yes',
          year,
          4,
        ],
        [],
        ['Import Make', 'Model B', 12345678, 'Z', 'not-an-email', 'call me', '2024-02-30', 'maybe', year + 20, 13],
        ['', 'Model C'],
        ['Import Make', 'Model D', 'IMP-0004', null, null, null, '2023-12-01', 0],
      ],
    );
    const before = await db()
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();

    const done = await hub.importFile(second!.id, file);

    expect(done).toEqual({
      type: 'ImportProductCompleted',
      errorCode: 0,
      importedCount: 2,
      result: {
        '5': [
          ErrorCode.ImportInvalidPrimaryUserPhone,
          ErrorCode.ImportInvalidPrimaryUserEmail,
          ErrorCode.ImportInvalidInstalledOn,
          ErrorCode.ImportInvalidConstructionYear,
          ErrorCode.ImportInvalidConstructionMonth,
          ErrorCode.ImportInvalidClassification,
          ErrorCode.ImportInvalidGxp,
        ].sort((a, b) => order(a) - order(b)),
        '6': [IMPORT_FIELD_ERROR_CODE.mfg],
      },
    });
    expect(hub.progress.at(-1)).toBe(100);
    expect(hub.progress).toEqual([...hub.progress].sort((a, b) => a - b));

    const saved = await db()
      .selectFrom('equipment')
      .selectAll()
      .where('mfg', '=', 'Import Make')
      .orderBy('id')
      .execute();
    expect(saved.map((e) => e.model)).toEqual(['Model A', 'Model D']);
    expect(saved[0]).toMatchObject({
      customer_id: hub.user.customer_id,
      location_id: second!.id,
      data_source_id: USER_ADDED_DATA_SOURCE_ID,
      created_by: hub.user.id,
      serial: 'IMP-0001',
      classification: 'B',
      contact_email: 'lab@example.com',
      contact_phone: '+1 (555) 010-2000',
      inst_date: '2024-03-05',
      os_gxp_flag: true,
      equip_constr_year: year,
      equip_constr_month: 4,
    });
    expect(saved[1]).toMatchObject({ os_gxp_flag: false, inst_date: '2023-12-01', classification: null });
    const linked = await db()
      .selectFrom('user_equipment')
      .select('equipment_id')
      .where('user_id', '=', hub.user.id)
      .where(
        'equipment_id',
        'in',
        saved.map((e) => e.id),
      )
      .execute();
    expect(linked).toHaveLength(2);
    const user = await db()
      .selectFrom('users')
      .select('has_linked_equipment')
      .where('id', '=', hub.user.id)
      .executeTakeFirstOrThrow();
    expect(user.has_linked_equipment).toBe(true);

    const events = await db()
      .selectFrom('events')
      .selectAll()
      .where('event_type', '=', 'EquipmentImported')
      .where('actor_id', '=', hub.user.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ importedCount: 2, failedRows: [5, 6], locationId: second!.id });
    const after = await db()
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    // one batch saved, then the outcome
    expect(after.n).toBe(before.n + 2);

    hub.socket.close();
  });

  it('reads an exported file back: read-only and unknown columns are ignored, pick-lists match in any case', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    const file = await workbookFile(
      ['equipmentId', 'mfg', 'model', 'location.city', 'documentCount', 'somethingElse', 'priorityD', 'isComputer'],
      [[999999, 'Roundtrip', 'RT-1', 'Atlantis', 7, 'x', 'HIGH', true]],
    );
    const done = await hub.importFile(location!.id, file);
    expect(done).toMatchObject({ errorCode: 0, importedCount: 1, result: {} });
    const row = await db().selectFrom('equipment').selectAll().where('mfg', '=', 'Roundtrip').executeTakeFirstOrThrow();
    expect(row.id).not.toBe(999999);
    expect(row).toMatchObject({ location_id: location!.id, document_count: 0, priority_d: 'high', is_computer: true });
    hub.socket.close();
  });

  it('imports an Excel 97-2003 (.xls) file as it imports the same rows saved as .xlsx, errors by row included', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    const xlsx = await workbookFile(
      ['mfg', 'model', 'serial', 'classification', 'contactEmail', 'instDate', 'osGxpFlag', 'equipConstrYear'],
      [
        ['Legacy Make', 'Model X', 'XLS-0001', 'b', 'lab@example.com', new Date('2024-03-05'), 'yes', 2020],
        [],
        ['Legacy Make', 'Model Y', 87654321, 'Z', 'not-an-email', '2024-02-30', 'maybe', 2020],
        ['', 'Model Z'],
        ['Legacy Make', 'Model W', 'XLS-0004', null, null, '2023-12-01', false, 2019],
      ],
    );
    const xls = await xlsOf(xlsx);
    expect(xls.subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));

    const fromXls = await hub.importFile(location!.id, xls);
    const fromXlsx = await hub.importFile(location!.id, xlsx);

    expect(fromXls).toEqual({
      type: 'ImportProductCompleted',
      errorCode: 0,
      importedCount: 2,
      result: {
        '5': [
          ErrorCode.ImportInvalidPrimaryUserEmail,
          ErrorCode.ImportInvalidInstalledOn,
          ErrorCode.ImportInvalidClassification,
          ErrorCode.ImportInvalidGxp,
        ].sort((a, b) => order(a) - order(b)),
        '6': [IMPORT_FIELD_ERROR_CODE.mfg],
      },
    });
    expect(fromXlsx).toEqual(fromXls);
    const saved = await db()
      .selectFrom('equipment')
      .select(['model', 'serial', 'classification', 'contact_email', 'inst_date', 'os_gxp_flag', 'equip_constr_year'])
      .where('mfg', '=', 'Legacy Make')
      .orderBy('id')
      .execute();
    expect(saved).toHaveLength(4);
    expect(saved.slice(0, 2)).toEqual(saved.slice(2));
    expect(saved[0]).toEqual({
      model: 'Model X',
      serial: 'XLS-0001',
      classification: 'B',
      contact_email: 'lab@example.com',
      inst_date: '2024-03-05',
      os_gxp_flag: true,
      equip_constr_year: 2020,
    });
    expect(saved[1]).toMatchObject({ model: 'Model W', inst_date: '2023-12-01', os_gxp_flag: false });
    hub.socket.close();
  }, 60_000);

  it('names each invalid column by its code, texts that are too long included', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    const file = await workbookFile(
      ['mfg', 'model', 'dtype', 'serial', 'vendorEmail', 'vendorTel', 'assetGeniusFlag', 'equipStartUpDate'],
      [['M', 'x'.repeat(81), 'T'.repeat(101), 'S'.repeat(101), 'a@b', 'abc', 'perhaps', 'soon']],
    );
    const done = await hub.importFile(location!.id, file);
    expect(done.importedCount).toBe(0);
    expect(done.result).toEqual({
      '3': [
        IMPORT_FIELD_ERROR_CODE.model,
        ErrorCode.ImportInvalidType,
        IMPORT_FIELD_ERROR_CODE.serial,
        ErrorCode.ImportInvalidServiceCompanyPhone,
        ErrorCode.ImportInvalidServiceCompanyEmail,
        ErrorCode.ImportInvalidStartUpDate,
        ErrorCode.ImportInvalidAssetGeniusFlag,
      ].sort((a, b) => order(a) - order(b)),
    });
    hub.socket.close();
  });

  it('saves nothing when the save fails part-way', async () => {
    const hub = await hubOf('admin@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    const rows = Array.from({ length: 700 }, (_, i) => ['Halfway', `HW-${i}`, i === 650 ? 'BOOM' : `S-${i}`]);
    const file = await workbookFile(['mfg', 'model', 'serial'], rows);
    // A database fault on a row of the second batch, after the first batch is written.
    await sql`create or replace function fail_import() returns trigger language plpgsql as $$
      begin if new.serial = 'BOOM' then raise exception 'injected failure'; end if; return new; end $$`.execute(db());
    await sql`create trigger fail_import before insert on equipment for each row execute function fail_import()`.execute(
      db(),
    );
    const count = () =>
      db()
        .selectFrom('equipment')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('mfg', '=', 'Halfway')
        .executeTakeFirstOrThrow();
    const links = () =>
      db()
        .selectFrom('user_equipment')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', hub.user.id)
        .executeTakeFirstOrThrow();
    const linksBefore = await links();
    try {
      const done = await hub.importFile(location!.id, file);
      expect(done).toMatchObject({ errorCode: ImportFailure.ServerError, importedCount: 0 });
    } finally {
      await sql`drop trigger fail_import on equipment`.execute(db());
    }
    expect((await count()).n).toBe(0);
    expect((await links()).n).toBe(linksBefore.n);
    const events = await db()
      .selectFrom('events')
      .select('id')
      .where('event_type', '=', 'EquipmentImported')
      .where('actor_id', '=', hub.user.id)
      .execute();
    expect(events).toEqual([]);

    // The same file without the fault goes through in full.
    const retry = await hub.importFile(location!.id, file);
    expect(retry).toMatchObject({ errorCode: 0, importedCount: 700 });
    expect((await count()).n).toBe(700);
    hub.socket.close();
  });

  it('refuses a location of another customer', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const globex = await db()
      .selectFrom('customers')
      .select('id')
      .where('customer_folder', '=', 'globex')
      .executeTakeFirstOrThrow();
    const [foreign] = await locationsOf(globex.id);
    const file = await workbookFile(['mfg', 'model'], [['Foreign', 'F-1']]);
    expect(await hub.importFile(foreign!.id, file)).toMatchObject({ errorCode: ImportFailure.Forbidden });
    const saved = await db().selectFrom('equipment').select('id').where('mfg', '=', 'Foreign').execute();
    expect(saved).toEqual([]);
    hub.socket.close();
  });

  it('refuses a customer without product adding', async () => {
    const hub = await hubOf('user@globex.example');
    const [location] = await locationsOf(hub.user.customer_id);
    await db()
      .updateTable('customers')
      .set({ is_product_adding_enabled: false })
      .where('id', '=', hub.user.customer_id)
      .execute();
    try {
      const file = await workbookFile(['mfg', 'model'], [['NotAllowed', 'N-1']]);
      expect(await hub.importFile(location!.id, file)).toMatchObject({ errorCode: ImportFailure.Forbidden });
    } finally {
      await db()
        .updateTable('customers')
        .set({ is_product_adding_enabled: true })
        .where('id', '=', hub.user.customer_id)
        .execute();
    }
    expect(await db().selectFrom('equipment').select('id').where('mfg', '=', 'NotAllowed').execute()).toEqual([]);
    hub.socket.close();
  });

  it('refuses files it cannot import, each with its own code', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    expect(await hub.importFile(location!.id, Buffer.from('mfg,model\nA,B\n'))).toMatchObject({
      errorCode: ImportFailure.NotAWorkbook,
    });
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect(await hub.importFile(location!.id, brokenZip)).toMatchObject({ errorCode: ImportFailure.NotAWorkbook });
    const headersOnly = await workbookFile(['Make', 'Model'], [['A', 'B']]);
    expect(await hub.importFile(location!.id, headersOnly)).toMatchObject({ errorCode: ImportFailure.NoKnownColumns });
    const empty = await workbookFile(['mfg', 'model'], []);
    expect(await hub.importFile(location!.id, empty)).toMatchObject({ errorCode: ImportFailure.NoRows });
    expect(await hub.importFile(location!.id, await zipBomb(120))).toMatchObject({
      errorCode: ImportFailure.UnsafeArchive,
    });
    const tooLarge = Buffer.alloc(IMPORT_FILE_MAX_BYTES + 1);
    expect(await hub.importFile(location!.id, tooLarge)).toMatchObject({ errorCode: ImportFailure.FileTooLarge });
    hub.socket.send(
      JSON.stringify({
        type: 'importProduct',
        locationId: 'x',
        fileContent: '!!',
        xsrfToken: hub.jar.get('XSRF-TOKEN'),
      }),
    );
    expect(await hub.nextCompleted()).toMatchObject({ errorCode: ImportFailure.BadMessage });
    hub.socket.close();
  });

  it('refuses an .xls that is no workbook, one too large and one without known columns, each with its code', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const notAnXls = Buffer.concat([ole2, Buffer.alloc(512)]);
    expect(await hub.importFile(location!.id, notAnXls)).toMatchObject({ errorCode: ImportFailure.NotAWorkbook });
    const xlsTooLarge = Buffer.concat([ole2, Buffer.alloc(IMPORT_FILE_MAX_BYTES)]);
    expect(await hub.importFile(location!.id, xlsTooLarge)).toMatchObject({ errorCode: ImportFailure.FileTooLarge });
    const xlsHeadersOnly = await xlsOf(await workbookFile(['Make', 'Model'], [['A', 'B']]));
    expect(await hub.importFile(location!.id, xlsHeadersOnly)).toMatchObject({
      errorCode: ImportFailure.NoKnownColumns,
    });
    hub.socket.close();
  }, 60_000);

  it('imports one file at a time per connection', async () => {
    const hub = await hubOf('user@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    const file = await workbookFile(['mfg', 'model'], [['Twice', 'T-1']]);
    hub.send(location!.id, file);
    hub.send(location!.id, file);
    const outcomes = [await hub.nextCompleted(), await hub.nextCompleted()];
    expect(outcomes.map((o) => o.errorCode)).toEqual([ImportFailure.Busy, 0]);
    expect(await db().selectFrom('equipment').select('id').where('mfg', '=', 'Twice').execute()).toHaveLength(1);
    hub.socket.close();
  });

  it('imports one file at a time per session, however many tabs it opens; other sessions import meanwhile', async () => {
    const session = await signedIn(server.app, 'manager@acme-labs.example');
    const first = await hubOf('manager@acme-labs.example', session);
    const second = await hubOf('manager@acme-labs.example', session);
    const other = await hubOf('manager@acme-labs.example');
    const [location] = await locationsOf(first.user.customer_id);
    // Sessions are stored by the hash of their cookie's token.
    const sessionId = createHash('sha256').update(session.jar.get(SESSION_COOKIE)!).digest('hex');
    expect(await db().selectFrom('sessions').select('id').where('id', '=', sessionId).execute()).toHaveLength(1);
    // The first tab's import, still running.
    await db()
      .insertInto('hub_jobs')
      .values({
        connection_id: 'first-tab',
        session_id: sessionId,
        kind: 'importProduct',
        message: '{}',
        claimed_at: new Date(),
      })
      .execute();
    const file = await workbookFile(['mfg', 'model'], [['PerSession', 'P-1']]);
    expect(await second.importFile(location!.id, file)).toMatchObject({ errorCode: ImportFailure.Busy });
    expect(await other.importFile(location!.id, file)).toMatchObject({ errorCode: 0 });
    await db().deleteFrom('hub_jobs').where('connection_id', '=', 'first-tab').execute();
    expect(await second.importFile(location!.id, file)).toMatchObject({ errorCode: 0 });
    expect(await db().selectFrom('equipment').select('id').where('mfg', '=', 'PerSession').execute()).toHaveLength(2);
    for (const hub of [first, second, other]) hub.socket.close();
  });

  it('refuses an import once the session has run out while the socket stayed open', async () => {
    const hub = await hubOf('manager@acme-labs.example');
    const [location] = await locationsOf(hub.user.customer_id);
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', hub.user.id)
      .execute();
    const file = await workbookFile(['mfg', 'model'], [['Expired', 'E-1']]);
    expect(await hub.importFile(location!.id, file)).toMatchObject({ errorCode: ImportFailure.NotSignedIn });
    expect(await db().selectFrom('equipment').select('id').where('mfg', '=', 'Expired').execute()).toEqual([]);
    hub.socket.close();
  });
});

/** Codes come back in the template's column order. */
const CODES_IN_ORDER = Object.values(IMPORT_FIELD_ERROR_CODE) as number[];
const order = (code: number) => CODES_IN_ORDER.indexOf(code);
