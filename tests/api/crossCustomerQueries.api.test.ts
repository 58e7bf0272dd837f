import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

/**
 * A user of Globex asks with Acme's customer id in `userCustomerId`: the calendar, its overview, the filter and
 * field suggestions and the inventory answer 1041 (customer changed). Acme's marker values never appear.
 */
let server: Awaited<ReturnType<typeof startApiServer>>;
let acmeId: number;
const MAKER = 'AcmeOnlyMaker';
const SERIAL = 'ACME-SECRET-0001';

beforeAll(async () => {
  server = await startApiServer();
  const db = server.database.db;
  acmeId = (await db.selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow()).id;
  const first = await db
    .selectFrom('equipment')
    .select('id')
    .where('customer_id', '=', acmeId)
    .where('is_hidden', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('equipment').set({ mfg: MAKER, serial: SERIAL }).where('id', '=', first.id).execute();
});
afterAll(() => server.close());

const week = () => {
  const start = new Date();
  start.setUTCHours(0, 0, 0, 0);
  return { start: start.toISOString(), end: new Date(start.getTime() + 7 * 86_400_000).toISOString() };
};

describe("Acme's customer id in a Globex user's calls", () => {
  it('the marker is there for Acme itself (the control)', async () => {
    const acme = await signedIn(server.app, 'user@acme-labs.example');
    const res = await acme.client.equipment.fieldOption({ query: { optionType: 'mfg', keyword: 'AcmeOnly' } });
    expect(JSON.stringify(res.body)).toContain(MAKER);
  });

  it('the calendar, its overview, the suggestions and the inventory answer 1041, with nothing of Acme', async () => {
    const globex = await signedIn(server.app, 'user@globex.example');
    const userCustomerId = acmeId;
    const answers = [
      await globex.client.reservations.calendar({ query: { ...week(), userCustomerId } }),
      await globex.client.reservations.overview({ query: { ...week(), userCustomerId } }),
      await globex.client.equipment.fieldOption({ query: { optionType: 'mfg', keyword: 'AcmeOnly', userCustomerId } }),
      await globex.client.equipment.fieldOption({ query: { optionType: 'serial', fullList: true, userCustomerId } }),
      await globex.client.equipment.filterFields({
        query: { userCustomerId },
        body: { pageSize: 100, selectFields: ['mfg', 'serial'], isFollowed: false } as never,
      }),
      await globex.client.equipment.list({
        query: { userCustomerId },
        body: { pageIndex: 0, pageSize: 100, fullTextSearchSetting: { keyword: SERIAL } } as never,
      }),
      await globex.client.users.me({ query: { userCustomerId } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(MAKER);
      expect(text).not.toContain(SERIAL);
      expect(text).not.toContain('Acme Labs');
      expect(text).not.toContain('acme-labs.example');
    }
    // Not Globex's customer: every call is answered 1041 (customer changed) before its handler runs.
    for (const answer of answers) expect(answer.body).toMatchObject({ errorCode: 1041 });
  });
});
