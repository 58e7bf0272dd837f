import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import {
  CONTRACT_FILTER_VALUE_MAX,
  CONTRACT_FILTER_VALUES_MAX,
  CONTRACT_PAGE_SIZE_MAX,
  type Contract,
  type ContractSortField,
} from '../../contract/contracts';
import { SERVICE_CONTRACT_TYPES, WARRANTY_CONTRACT_TYPES } from '../../contract/equipment';
import { OrderType } from '../../contract/listQuery';
import { AccessCode } from '../../contract/permissions';
import { createContract } from '../factories/contract';
import { seededFaker } from '../factories/random';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let globex: InjectClient;
const customers: Record<string, number> = {};
const db = () => server.database.db;

/** Contracts of Acme Labs this file adds to the demo world's, so every filter and page has something to find. */
const MARKED = {
  /** Starts on the first day of 2025 and ends on its last: on both ends of a 2025 range. */
  yearStart: 'CT-EDGE-START',
  yearEnd: 'CT-EDGE-END',
  /** Entered with an instrument: the other vendor's contract, no PO number, no billing. */
  vendor: 'VND-77-ALPHA',
  /** Holds LIKE wildcards, which a filter value must take literally. */
  wildcard: 'CT_100%',
};

beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  for (const c of await db().selectFrom('customers').select(['id', 'customer_folder']).execute()) {
    customers[c.customer_folder] = c.id;
  }
  const f = seededFaker(4242);
  const acmeId = customers.acme!;
  await db()
    .insertInto('contracts')
    .values([
      ...Array.from({ length: 40 }, () => createContract(f, { customer_id: acmeId })),
      createContract(f, {
        customer_id: acmeId,
        vendor_contract_id: MARKED.yearStart,
        effective_date: '2025-01-01',
        contract_expiry: '2025-12-31',
        created_time: new Date('2024-12-01T09:30:00Z'),
      }),
      createContract(f, {
        customer_id: acmeId,
        vendor_contract_id: MARKED.yearEnd,
        effective_date: '2025-12-31',
        contract_expiry: '2026-12-30',
        created_time: new Date('2024-12-02T23:30:00Z'),
      }),
      createContract(f, {
        customer_id: acmeId,
        vendor_contract_id: MARKED.vendor,
        po_number: null,
        is_pe_contract: false,
        billing_status: null,
        billing_date: null,
      }),
      createContract(f, { customer_id: acmeId, vendor_contract_id: MARKED.wildcard }),
    ])
    .execute();
});
afterAll(() => server.close());

interface Page {
  items: Contract[];
  totalCount: number;
  totalCountExact: boolean;
}

const list = async (client: InjectClient, body: Record<string, unknown> = {}) =>
  resultOf<Page>(await client.contracts.list({ body: { pageIndex: 0, pageSize: 100, ...body } as never }));

const send = (client: InjectClient, body: Record<string, unknown>) =>
  client.contracts.list({ body: { pageIndex: 0, pageSize: 20, ...body } as never });

const contractsOf = (customer: string) =>
  db().selectFrom('contracts').selectAll().where('customer_id', '=', customers[customer]!).execute();

const ids = (items: Contract[]) => items.map((c) => c.vendorContractId);

/** Every contract of Acme matching a filter, read page by page through the API. */
async function everyMatch(filter: Record<string, string[]>): Promise<Contract[]> {
  const first = await list(acme, { filter });
  expect(first.totalCount).toBeLessThanOrEqual(100);
  return first.items;
}

describe('POST contract/list', () => {
  it('pages the contracts of the caller’s customer, those ending last first, without gaps or overlaps', async () => {
    const stored = await contractsOf('acme');
    expect(stored.length).toBeGreaterThan(40);
    const seen: Contract[] = [];
    for (let pageIndex = 0; ; pageIndex++) {
      const page = await list(acme, { pageIndex, pageSize: 7 });
      expect(page.totalCount).toBe(stored.length);
      if (page.items.length === 0) break;
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items);
    }
    expect(seen.map((c) => c.vendorContractId).sort()).toEqual(stored.map((c) => c.vendor_contract_id).sort());
    const ends = seen.map((c) => c.contractExpiry!);
    expect(ends).toEqual([...ends].sort().reverse());
  });

  it('answers every field of a contract as stored, its days as calendar days and its times as instants', async () => {
    const stored = (await contractsOf('acme')).find((c) => c.vendor_contract_id === MARKED.yearStart)!;
    await db()
      .updateTable('contracts')
      .set({ billing_status: 'PAID', billing_date: '2025-01-15' })
      .where('vendor_contract_id', '=', MARKED.yearStart)
      .execute();
    const [row] = (await everyMatch({ vendorContractId: [MARKED.yearStart] })).filter(
      (c) => c.vendorContractId === MARKED.yearStart,
    );
    expect(row).toEqual({
      vendorContractId: MARKED.yearStart,
      poNumber: stored.po_number,
      isPEContract: true,
      effectiveDate: '2025-01-01',
      contractExpiry: '2025-12-31',
      billingDate: '2025-01-15',
      billingStatus: 'PAID',
      contractType: stored.contract_type,
      createdTime: '2024-12-01T09:30:00.000Z',
      lastUpdatedTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // The update above was a change of the contract: its last-updated time is now.
    expect(Date.now() - Date.parse(row!.lastUpdatedTime!)).toBeLessThan(60_000);
  });

  it('gives every customer of the demo world contracts of known warranty and service codes, billed ones dated', async () => {
    const codes: readonly string[] = [...WARRANTY_CONTRACT_TYPES, ...SERVICE_CONTRACT_TYPES];
    for (const customer of ['acme', 'globex', 'initech']) {
      const stored = await contractsOf(customer);
      expect(stored.length, customer).toBeGreaterThan(0);
      for (const c of stored) {
        expect(codes).toContain(c.contract_type);
        expect(c.billing_date === null).toBe(c.billing_status === null);
        expect(c.created_time.getTime()).toBeLessThan(Date.parse(`${c.effective_date}T00:00:00Z`));
        if (c.last_updated_time) expect(c.last_updated_time.getTime()).toBeGreaterThan(c.created_time.getTime());
      }
    }
  });
});

describe('the filter map', () => {
  it('finds a contract or PO number by any part of it, ignoring case, and any of several parts', async () => {
    expect(ids(await everyMatch({ vendorContractId: ['edge-'] })).sort()).toEqual([MARKED.yearEnd, MARKED.yearStart]);
    expect(ids(await everyMatch({ vendorContractId: ['-start', 'vnd-77'] })).sort()).toEqual([
      MARKED.yearStart,
      MARKED.vendor,
    ]);
    const stored = await contractsOf('acme');
    const po = stored.find((c) => c.po_number)!.po_number!;
    const digits = po.slice(-4);
    const byPart = await everyMatch({ poNumber: [digits] });
    expect(byPart.length).toBe(stored.filter((c) => c.po_number?.includes(digits)).length);
    expect(byPart.map((c) => c.poNumber)).toContain(po);
  });

  it('finds the codes of type and billing status by their whole value, any of several', async () => {
    const stored = await contractsOf('acme');
    const warranty = await everyMatch({ contractType: ['ZCEW', 'ZW01'] });
    expect(warranty.length).toBe(stored.filter((c) => ['ZCEW', 'ZW01'].includes(c.contract_type)).length);
    expect(warranty.length).toBeGreaterThan(0);
    expect(warranty.every((c) => c.contractType === 'ZCEW' || c.contractType === 'ZW01')).toBe(true);
    expect(await everyMatch({ contractType: ['ZCE'] })).toEqual([]);

    const open = await everyMatch({ billingStatus: ['OPEN'] });
    expect(open.length).toBe(stored.filter((c) => c.billing_status === 'OPEN').length);
    const openOrNone = await everyMatch({ billingStatus: ['OPEN', ''] });
    expect(openOrNone.length).toBe(stored.filter((c) => c.billing_status !== 'PAID').length);
  });

  it('takes wildcards literally and finds a blank field with the empty value', async () => {
    expect(ids(await everyMatch({ vendorContractId: ['_100%'] }))).toEqual([MARKED.wildcard]);
    expect(await everyMatch({ vendorContractId: ['%'] })).toHaveLength(1);

    const stored = await contractsOf('acme');
    const noPo = await everyMatch({ poNumber: [''] });
    expect(noPo.length).toBe(stored.filter((c) => !c.po_number).length);
    expect(noPo.every((c) => c.poNumber === null)).toBe(true);
    const somePo = stored.find((c) => c.po_number)!.po_number!;
    const noPoOrOne = await everyMatch({ poNumber: ['', somePo] });
    expect(noPoOrOne.length).toBe(noPo.length + 1);
  });

  it('filters the provider’s contracts from those of other vendors', async () => {
    expect(ids(await everyMatch({ isPEContract: ['false'] }))).toEqual([MARKED.vendor]);
    const both = await list(acme, { filter: { isPEContract: ['true', 'false'] } });
    expect(both.totalCount).toBe((await contractsOf('acme')).length);
  });

  it('filters a date field by a range with both ends included, an open start of 1970-01-01, an open end, or blank', async () => {
    const in2025 = await everyMatch({ effectiveDate: ['2025-01-01', '2025-12-31'] });
    expect(ids(in2025)).toEqual(expect.arrayContaining([MARKED.yearStart, MARKED.yearEnd]));
    expect(in2025.every((c) => c.effectiveDate! >= '2025-01-01' && c.effectiveDate! <= '2025-12-31')).toBe(true);
    const stored = await contractsOf('acme');
    const expected = (test: (day: string) => boolean) => stored.filter((c) => test(c.effective_date)).length;
    expect(in2025).toHaveLength(expected((d) => d >= '2025-01-01' && d <= '2025-12-31'));

    const upTo = await list(acme, { filter: { effectiveDate: ['1970-01-01', '2024-06-30'] } });
    expect(upTo.totalCount).toBe(expected((d) => d <= '2024-06-30'));
    const from = await list(acme, { filter: { effectiveDate: ['2024-07-01'] } });
    expect(from.totalCount).toBe(expected((d) => d >= '2024-07-01'));
    expect(upTo.totalCount + from.totalCount).toBe(stored.length);

    const billed = stored.filter((c) => c.billing_date !== null).length;
    expect((await list(acme, { filter: { billingDate: ['1970-01-01'] } })).totalCount).toBe(billed);
    expect((await list(acme, { filter: { billingDate: [''] } })).totalCount).toBe(stored.length - billed);
    expect(billed).toBeGreaterThan(0);
    expect(billed).toBeLessThan(stored.length);
  });

  it('filters an instant field by the instants sent, or by whole days in UTC', async () => {
    // 2024-12-02T23:30Z is already 3 December in Berlin: the user's day decides.
    const berlinDec2 = await everyMatch({
      createdTime: ['2024-12-02T00:00:00.000+01:00', '2024-12-02T23:59:59.999+01:00'],
    });
    expect(ids(berlinDec2)).not.toContain(MARKED.yearEnd);
    const berlinDec3 = await everyMatch({
      createdTime: ['2024-12-03T00:00:00.000+01:00', '2024-12-03T23:59:59.999+01:00'],
    });
    expect(ids(berlinDec3)).toContain(MARKED.yearEnd);
    const utcDays = await everyMatch({ createdTime: ['2024-12-01', '2024-12-02'] });
    expect(ids(utcDays)).toEqual(expect.arrayContaining([MARKED.yearStart, MARKED.yearEnd]));
  });

  it('combines fields: every field given must match', async () => {
    const both = await everyMatch({ vendorContractId: ['EDGE'], effectiveDate: ['2025-06-01'] });
    expect(ids(both)).toEqual([MARKED.yearEnd]);
    const none = await list(acme, { filter: { vendorContractId: ['EDGE'], isPEContract: ['false'] } });
    expect(none).toEqual({ items: [], totalCount: 0, totalCountExact: true });
  });
});

describe('sorting', () => {
  const keyOf: Record<ContractSortField, (c: Contract) => string | null> = {
    vendorContractId: (c) => c.vendorContractId,
    poNumber: (c) => c.poNumber,
    effectiveDate: (c) => c.effectiveDate,
    contractExpiry: (c) => c.contractExpiry,
    billingDate: (c) => c.billingDate,
    billingStatus: (c) => c.billingStatus,
    contractType: (c) => c.contractType,
    createdTime: (c) => c.createdTime,
    lastUpdatedTime: (c) => c.lastUpdatedTime,
  };
  /**
   * Values of one shape (digits and capitals in the same places): on them the order of code units is the order of
   * any collation, so the test does not depend on the database's.
   */
  const plain = (v: string) => /^[A-Z0-9:.T-]*$/.test(v);

  for (const [field, key] of Object.entries(keyOf) as [ContractSortField, (c: Contract) => string | null][]) {
    it(`sorts by ${field} both ways, blanks first going up and last going down`, async () => {
      for (const orderType of [OrderType.Ascending, OrderType.Descending]) {
        const page = await list(acme, { orderSettings: [{ field, orderType }] });
        const keys = page.items.map(key);
        const blanks = keys.filter((k) => k === null).length;
        const up = orderType === OrderType.Ascending;
        const blankEnd = up ? keys.slice(0, blanks) : keys.slice(keys.length - blanks);
        expect(blankEnd.every((k) => k === null)).toBe(true);
        const comparable = keys.filter((k): k is string => k !== null && plain(k));
        expect(comparable.length).toBeGreaterThan(page.items.length / 3);
        const sorted = [...comparable].sort();
        expect(comparable).toEqual(up ? sorted : sorted.reverse());
      }
    });
  }

  it('breaks ties the same way on every call, so pages in any order never overlap', async () => {
    const orderSettings = [{ field: 'contractType', orderType: OrderType.Ascending }];
    const all = await list(acme, { orderSettings });
    const paged: string[] = [];
    for (let pageIndex = 0; pageIndex * 5 < all.totalCount; pageIndex++) {
      paged.push(...ids((await list(acme, { orderSettings, pageIndex, pageSize: 5 })).items));
    }
    expect(paged).toEqual(ids(all.items));
  });
});

describe('who sees which contracts', () => {
  it('shows a user only the contracts of their own customer, whatever customer the request names', async () => {
    const own = await contractsOf('globex');
    const page = await list(globex, {});
    expect(page.totalCount).toBe(own.length);
    expect(ids(page.items).sort()).toEqual(own.map((c) => c.vendor_contract_id).sort());
    // Naming another customer is answered 1041 (customer changed) before the list runs.
    const named = await globex.contracts.list({
      query: { userCustomerId: customers.acme! },
      body: { pageIndex: 0, pageSize: 100, filter: { vendorContractId: [MARKED.yearStart] } },
    });
    expect(named.body).toEqual({ errorCode: 1041, errorMessage: expect.any(String) });
  });

  it('refuses (403) a user without the contract-management access code, and answers again once it is back', async () => {
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user@globex.example')
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', user.id)
      .where('access_code', '=', AccessCode.ContractManagement)
      .execute();
    try {
      const res = await send(globex, {});
      expect(res.status).toBe(403);
    } finally {
      await db()
        .insertInto('user_access_codes')
        .values({ user_id: user.id, access_code: AccessCode.ContractManagement })
        .execute();
    }
    expect((await send(globex, {})).status).toBe(200);
  });

  it('refuses GET Equipment/contracts (403) as contract/list without the contract-management code', async () => {
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user@globex.example')
      .executeTakeFirstOrThrow();
    const search = () => globex.equipment.contracts({ query: {} });
    expect((await search()).body).toMatchObject({ errorCode: 0 });
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', user.id)
      .where('access_code', '=', AccessCode.ContractManagement)
      .execute();
    try {
      expect((await search()).status).toBe(403);
    } finally {
      await db()
        .insertInto('user_access_codes')
        .values({ user_id: user.id, access_code: AccessCode.ContractManagement })
        .execute();
    }
    expect((await search()).body).toMatchObject({ errorCode: 0 });
  });

  it('refuses (401) a caller who is not signed in', async () => {
    const anonymous = injectClient(server.app).client;
    expect((await send(anonymous, {})).status).toBe(401);
  });
});

describe('bad input', () => {
  const refused = async (body: Record<string, unknown>, path: (string | number)[]) => {
    const res = await send(acme, body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect((res.body as ErrorBody).issues?.map((i) => i.path.slice(0, path.length))).toContainEqual(path);
  };

  it('refuses a page too large, too small or too far', async () => {
    await refused({ pageSize: CONTRACT_PAGE_SIZE_MAX + 1 }, ['pageSize']);
    await refused({ pageSize: 0 }, ['pageSize']);
    await refused({ pageIndex: -1 }, ['pageIndex']);
    await refused({ pageIndex: 100_001 }, ['pageIndex']);
  });

  it('refuses a field the grid does not have, in the filter map or the sort', async () => {
    await refused({ filter: { customer_id: ['1'] } }, ['filter']);
    await refused({ orderSettings: [{ field: 'customer_id', orderType: 0 }] }, ['orderSettings', 0, 'field']);
    await refused({ orderSettings: [{ field: 'isPEContract', orderType: 0 }] }, ['orderSettings', 0, 'field']);
    const four = Array.from({ length: 4 }, () => ({ field: 'poNumber', orderType: 0 }));
    await refused({ orderSettings: four }, ['orderSettings']);
  });

  it('refuses too many values, a value too long, and values that do not fit the field', async () => {
    const many = Array.from({ length: CONTRACT_FILTER_VALUES_MAX + 1 }, (_, i) => `C${i}`);
    await refused({ filter: { vendorContractId: many } }, ['filter', 'vendorContractId']);
    await refused({ filter: { poNumber: ['x'.repeat(CONTRACT_FILTER_VALUE_MAX + 1)] } }, ['filter', 'poNumber', 0]);
    await refused({ filter: { isPEContract: ['yes'] } }, ['filter', 'isPEContract', 0]);
    await refused({ filter: { effectiveDate: ['2025-02-30'] } }, ['filter', 'effectiveDate', 0]);
    await refused({ filter: { effectiveDate: ['2025-01-01T00:00:00Z'] } }, ['filter', 'effectiveDate', 0]);
    await refused({ filter: { createdTime: ['yesterday'] } }, ['filter', 'createdTime', 0]);
    await refused({ filter: { createdTime: ['2025-01-01T10:00'] } }, ['filter', 'createdTime', 0]);
    await refused({ filter: { effectiveDate: ['2025-01-01', '2025-02-01', '2025-03-01'] } }, [
      'filter',
      'effectiveDate',
    ]);
    await refused({ filter: { effectiveDate: ['2025-12-31', '2025-01-01'] } }, ['filter', 'effectiveDate']);
    await refused({ filter: { billingDate: ['', '2025-01-01'] } }, ['filter', 'billingDate']);
    await refused({ filter: { contractType: 'ZCEW' } }, ['filter', 'contractType']);
  });

  it('answers a refused request without touching what is stored', async () => {
    const before = await list(acme, {});
    await send(acme, { filter: { poNumber: ["'; delete from contracts; --".padEnd(41, 'x')] } });
    const injection = await list(acme, { filter: { poNumber: ["'; delete from contracts; --"] } });
    expect(injection.totalCount).toBe(0);
    expect((await list(acme, {})).totalCount).toBe(before.totalCount);
  });
});
