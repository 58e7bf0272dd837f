import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { appendEvent } from '../../api-mock/src/db/events';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/** Far ahead, so the state's reservation never meets one of the demo world's. */
const RESERVED = { start: new Date('2035-06-04T09:00:00.000Z'), end: new Date('2035-06-04T11:00:00.000Z') };

/**
 * History states (tests/pact/history.pact.test.ts). 'records with an audit history exist' signs the user in and
 * returns equipmentId, reservationId and serviceOrderId, each with at least one event with changed fields.
 */
export function historyStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'records with an audit history exist': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const equipment = await db
        .selectFrom('equipment')
        .select(['id', 'room'])
        .where('customer_id', '=', customerId)
        .where('is_hidden', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const order = await db
        .selectFrom('service_calls')
        .select(['id', 'service_order_no'])
        .where('customer_id', '=', customerId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const reservation =
        (await db
          .selectFrom('reservations')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('equipment_id', '=', equipment.id)
          .where('start_date', '=', RESERVED.start)
          .executeTakeFirst()) ??
        (await db
          .insertInto('reservations')
          .values({
            customer_id: customerId,
            equipment_id: equipment.id,
            reserved_by: user.id,
            start_date: RESERVED.start,
            end_date: RESERVED.end,
            comments: 'Calibration',
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      const event = { customerId, actorId: user.id };
      await appendEvent(db, {
        ...event,
        entityType: 'equipment',
        entityId: equipment.id,
        eventType: 'equipment.updated',
        payload: {},
        changes: [{ field: 'room', old: equipment.room, new: '204' }],
      });
      await appendEvent(db, {
        ...event,
        entityType: 'reservation',
        entityId: reservation.id,
        eventType: 'reservation.created',
        payload: {},
        changes: [
          { field: 'startDate', old: null, new: RESERVED.start.toISOString() },
          { field: 'endDate', old: null, new: RESERVED.end.toISOString() },
        ],
      });
      await appendEvent(db, {
        ...event,
        entityType: 'document',
        entityId: order.id,
        eventType: 'document.uploaded',
        payload: { ownerType: 'ServiceCall', ownerId: order.id, documentName: 'service-report.pdf' },
        changes: [{ field: 'version', old: null, new: 1 }],
      });
      return { equipmentId: equipment.id, reservationId: reservation.id, serviceOrderId: order.id };
    },
  };
}
