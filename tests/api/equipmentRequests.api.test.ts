import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContactMethod,
  CONTRACT_REQUEST_PAGE_SIZE_MAX,
  USER_ADDED_DATA_SOURCE_ID,
  type ContractChangeRequest,
} from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

/** The contract change addresses of the All routing the portal starts with (migration 029). */
const CONTRACT_TEAM_INBOX = 'contracts@provider.example';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let globex: InjectClient;
let instrument: { id: number; mfg: string; model: string | null; serial: string | null };
let userAddedId: number;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  const customer = await db()
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', 'manager@acme-labs.example')
    .executeTakeFirstOrThrow();
  const rows = await db()
    .selectFrom('equipment')
    .select(['id', 'mfg', 'model', 'serial'])
    .where('customer_id', '=', customer.customer_id)
    .where('is_hidden', '=', false)
    .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
    .orderBy('id')
    .limit(2)
    .execute();
  instrument = rows[0]!;
  userAddedId = rows[1]!.id;
  await db()
    .updateTable('equipment')
    .set({ data_source_id: USER_ADDED_DATA_SOURCE_ID })
    .where('id', '=', userAddedId)
    .execute();
});
afterAll(() => server.close());

const requestBody = (equipmentId: number, overrides: Record<string, unknown> = {}) => ({
  equipmentId,
  userName: 'Mark Manager',
  firstName: 'Mark',
  lastName: 'Manager',
  emailAddress: 'mark.manager@acme-labs.example',
  telephone: '+1 617 555 0100',
  contactMethod: ContactMethod.ByEmail,
  comments: 'Please quote a Gold plan for the next three years.',
  interestedIn: 'Gold',
  mfg: 'Someone else',
  serial: 'NOT-THIS-ONE',
  ...overrides,
});

/** How many stored requests, outbox mails and events there are. */
const counts = async () =>
  Promise.all(
    (['contract_change_requests', 'mail_outbox', 'events'] as const).map(async (table) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );

describe('POST Equipment/Contract/Request', () => {
  it('stores the request with the instrument as the portal has it and mails the contract team and the requester', async () => {
    expect(resultOf(await acme.equipment.requestContract({ body: requestBody(instrument.id) }))).toBeNull();
    const stored = await db()
      .selectFrom('contract_change_requests')
      .selectAll()
      .where('equipment_id', '=', instrument.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('SUBMITTED');
    expect(stored.payload).toMatchObject({ serial: instrument.serial, mfg: instrument.mfg, interestedIn: 'Gold' });
    const reference = `CR-${String(stored.id).padStart(6, '0')}`;
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['to_addresses', 'subject', 'body'])
      .where('subject', 'like', `%${reference}%`)
      .orderBy('id')
      .execute();
    // The copy goes to the account's address, not to the one the form names.
    expect(mails.map((m) => m.to_addresses)).toEqual([CONTRACT_TEAM_INBOX, 'manager@acme-labs.example']);
    expect(mails[0]!.body).toContain('mark.manager@acme-labs.example');
    expect(mails[0]!.body).toContain(instrument.serial!);
    expect(mails[0]!.body).toContain('Please quote a Gold plan');
    expect(mails[0]!.body).not.toContain('NOT-THIS-ONE');
    const event = await db()
      .selectFrom('events')
      .select('event_type')
      .where('event_type', '=', 'equipment.contractChangeRequested')
      .where('entity_id', '=', String(instrument.id))
      .executeTakeFirst();
    expect(event).toBeDefined();
  });

  it('refuses without the ARC feature (403), for an instrument the customer added (400) and another customer’s (10002), keeping nothing', async () => {
    const before = await counts();
    const customer = await db()
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    const taken = await db()
      .deleteFrom('customer_features')
      .where('customer_id', '=', customer.customer_id)
      .where('feature', '=', 'ARC')
      .returningAll()
      .execute();
    try {
      expect((await acme.equipment.requestContract({ body: requestBody(instrument.id) })).status).toBe(403);
    } finally {
      await db().insertInto('customer_features').values(taken).execute();
    }
    const userAdded = await acme.equipment.requestContract({ body: requestBody(userAddedId) });
    expect(userAdded.status).toBe(400);
    expect(JSON.stringify(userAdded.body)).toContain('user_added_equipment');
    const foreign = await globex.equipment.requestContract({ body: requestBody(instrument.id) });
    expect(foreign.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a body that breaks the form’s rules, keeping nothing', async () => {
    const before = await counts();
    for (const overrides of [
      { firstName: '' },
      { lastName: 'x'.repeat(31) },
      { emailAddress: 'not an address' },
      { telephone: 'call me' },
      { comments: 'x'.repeat(201) },
      { contactMethod: 7 },
      { equipmentId: 0 },
    ]) {
      const res = await acme.equipment.requestContract({ body: requestBody(instrument.id, overrides) as never });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('GET Equipment/{id}/contract/request (View ARC requests)', () => {
  let listed: number;
  let standard: InjectClient;
  type Page = { items: ContractChangeRequest[]; totalCount: number };
  const list = (client: InjectClient, id: number, query: Record<string, unknown> = {}) =>
    client.equipment.contractRequests({ params: { id }, query: query as never });

  beforeAll(async () => {
    standard = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const other = await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', (eb) =>
        eb.selectFrom('users').select('customer_id').where('email', '=', 'manager@acme-labs.example'),
      )
      .where('is_hidden', '=', false)
      .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
      .where('id', 'not in', [instrument.id, userAddedId])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    listed = other.id;
  });

  it('lists the requests of everyone of the customer for the instrument, newest first, paged, with the total and without changing anything', async () => {
    expect(resultOf<Page>(await list(acme, listed))).toEqual({ items: [], totalCount: 0 });
    const sent = [
      [acme, { comments: 'First: a Gold plan.', interestedIn: 'Gold' }],
      [standard, { comments: 'Second: weekend coverage.', contactMethod: ContactMethod.ByPhone, interestedIn: null }],
      [acme, { comments: null, interestedIn: 'Platinum', additionalSolutionsFor: 'Column ovens' }],
    ] as const;
    for (const [client, overrides] of sent) {
      expect(resultOf(await client.equipment.requestContract({ body: requestBody(listed, overrides) }))).toBeNull();
    }
    // A request about another instrument is not this one's.
    resultOf(await acme.equipment.requestContract({ body: requestBody(instrument.id) }));
    const oldest = await db()
      .selectFrom('contract_change_requests')
      .select('id')
      .where('equipment_id', '=', listed)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('contract_change_requests')
      .set({ status: 'IN_PROGRESS' })
      .where('id', '=', oldest.id)
      .execute();

    const before = await counts();
    const first = resultOf<Page>(await list(standard, listed, { pageIndex: 0, pageSize: 2 }));
    const second = resultOf<Page>(await list(standard, listed, { pageIndex: 1, pageSize: 2 }));
    expect(await counts()).toEqual(before);
    expect(first.totalCount).toBe(3);
    expect(second.totalCount).toBe(3);
    expect(first.items.map((r) => r.comments)).toEqual([null, 'Second: weekend coverage.']);
    expect(second.items.map((r) => r.comments)).toEqual(['First: a Gold plan.']);
    const [newest, middle] = first.items;
    expect(newest).toMatchObject({
      status: 'SUBMITTED',
      requesterName: 'Mark Manager',
      contactMethod: ContactMethod.ByEmail,
      interestedIn: 'Platinum',
      additionalSolutionsFor: 'Column ovens',
      reference: `CR-${String(newest!.id).padStart(6, '0')}`,
    });
    expect(middle).toMatchObject({
      requesterName: 'Uma Standard',
      contactMethod: ContactMethod.ByPhone,
      interestedIn: null,
    });
    expect(second.items[0]).toMatchObject({ id: oldest.id, status: 'IN_PROGRESS', interestedIn: 'Gold' });
    expect(Date.parse(newest!.createdOn)).toBeGreaterThanOrEqual(Date.parse(middle!.createdOn));
    expect(Date.parse(middle!.createdOn)).toBeGreaterThanOrEqual(Date.parse(second.items[0]!.createdOn));
    // The default page holds all three; a page past the end is empty but keeps the total.
    expect(resultOf<Page>(await list(acme, listed)).items).toHaveLength(3);
    expect(resultOf<Page>(await list(acme, listed, { pageIndex: 5, pageSize: 2 }))).toEqual({
      items: [],
      totalCount: 3,
    });
  });

  it('a user of another customer, or an id that does not exist, gets errorCode 10002 and no request', async () => {
    for (const id of [listed, 2_000_000_000]) {
      expect((await list(globex, id)).body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    }
    expect((await list(acme, 2_000_000_000)).body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    expect(JSON.stringify((await list(globex, listed)).body)).not.toContain('Gold');
  });

  it('refuses a user without the ARC feature (403) and a caller who is not signed in (401)', async () => {
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user@acme-labs.example')
      .executeTakeFirstOrThrow();
    const taken = await db()
      .deleteFrom('user_features')
      .where('user_id', '=', user.id)
      .where('feature', '=', 'ARC')
      .returningAll()
      .execute();
    expect(taken).toHaveLength(1);
    try {
      expect((await list(standard, listed)).status).toBe(403);
    } finally {
      await db().insertInto('user_features').values(taken).execute();
    }
    expect((await list(standard, listed)).status).toBe(200);
    expect((await list(injectClient(server.app).client, listed)).status).toBe(401);
  });

  it('answers 400 for an id or a page outside the bounds', async () => {
    for (const query of [
      { pageSize: 0 },
      { pageSize: CONTRACT_REQUEST_PAGE_SIZE_MAX + 1 },
      { pageSize: 1_000_000_000 },
      { pageSize: 'ten' },
      { pageSize: 2.5 },
      { pageIndex: -1 },
      { pageIndex: 100_001 },
      { pageIndex: '1e400' },
    ]) {
      expect((await list(acme, listed, query)).status, JSON.stringify(query)).toBe(400);
    }
    for (const id of ['abc', '0', '-3', '2147483648', '9'.repeat(50)]) {
      expect((await list(acme, id as never)).status, id).toBe(400);
    }
  });
});
