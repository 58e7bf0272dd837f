import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { change } from '../../api-mock/src/db/events';
import { startApiServer } from '../support/apiServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const roomOf = async (id: number) =>
  (await server.database.db.selectFrom('equipment').select('room').where('id', '=', id).executeTakeFirstOrThrow()).room;
const eventsOf = async (id: number) =>
  server.database.db
    .selectFrom('events')
    .select('event_type')
    .where('entity_type', '=', 'equipment')
    .where('entity_id', '=', String(id))
    .execute();

describe('domain events', () => {
  it('a change and its event commit together', async () => {
    const { id } = await server.database.db
      .selectFrom('equipment')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await change(server.database.db, async (trx) => {
      await trx.updateTable('equipment').set({ room: 'R-101' }).where('id', '=', id).execute();
      return {
        result: null,
        event: {
          customerId: 1,
          actorId: null,
          entityType: 'equipment',
          entityId: id,
          eventType: 'equipment.edited',
          payload: { room: 'R-101' },
        },
      };
    });
    expect(await roomOf(id)).toBe('R-101');
    expect(await eventsOf(id)).toEqual([{ event_type: 'equipment.edited' }]);
  });

  it('an event that cannot be written rolls the change back', async () => {
    const { id } = await server.database.db
      .selectFrom('equipment')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await roomOf(id);
    await expect(
      change(server.database.db, async (trx) => {
        await trx.updateTable('equipment').set({ room: 'R-999' }).where('id', '=', id).execute();
        return {
          result: null,
          // longer than the column allows: the insert of the event fails
          event: {
            customerId: 1,
            actorId: null,
            entityType: 'x'.repeat(200),
            entityId: id,
            eventType: 'equipment.edited',
            payload: {},
          },
        };
      }),
    ).rejects.toThrow();
    expect(await roomOf(id)).toBe(before);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('a change that fails after its first write leaves neither the write nor an event', async () => {
    const { id } = await server.database.db
      .selectFrom('equipment')
      .select('id')
      .orderBy('id')
      .offset(5)
      .executeTakeFirstOrThrow();
    const before = await roomOf(id);
    await expect(
      change(server.database.db, async (trx) => {
        await trx.updateTable('equipment').set({ room: 'R-555' }).where('id', '=', id).execute();
        throw new Error('fault in the middle of the change');
      }),
    ).rejects.toThrow('fault in the middle');
    expect(await roomOf(id)).toBe(before);
    expect(await eventsOf(id)).toEqual([]);
  });
});
