import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let hiddenId: number;
let acmeId: number;
beforeAll(async () => {
  server = await startApiServer();
  const db = server.database.db;
  const acme = await db.selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow();
  acmeId = acme.id;
  const row = await db
    .selectFrom('equipment')
    .select('id')
    .where('customer_id', '=', acmeId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  hiddenId = row.id;
  await db.updateTable('equipment').set({ is_hidden: true }).where('id', '=', hiddenId).execute();
});
afterAll(() => server.close());

describe('hidden equipment (products management scope)', () => {
  it('is not reachable by id for a customer admin: removing it finds nothing and changes nothing', async () => {
    const admin = await signedIn(server.app, 'admin@acme-labs.example');
    const res = await admin.client.equipment.remove({ params: { id: hiddenId } });
    expect(res.status === 200 && res.body.errorCode === 0).toBe(false);
    const row = await server.database.db
      .selectFrom('equipment')
      .select(['id', 'is_hidden'])
      .where('id', '=', hiddenId)
      .executeTakeFirst();
    expect(row).toEqual({ id: hiddenId, is_hidden: true });
  });

  it('is reachable by id for provider staff switched to the customer', async () => {
    const pe = await signedIn(server.app, 'pe@provider.example');
    expect((await pe.client.customers.switchCustomer({ params: { customerId: acmeId }, body: {} })).status).toBe(200);
    const res = await pe.client.equipment.remove({ params: { id: hiddenId } });
    expect(res.body).toMatchObject({ errorCode: 0 });
  });
});
