import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { LABEL_CODE_PATTERN, LABEL_LINK_PATH, LABEL_SHEET_MAX, type LabelLayout } from '../../contract/labels';
import { labelBox, QR_OPTIONS, QUIET_MODULES } from '../../api-mock/src/reports/labelSheet';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';
import { pdfPages } from '../support/pdfText';
import { TEST_PUBLIC_ORIGIN } from '../support/testServer';

/* QR labels (issue 38): the label sheet and the lookup of a scanned code, on PGlite and (API_DB=postgres) PostgreSQL. */

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: Awaited<ReturnType<typeof signedIn>>;
let acmeManager: Awaited<ReturnType<typeof signedIn>>;
let globex: Awaited<ReturnType<typeof signedIn>>;
const db = () => server.database.db;

interface Instrument {
  id: number;
  serial: string | null;
  mfg: string;
  model: string;
  pki_tag: string | null;
}
let acmeRows: Instrument[];
let globexRow: Instrument;
let hiddenId: number;
let acmeId: number;
let globexId: number;

const instruments = (customer: number, limit: number) =>
  db()
    .selectFrom('equipment')
    .select(['id', 'serial', 'mfg', 'model', 'pki_tag'])
    .where('customer_id', '=', customer)
    .where('is_hidden', '=', false)
    .orderBy('id')
    .limit(limit)
    .execute();

beforeAll(async () => {
  server = await startApiServer();
  const customerId = async (name: string) =>
    (await db().selectFrom('customers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  [acmeId, globexId] = [await customerId('Acme Labs'), await customerId('Globex Corporation')];
  const rows = await instruments(acmeId, 20);
  hiddenId = rows.pop()!.id;
  await db().updateTable('equipment').set({ is_hidden: true }).where('id', '=', hiddenId).execute();
  // Every label shows its own serial and inventory ID, in a shape pdf text can find.
  for (const [i, row] of rows.entries()) {
    row.serial = `QRL-SN-${String(i).padStart(3, '0')}`;
    row.pki_tag = `INV-${String(i).padStart(3, '0')}`;
    await db()
      .updateTable('equipment')
      .set({ serial: row.serial, pki_tag: row.pki_tag })
      .where('id', '=', row.id)
      .execute();
  }
  acmeRows = rows;
  globexRow = (await instruments(globexId, 1))[0]!;
  acme = await signedIn(server.app, 'user@acme-labs.example');
  acmeManager = await signedIn(server.app, 'manager@acme-labs.example');
  globex = await signedIn(server.app, 'user@globex.example');
}, 120_000);
afterAll(() => server.close());

const sheet = (who: typeof acme, equipmentIds: number[], layout: LabelLayout = 'a4-l7163') =>
  who.client.labels.labelSheet({ body: { equipmentIds, layout } });
const pdfBytes = (res: { body: unknown }) => res.body as Buffer;
const codeOf = async (equipmentId: number) =>
  (await db().selectFrom('equipment_labels').select('code').where('equipment_id', '=', equipmentId).executeTakeFirst())
    ?.code;
const resolve = (who: typeof acme, code: string) => who.client.labels.resolveLabel({ params: { code } });

/** The page sizes of a PDF in points, from its MediaBox entries. */
const mediaBoxes = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [
    Math.round(Number(m[1])),
    Math.round(Number(m[2])),
  ]);

/** A binary PGM (P5, 8 bits) as pdftoppm -gray writes it: width and one byte per pixel. */
function greyImage(pgm: Buffer) {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  return { width: Number(header[1]), data: pgm.subarray(header[0].length) };
}

/**
 * The dark and light modules of label `index`'s QR code on page `page`, read from the page drawn by pdftoppm at
 * 300 dpi in grey: each module's centre pixel.
 */
function qrModulesOnPage(pdf: Buffer, layout: LabelLayout, index: number, size: number): boolean[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'qrl-'));
  try {
    const box = labelBox(layout, index);
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    const page = String(box.page + 1);
    execFileSync('pdftoppm', ['-gray', '-r', '300', '-f', page, '-l', page, '-singlefile', 'sheet.pdf', 'page'], {
      cwd: dir,
    });
    const image = greyImage(readFileSync(path.join(dir, 'page.pgm')));
    const scale = 300 / 72;
    const unit = box.qr.size / (size + 2 * QUIET_MODULES);
    const modules: boolean[][] = [];
    for (let row = 0; row < size; row++) {
      const line: boolean[] = [];
      for (let col = 0; col < size; col++) {
        const x = Math.round((box.qr.x + (QUIET_MODULES + col + 0.5) * unit) * scale);
        const y = Math.round((box.qr.y + (QUIET_MODULES + row + 0.5) * unit) * scale);
        line.push(image.data[y * image.width + x]! < 128);
      }
      modules.push(line);
    }
    return modules;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const matrixOf = (link: string) => {
  const { modules } = QRCode.create(link, QR_OPTIONS);
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1),
  );
};

describe('the label sheet', () => {
  it('prints one instrument’s label with its serial, make and model, inventory ID, and a QR code of its label link', async () => {
    const [first] = acmeRows;
    expect(await codeOf(first!.id)).toBeUndefined();
    const res = await sheet(acme, [first!.id]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Labels_a4-l7163.pdf"');
    const pdf = pdfBytes(res);
    const [text] = await pdfPages(pdf);
    expect(text).toContain(first!.serial!);
    expect(text).toContain(first!.mfg);
    expect(text).toContain(first!.model);
    expect(text).toContain(first!.pki_tag!);
    // The link names the public origin and a random code, never the instrument's id.
    const code = (await codeOf(first!.id))!;
    expect(code).toMatch(LABEL_CODE_PATTERN);
    const link = `${TEST_PUBLIC_ORIGIN}${LABEL_LINK_PATH}${code}`;
    // The link is the label path and the code alone: no segment or parameter carries the id.
    expect(new URL(link).pathname.split('/')).toEqual(['', 'app', 'label', code]);
    expect(new URL(link).search).toBe('');
    const expected = matrixOf(link);
    expect(qrModulesOnPage(pdf, 'a4-l7163', 0, expected.length)).toEqual(expected);
    // Issuing the code is the change of this POST, with its event.
    const events = await db()
      .selectFrom('events')
      .select(['event_type', 'customer_id'])
      .where('entity_type', '=', 'equipmentLabel')
      .where('entity_id', '=', String(first!.id))
      .execute();
    expect(events).toEqual([{ event_type: 'equipmentLabel.issued', customer_id: acmeId }]);
  });

  it('prints a selection on A4 Avery L7163 pages of 14, every label present, and keeps each instrument’s code', async () => {
    const ids = acmeRows.map((r) => r.id);
    const before = await codeOf(ids[0]!);
    const res = await sheet(acmeManager, ids);
    expect(res.status).toBe(200);
    const pdf = pdfBytes(res);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(Math.ceil(ids.length / 14));
    expect(mediaBoxes(pdf).every(([w, h]) => w === 595 && h === 842)).toBe(true);
    for (const row of acmeRows) {
      const page = pages[Math.floor(acmeRows.indexOf(row) / 14)]!;
      expect(page).toContain(row.serial!);
      expect(page).toContain(row.model);
    }
    // A reprint carries the code already on the bench.
    expect(await codeOf(ids[0]!)).toBe(before);
    const codes = await Promise.all(ids.map(codeOf));
    expect(new Set(codes).size).toBe(ids.length);
    // The 16th label: page 2, second slot; its QR code holds its own link.
    const link = `${TEST_PUBLIC_ORIGIN}${LABEL_LINK_PATH}${codes[15]!}`;
    const expected = matrixOf(link);
    expect(qrModulesOnPage(pdf, 'a4-l7163', 15, expected.length)).toEqual(expected);
  });

  it('prints US Letter Avery 5163 pages of 10', async () => {
    const ids = acmeRows.slice(0, 12).map((r) => r.id);
    const res = await sheet(acme, ids, 'letter-5163');
    expect(res.status).toBe(200);
    const pdf = pdfBytes(res);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(mediaBoxes(pdf).every(([w, h]) => w === 612 && h === 792)).toBe(true);
    expect(pages[1]).toContain(acmeRows[10]!.serial!);
    const link = `${TEST_PUBLIC_ORIGIN}${LABEL_LINK_PATH}${(await codeOf(ids[11]!))!}`;
    const expected = matrixOf(link);
    expect(qrModulesOnPage(pdf, 'letter-5163', 11, expected.length)).toEqual(expected);
  });

  it('refuses a selection with another customer’s or a hidden instrument as not found, issuing nothing', async () => {
    const fresh = acmeRows.at(-1)!.id;
    await db().deleteFrom('equipment_labels').where('equipment_id', '=', fresh).execute();
    for (const foreign of [globexRow.id, hiddenId]) {
      const res = await sheet(acme, [fresh, foreign]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    }
    expect(await codeOf(fresh)).toBeUndefined();
    expect(await codeOf(globexRow.id)).toBeUndefined();
  });

  it('refuses more than the bounded selection, duplicates, no instruments and an unknown layout (400)', async () => {
    const many = Array.from({ length: LABEL_SHEET_MAX + 1 }, (_, i) => i + 1);
    for (const body of [
      { equipmentIds: many, layout: 'a4-l7163' },
      { equipmentIds: [acmeRows[0]!.id, acmeRows[0]!.id], layout: 'a4-l7163' },
      { equipmentIds: [], layout: 'a4-l7163' },
      { equipmentIds: [acmeRows[0]!.id], layout: 'a5-custom' },
      { equipmentIds: [acmeRows[0]!.id], layout: 'a4-l7163', extra: 1 },
    ]) {
      const res = await acme.client.labels.labelSheet({ body: body as never });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('is for signed-in users only', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/EquipmentLabel/PDF',
      payload: { equipmentIds: [acmeRows[0]!.id], layout: 'a4-l7163' },
    });
    expect([401, 403]).toContain(res.statusCode);
  });
});

describe('a scanned label code', () => {
  it('opens the instrument for the users of its customer', async () => {
    const code = (await codeOf(acmeRows[0]!.id))!;
    for (const who of [acme, acmeManager]) {
      const res = await resolve(who, code);
      expect(res.body).toEqual({ errorCode: 0, result: { equipmentId: acmeRows[0]!.id } });
    }
  });

  it('is refused to another customer exactly as an unknown code is, and a hidden instrument’s too', async () => {
    const code = (await codeOf(acmeRows[0]!.id))!;
    await db()
      .insertInto('equipment_labels')
      .values({ equipment_id: hiddenId, code: 'hiddenHiddenHiddenHidd' })
      .execute();
    const foreign = await resolve(globex, code);
    const unknown = await resolve(globex, 'AAAAAAAAAAAAAAAAAAAAAA');
    const hidden = await resolve(acme, 'hiddenHiddenHiddenHidd');
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ errorCode: ErrorCode.EquipmentNotFound, errorMessage: 'No such instrument' });
    expect(unknown.body).toEqual(foreign.body);
    expect(hidden.body).toEqual(foreign.body);
    expect(foreign.headers.get('content-length')).toBe(unknown.headers.get('content-length'));
  });

  it('is refused to a provider user switched to another customer, and opens once switched to the label’s', async () => {
    const code = (await codeOf(acmeRows[0]!.id))!;
    const pe = await signedIn(server.app, 'pe@provider.example');
    await pe.client.customers.switchCustomer({ params: { customerId: globexId }, body: {} });
    expect((await resolve(pe, code)).body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    await pe.client.customers.switchCustomer({ params: { customerId: acmeId }, body: {} });
    expect((await resolve(pe, code)).body).toEqual({ errorCode: 0, result: { equipmentId: acmeRows[0]!.id } });
  });

  it('checks the length before the letters, and answers 400 for a malformed code', async () => {
    for (const bad of ['short', 'A'.repeat(23), 'A'.repeat(90), `${'A'.repeat(21)}!`, `${'A'.repeat(21)}.`]) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/EquipmentLabel/${encodeURIComponent(bad)}`,
        cookies: Object.fromEntries(acme.jar),
      });
      expect(res.statusCode, bad.slice(0, 30)).toBe(400);
    }
    const long = await server.app.inject({
      method: 'GET',
      url: `/api/EquipmentLabel/${'!'.repeat(90)}`,
      cookies: Object.fromEntries(acme.jar),
    });
    expect(long.statusCode).toBe(400);
    expect((long.json() as { issues: { code: string }[] }).issues[0]).toMatchObject({ code: 'too_big' });
  });

  it('changes nothing when looked up', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await resolve(acme, (await codeOf(acmeRows[0]!.id))!);
    await resolve(globex, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(await count()).toBe(before);
  });
});
