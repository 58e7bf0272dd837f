import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signedIn } from '../support/injectClient';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

export interface ReservationStateParams {
  /** Who is signed in for the interaction. */
  email: string;
  /** Who made the reservation (the signed-in user when absent). */
  reserverEmail?: string;
  reservationId: number;
  startDate: string;
  endDate: string;
}

/**
 * Reservation states (tests/pact/reservations.pact.test.ts): a reservation under a fixed id on the first instrument
 * of the signed-in user's list by serial, which the calendar shows first. Returns equipmentId (that instrument),
 * freeEquipmentId (an instrument of the list without reservations) and lastUpdateTime of the reservation.
 */
export function reservationStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'a reservation exists': async (params?: unknown) => {
      const p = params as ReservationStateParams;
      setJar((await signedIn(app, p.email)).jar);
      const user = await db
        .selectFrom('users')
        .select(['id', 'customer_id'])
        .where('email', '=', p.email)
        .executeTakeFirstOrThrow();
      const reserver = p.reserverEmail
        ? await db.selectFrom('users').select('id').where('email', '=', p.reserverEmail).executeTakeFirstOrThrow()
        : user;
      const onList = db
        .selectFrom('equipment')
        .select('id')
        .where('customer_id', '=', user.customer_id)
        .where('is_hidden', '=', false)
        .where(sql<boolean>`follower_ids @> array[${user.id}]::integer[]`);
      const first = await onList
        .orderBy(sql`serial asc nulls last`)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const free = await onList
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('reservations')
                .select('reservations.id')
                .whereRef('reservations.equipment_id', '=', 'equipment.id'),
            ),
          ),
        )
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('reservations')
        .where((eb) =>
          eb.or([
            eb('id', '=', p.reservationId),
            eb.and([eb('start_date', '>=', new Date(p.startDate)), eb('equipment_id', 'in', [first.id, free.id])]),
          ]),
        )
        .execute();
      const saved = await db
        .insertInto('reservations')
        .values({
          id: p.reservationId,
          customer_id: user.customer_id,
          equipment_id: first.id,
          reserved_by: reserver.id,
          start_date: p.startDate,
          end_date: p.endDate,
          comments: 'Method validation run',
        })
        .returning('last_update_time')
        .executeTakeFirstOrThrow();
      return {
        equipmentId: first.id,
        freeEquipmentId: free.id,
        lastUpdateTime: saved.last_update_time.toISOString(),
      };
    },
  };
}
