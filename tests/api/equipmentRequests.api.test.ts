import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMethod, USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { CONTRACT_TEAM_INBOX } from '../../api-mock/src/routes/equipmentRequests';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

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
