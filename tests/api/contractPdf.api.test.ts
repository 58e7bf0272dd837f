import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { calendarDayAt, contractNumberOf, contractStatusOf } from '../../contract/contractStatus';
import { USER_ADDED_DATA_SOURCE_ID, USER_ADDED_REFUSAL, type EquipmentDetail } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { CONTRACT_REPORT_OTHERS_MAX } from '../../api-mock/src/contracts/report.queries';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';
import { pdfPages } from '../support/pdfText';

/*
 * GET Equipment/{id}/contract/PDF (spec 2 "Contract section": view contract PDF), on PGlite and (API_DB=postgres)
 * PostgreSQL.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: Awaited<ReturnType<typeof signedIn>>;
let globex: Awaited<ReturnType<typeof signedIn>>;
const db = () => server.database.db;

const DAY = 86_400_000;
const CURRENT = 'C-PDF-CURRENT';
const OLDER = 'C-PDF-OLDER';
/** Acme instruments under CURRENT besides the instrument itself: more than the PDF lists. */
const OTHERS = CONTRACT_REPORT_OTHERS_MAX + 4;

interface Fixture {
  acmeId: number;
  globexId: number;
  instrumentId: number;
  /** Under CURRENT too, but hidden: a customer user does not see it. */
  hiddenId: number;
  withoutContractId: number;
  userAddedId: number;
  globexInstrumentId: number;
  /** The serial of a Globex instrument under a Globex contract with the same number. */
  globexSerial: string;
}
let f: Fixture;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

async function prepare(): Promise<Fixture> {
  const customerId = async (name: string) =>
    (await db().selectFrom('customers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const [acmeId, globexId] = [await customerId('Acme Labs'), await customerId('Globex Corporation')];
  const instruments = (customer: number, limit: number) =>
    db()
      .selectFrom('equipment')
      .select(['id', 'serial'])
      .where('customer_id', '=', customer)
      .where('is_hidden', '=', false)
      .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
      .orderBy('id')
      .limit(limit)
      .execute();
  const acmeRows = await instruments(acmeId, OTHERS + 3);
  const [instrument, hidden, withoutContract, ...others] = acmeRows;
  const [globexInstrument] = await instruments(globexId, 1);
  await db()
    .deleteFrom('equipment_contracts')
    .where(
      'equipment_id',
      'in',
      acmeRows.map((r) => r.id),
    )
    .execute();
  await db().updateTable('equipment').set({ is_hidden: true }).where('id', '=', hidden!.id).execute();

  const contract = (customer: number, number: string, values: Record<string, unknown>) =>
    db()
      .insertInto('contracts')
      .values({ customer_id: customer, vendor_contract_id: number, is_pe_contract: true, ...values } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  const current = await contract(acmeId, CURRENT, {
    po_number: 'PO-4471',
    contract_type: 'ZCSA',
    description: 'Gold service',
    effective_date: day(-200),
    contract_expiry: day(45),
    billing_status: 'PAID',
  });
  const older = await contract(acmeId, OLDER, {
    po_number: 'PO-1180',
    contract_type: 'ZCEW',
    description: 'Warranty',
    effective_date: day(-900),
    contract_expiry: day(-201),
    billing_status: 'OPEN',
  });
  const foreign = await contract(globexId, CURRENT, {
    contract_type: 'ZCSS',
    effective_date: day(-10),
    contract_expiry: day(300),
  });
  const { id: userAddedId } = await db()
    .insertInto('equipment')
    .values({
      customer_id: acmeId,
      location_id: (
        await db()
          .selectFrom('equipment')
          .select('location_id')
          .where('id', '=', instrument!.id)
          .executeTakeFirstOrThrow()
      ).location_id,
      mfg: 'Acme',
      model: 'Own bench scale',
      serial: 'UA-PDF-1',
      data_source_id: USER_ADDED_DATA_SOURCE_ID,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('equipment_contracts')
    .values([
      { equipment_id: instrument!.id, contract_id: current.id },
      { equipment_id: instrument!.id, contract_id: older.id },
      { equipment_id: hidden!.id, contract_id: current.id },
      { equipment_id: userAddedId, contract_id: current.id },
      ...others.map((o) => ({ equipment_id: o.id, contract_id: current.id })),
      { equipment_id: globexInstrument!.id, contract_id: foreign.id },
    ])
    .execute();
  await db()
    .updateTable('equipment')
    .set({ serial: 'GLOBEX-UNDER-SAME-NO' })
    .where('id', '=', globexInstrument!.id)
    .execute();
  return {
    acmeId,
    globexId,
    instrumentId: instrument!.id,
    hiddenId: hidden!.id,
    withoutContractId: withoutContract!.id,
    userAddedId,
    globexInstrumentId: globexInstrument!.id,
    globexSerial: 'GLOBEX-UNDER-SAME-NO',
  };
}

beforeAll(async () => {
  server = await startApiServer();
  acme = await signedIn(server.app, 'user@acme-labs.example');
  globex = await signedIn(server.app, 'user@globex.example');
  f = await prepare();
});
afterAll(() => server.close());

/** GET the PDF as a browser window does: the session cookie, no anti-forgery header. */
const open = (agent: typeof acme | null, path: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/Equipment/${path}`,
    cookies: agent ? Object.fromEntries(agent.jar) : {},
  });
const pdfOf = (id: number, query = '') => open(acme, `${id}/contract/PDF${query}`);
const textOf = async (res: { rawPayload: Buffer }) => (await pdfPages(res.rawPayload)).join(' ');

const enDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${iso}T00:00:00Z`));
const STATUS_WORD = { active: 'Active', expiring: 'Expiring soon', expired: 'Expired' } as const;

describe('GET Equipment/{id}/contract/PDF', () => {
  it('answers the latest contract of an own instrument as an inline PDF with the fields of the API’s record', async () => {
    const detail = resultOf<EquipmentDetail>(
      await acme.client.equipment.detail({ params: { id: f.instrumentId }, query: {} }),
    );
    const record = detail.contractInfoHistory[0]!;
    expect(contractNumberOf(record)).toBe(CURRENT);

    const res = await pdfOf(f.instrumentId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Contract_${CURRENT}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await textOf(res);
    const status = contractStatusOf(record.contractExpiry, calendarDayAt(0))!;
    expect(status).toBe('expiring');
    for (const expected of [
      'Contract',
      `Contract no. ${CURRENT}`,
      record.contractType!,
      'Service',
      STATUS_WORD[status],
      record.poNumber!,
      record.desc!,
      record.billingStatus!,
      enDay(record.effectiveDate!),
      enDay(record.contractExpiry!),
      'Acme Labs',
      detail.serial!,
      detail.mfg!,
      detail.location.city,
      // The history, latest first: the older warranty, expired.
      OLDER,
      'ZCEW',
      'Warranty',
      'Expired',
      'Page 1 of',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Days until the end date\s+45\b/);
  });

  it('lists the customer’s other visible instruments under the same number, the first 50 and how many more', async () => {
    const text = await textOf(await pdfOf(f.instrumentId));
    const listed = await db()
      .selectFrom('equipment')
      .select(['serial'])
      .where('customer_id', '=', f.acmeId)
      .where('is_hidden', '=', false)
      .where('id', '<>', f.instrumentId)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('equipment_contracts')
          .innerJoin('contracts', 'contracts.id', 'equipment_contracts.contract_id')
          .select('equipment_contracts.equipment_id')
          .where('contracts.vendor_contract_id', '=', CURRENT)
          .where('contracts.customer_id', '=', f.acmeId),
      )
      .orderBy('mfg')
      .orderBy('model')
      .orderBy('serial')
      .orderBy('id')
      .execute();
    // The others plus the user-added instrument under the same number; not the hidden one.
    expect(listed).toHaveLength(OTHERS + 1);
    expect(text).toContain('Other instruments under this contract');
    expect(text).toContain(listed[0]!.serial!);
    expect(text).toContain(listed[CONTRACT_REPORT_OTHERS_MAX - 1]!.serial!);
    expect(text).toContain(`… and ${OTHERS + 1 - CONTRACT_REPORT_OTHERS_MAX} more instruments`);
    const hidden = await db()
      .selectFrom('equipment')
      .select('serial')
      .where('id', '=', f.hiddenId)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(hidden.serial!);
    // Another customer's contract with the same number is not this one.
    expect(text).not.toContain(f.globexSerial);
  });

  it('picks a contract of the history by its contractId, labelled in the user’s language', async () => {
    await db()
      .updateTable('users')
      .set({ language_code: 'de' })
      .where('email', '=', 'user@acme-labs.example')
      .execute();
    try {
      const res = await pdfOf(f.instrumentId, `?contractId=${OLDER}&timeZoneDiff=60`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`inline; filename="Contract_${OLDER}.pdf"`);
      const text = await textOf(res);
      for (const expected of ['Vertrag', `Vertragsnr. ${OLDER}`, 'PO-1180', 'Garantie', 'Abgelaufen', 'Seite 1 von'])
        expect(text).toContain(expected);
      // The older contract's number is its own: no other instrument is under it.
      expect(text).toContain('Kein weiteres Ihrer Geräte steht unter diesem Vertrag.');
    } finally {
      await db()
        .updateTable('users')
        .set({ language_code: 'en-us' })
        .where('email', '=', 'user@acme-labs.example')
        .execute();
    }
  });

  it('answers another customer’s or a missing instrument with the 10002 envelope of GET Equipment/{id}', async () => {
    for (const id of [f.globexInstrumentId, 2_000_000_000]) {
      const res = await pdfOf(id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toBeUndefined();
      const detail = await acme.client.equipment.detail({ params: { id }, query: {} });
      expect(res.json()).toEqual(detail.body);
      expect(res.json()).toEqual({ errorCode: ErrorCode.EquipmentNotFound, errorMessage: `No equipment ${id}` });
    }
    // Its own customer reads it.
    const own = await open(globex, `${f.globexInstrumentId}/contract/PDF`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
  });

  it('refuses an instrument the customer added, with the contract request’s refusal', async () => {
    const res = await pdfOf(f.userAddedId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorCode: 400, errorMessage: USER_ADDED_REFUSAL });
  });

  it('answers 404 for an instrument without a contract and for a contractId not in its history', async () => {
    const none = await pdfOf(f.withoutContractId);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ errorCode: 404, errorMessage: `Equipment ${f.withoutContractId} has no contract` });
    // A number of the customer's, but not of this instrument.
    const other = await pdfOf(f.withoutContractId, `?contractId=${CURRENT}`);
    expect(other.statusCode).toBe(404);
    expect((await pdfOf(f.instrumentId, '?contractId=C-NOT-THERE')).statusCode).toBe(404);
  });

  it('answers 400 with the schema’s issue for an id or a contractId that is not one', async () => {
    for (const path of ['abc/contract/PDF', '0/contract/PDF', '99999999999/contract/PDF', '-1/contract/PDF']) {
      const res = await open(acme, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({
        errorCode: 400,
        errorMessage: 'The request does not match the schema',
        issues: [expect.objectContaining({ path: ['id'] })],
      });
    }
    for (const query of [
      `?contractId=${'C'.repeat(31)}`,
      '?contractId=',
      '?contractId=%20%20',
      '?contractId=a&contractId=b',
    ]) {
      const res = await pdfOf(f.instrumentId, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues, query).toEqual([expect.objectContaining({ path: ['contractId'] })]);
    }
    const long = await pdfOf(f.instrumentId, `?contractId=${'C'.repeat(31)}`);
    expect(long.json().issues[0].message).toBe('String must contain at most 30 character(s)');
    expect((await pdfOf(f.instrumentId, '?contractId=%00')).statusCode).toBe(400);
  });

  it('answers 401 without a session, and changes nothing', async () => {
    const anonymous = await open(null, `${f.instrumentId}/contract/PDF`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/json');

    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('events')
            .select(sql<string>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await pdfOf(f.instrumentId)).statusCode).toBe(200);
    expect((await pdfOf(f.userAddedId)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('makes one contract PDF in a bounded time (mean of 10, after a first one)', async () => {
    await pdfOf(f.instrumentId);
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await pdfOf(f.instrumentId);
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`contract PDF (2 pages, ${CONTRACT_REPORT_OTHERS_MAX} other instruments): mean ${mean.toFixed(1)} ms`);
    expect(mean).toBeLessThan(2_000);
  });
});
