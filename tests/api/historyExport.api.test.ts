import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { HISTORY_EXPORT_MAX } from '../../contract/historyExport';
import { csvCell } from '../../api-mock/src/historyExport/historyCsv';
import { appendEvents } from '../../api-mock/src/db/events';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { pdfPages } from '../support/pdfText';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let globex: InjectClient;
let instrument: Equipment;
beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  const { id } = await db()
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .select('equipment.id')
    .where('customers.name', '=', 'Acme Labs')
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id', 'desc')
    .executeTakeFirstOrThrow();
  instrument = resultOf<Equipment>(await manager.equipment.detail({ params: { id }, query: {} } as never));
  const edit = (changes: Record<string, unknown>) =>
    manager.equipment.update({
      body: {
        equipmentId: instrument.equipmentId,
        locationId: instrument.location.locationId,
        mfg: instrument.mfg,
        model: instrument.model,
        serial: instrument.serial,
        building: instrument.building,
        room: 'R-101',
        comments: 'calibrated',
        ...changes,
      } as never,
    });
  resultOf(await edit({}));
  // A value a spreadsheet would take for a formula, and one in another script.
  resultOf(await edit({ room: '=HYPERLINK("http://evil.example")', comments: 'étalonné 校准' }));
});
afterAll(() => server.close());

const db = () => server.database.db;

/** The instrument's events as the chain holds them, oldest first. */
const chainOf = (equipmentId: number) =>
  db()
    .selectFrom('events')
    .select(['id', 'chain_position', sql<string>`encode(chain_hash, 'hex')`.as('hash')])
    .where('entity_type', '=', 'equipment')
    .where('entity_id', '=', String(equipmentId))
    .orderBy('chain_position')
    .execute();

async function csvRows(body: unknown): Promise<string[][]> {
  const bytes = Buffer.from(typeof body === 'string' ? body : (body as Uint8Array));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.read(Readable.from([bytes.subarray(3)]), {
    parserOptions: { delimiter: ',' },
    map: (value: string) => value,
  });
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('GET Equipment/{id}/history/CSV', () => {
  it('holds each changed field as a row with its chain position, hash, time with offset and who', async () => {
    const res = await user.historyExport.equipmentCsv({
      params: { id: instrument.equipmentId },
      query: { timeZoneDiff: 60 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="History_.+\.csv"$/);
    const [header, ...rows] = await csvRows(res.body);
    expect(header).toEqual([
      'Chain position',
      'Hash',
      'Event ID',
      'When',
      'Time zone',
      'Who',
      'What',
      'Concerning',
      'Field name',
      'Field',
      'From',
      'To',
    ]);
    const chain = await chainOf(instrument.equipmentId);
    const last = chain.at(-1)!;
    const room = rows.find((r) => r[2] === String(last.id) && r[8] === 'room')!;
    expect(room).toBeDefined();
    expect(room[0]).toBe(String(last.chain_position));
    expect(last.hash.startsWith(room[1]!)).toBe(true);
    expect(room[3]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
    expect(room[4]).toBe('UTC+01:00');
    expect(room.slice(5, 7)).toEqual(['Mark Manager', 'Instrument edited']);
    expect(room.slice(9)).toEqual(['Room', 'R-101', `'=HYPERLINK("http://evil.example")`]);
    expect(rows).toContainEqual(expect.arrayContaining(['comments', 'calibrated', 'étalonné 校准']));
    // Oldest first, in chain order.
    const positions = rows.map((r) => Number(r[0]));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('never starts a cell with a formula character', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      'plain',
    ]);
  });

  it('a user of another customer gets errorCode 10002, in JSON, and no file', async () => {
    const res = await globex.historyExport.equipmentCsv({ params: { id: instrument.equipmentId }, query: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
  });

  it('refuses a bad id (400) and a caller not signed in (401)', async () => {
    const bad = await user.historyExport.equipmentCsv({ params: { id: 'x' as never }, query: {} });
    expect(bad.status).toBe(400);
    const outsider = await server.app.inject({
      method: 'GET',
      url: `/api/Equipment/${instrument.equipmentId}/history/CSV`,
    });
    expect(outsider.statusCode).toBe(401);
  });
});

describe('GET Equipment/{id}/history/PDF', () => {
  it('prints the changes with their chain positions and hashes, in the user’s offset', async () => {
    const res = await user.historyExport.equipmentPdf({
      params: { id: instrument.equipmentId },
      query: { timeZoneDiff: -300 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfPages(res.body as unknown as Uint8Array)).join(' ');
    const last = (await chainOf(instrument.equipmentId)).at(-1)!;
    expect(text).toContain('Instrument history');
    expect(text).toContain('Times in UTC-05:00');
    expect(text).toContain(String(last.chain_position));
    expect(text).toContain(last.hash.slice(0, 8));
    expect(text).toContain('Mark Manager');
    expect(text).toContain('Room');
    expect(text).toContain('R-101');
    expect(text).toContain('calibrated');
  });

  it('a user of another customer gets errorCode 10002 and no PDF', async () => {
    const res = await globex.historyExport.equipmentPdf({ params: { id: instrument.equipmentId }, query: {} });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
  });

  it(`an instrument with more than ${HISTORY_EXPORT_MAX} entries is refused rather than exported in part`, async () => {
    const { id } = await db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select(['equipment.id', 'equipment.customer_id'])
      .where('customers.name', '=', 'Acme Labs')
      .where('equipment.is_hidden', '=', false)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    const customerId = (
      await db().selectFrom('equipment').select('customer_id').where('id', '=', id).executeTakeFirstOrThrow()
    ).customer_id;
    await appendEvents(
      db(),
      Array.from({ length: HISTORY_EXPORT_MAX + 1 }, (_, i) => ({
        customerId,
        actorId: null,
        entityType: 'equipment',
        entityId: id,
        eventType: 'equipment.updated',
        payload: { i },
      })),
    );
    const pdf = await user.historyExport.equipmentPdf({ params: { id }, query: {} });
    const csv = await user.historyExport.equipmentCsv({ params: { id }, query: {} });
    expect([pdf.status, csv.status]).toEqual([400, 400]);
  });
});
