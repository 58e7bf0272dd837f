import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EHS_NONE } from '../../contract/equipment';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const eventRows = () =>
  db()
    .selectFrom('events')
    .select(['id', 'time', 'customer_id', 'actor_id', 'entity_type', 'entity_id', 'event_type', 'payload'])
    .orderBy('id')
    .execute();

describe('the domain-event log is append-only (GxP audit trail)', () => {
  it('API changes only add events: every earlier row is unchanged after more changes to the same instrument', async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const { id: equipmentId } = await db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Acme Labs')
      .where('equipment.is_hidden', '=', false)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    const save = (machineGuarding: string) =>
      manager.equipment.updateEhs({
        params: { equipmentId },
        body: {
          equipmentId,
          machineGuarding,
          energyHazard: EHS_NONE,
          lockTagOut: EHS_NONE,
          chemicalHazards: EHS_NONE,
          biosafetyHazards: EHS_NONE,
          radiologicalHazards: EHS_NONE,
          locked: true,
        } as never,
      });
    resultOf(await save('interlockedGuard'));
    const before = await eventRows();
    resultOf(await save('presenceSensing'));
    resultOf(await save('interlockedGuard'));
    const after = await eventRows();
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length).filter((e) => e.entity_id === String(equipmentId));
    expect(added.map((e) => e.event_type)).toEqual(['equipment.ehsUpdated', 'equipment.ehsUpdated']);
  });

  it('the database refuses to change, delete or empty an event row, whoever asks', async () => {
    const [first] = await eventRows();
    expect(first).toBeDefined();
    await expect(
      db().updateTable('events').set({ event_type: 'forged' }).where('id', '=', first!.id).execute(),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(db().deleteFrom('events').where('id', '=', first!.id).execute()).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(sql`truncate events`.execute(db())).rejects.toThrow(/append-only: TRUNCATE refused/);
    const [still] = await eventRows();
    expect(still).toEqual(first);
  });
});
