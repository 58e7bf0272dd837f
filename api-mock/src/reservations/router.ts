import { initServer } from '@ts-rest/fastify';
import { sql, type Transaction } from 'kysely';
import { ErrorCode, MessageKey } from '../../../contract/errors';
import {
  reservationsContract,
  ReservationMessage,
  type Recurrence,
  type Reservation,
} from '../../../contract/reservations';
import type { AppDeps } from '../deps';
import type { FastifyRequest } from 'fastify';
import { requireActor, type Actor } from '../auth/actor';
import { requireFeature } from '../auth/privileges';
import { appendEvent, type DomainEvent } from '../db/events';
import { changesOf } from '../history/changes';
import type { HistoryChange } from '../../../contract/history';
import type { Database } from '../db/schema';
import { fail, ok } from '../lib/envelope';
import { badRequest, forbidden, HttpProblem, Refusal } from '../lib/problem';
import { queueMail } from '../mail/outbox';
import { equipmentInScope } from '../queries/equipment';
import {
  calendarPage,
  hasConflict,
  reservationDays,
  reservationsOf,
  reservationsWithDetails,
  reservationSearchCondition,
  serviceEventsOf,
  toReservations,
  type Period,
} from './queries';
import { storageOf } from '../storage';

const s = initServer();
const DAY_MS = 24 * 60 * 60 * 1000;

const reservationEvent = (
  actor: Actor,
  reservationId: number,
  eventType: string,
  payload: Record<string, unknown>,
  changes?: HistoryChange[],
): DomainEvent => ({
  customerId: actor.customerId,
  actorId: actor.userId,
  entityType: 'reservation',
  entityId: reservationId,
  eventType,
  payload,
  changes,
});

/** The fields of a reservation its history shows, as the API names them. */
interface ReservationFields {
  equipmentId: number;
  startDate: Date;
  endDate: Date;
  comments: string | null;
}
const RESERVATION_FIELDS = ['equipmentId', 'startDate', 'endDate', 'comments'] as const;
const reservationChanges = (before: ReservationFields | null, after: ReservationFields | null) =>
  changesOf(RESERVATION_FIELDS, before, after, (r, field) => r[field as keyof ReservationFields]);

const refused = (error: unknown) => {
  if (error instanceof Refusal) return fail(error.errorCode, error.message);
  throw error;
};

/**
 * The periods of a reservation and its repetitions: every `interval` days or weeks from the first, while the
 * repetition starts on or before the end-by date in the user's time zone.
 */
export function occurrences(first: Period, recurrence: Recurrence | null | undefined, offsetMinutes: number): Period[] {
  if (!recurrence) return [first];
  const step = recurrence.interval * (recurrence.frequency === 'weekly' ? 7 : 1) * DAY_MS;
  if (first.end.getTime() - first.start.getTime() > step) throw badRequest(ReservationMessage.recurrence);
  const lastLocalStart = Date.parse(`${recurrence.endBy}T23:59:59.999Z`) - offsetMinutes * 60_000;
  const periods: Period[] = [];
  for (let at = first.start.getTime(); at <= lastLocalStart; at += step) {
    const shift = at - first.start.getTime();
    periods.push({ start: new Date(at), end: new Date(first.end.getTime() + shift) });
  }
  return periods;
}

/**
 * The reservation calendar (spec 3 sections 2 to 7). Rows are the instruments on the caller's own list; anyone may
 * reserve an instrument of the customer; the reserver edits and deletes; an admin deletes another user's reservation
 * that has not started, with a comment mailed to the reserver.
 */
export function reservationsRouter({ db, config }: AppDeps) {
  const storage = storageOf(config);

  /** Locks the instrument so that two reservations of it cannot be checked and written at the same time. */
  const lockInstrument = async (trx: Transaction<Database>, actor: Actor, equipmentId: number) => {
    const found = await equipmentInScope(trx, { customerId: actor.customerId, userId: actor.userId })
      .select('equipment.id')
      .where('equipment.id', '=', equipmentId)
      .forUpdate('equipment')
      .executeTakeFirst();
    if (!found) throw new Refusal(ErrorCode.EquipmentNotFound, `No equipment ${equipmentId}`);
  };

  const findReservation = async (actor: Actor, id: number) => {
    const row = await db
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', id)
      .where('customer_id', '=', actor.customerId)
      .executeTakeFirst();
    if (!row) throw new HttpProblem(404, `No reservation ${id}`);
    return row;
  };

  const detailsOf = async (trx: Transaction<Database>, ids: number[]): Promise<Reservation[]> =>
    toReservations(
      storage,
      await reservationsWithDetails(trx)
        .where('reservations.id', 'in', ids)
        .orderBy('reservations.start_date')
        .execute(),
    );

  /** Every reservation call needs the Reservation feature, as the calendar menu and the row menu do. */
  const reservationActor = async (request: FastifyRequest) => {
    const actor = await requireActor(db, request);
    await requireFeature(db, actor, 'Reservation');
    return actor;
  };

  return s.router(reservationsContract, {
    calendar: async ({ request, query }) => {
      const actor = await reservationActor(request);
      const period = { start: new Date(query.start), end: new Date(query.end) };
      if (period.end <= period.start) throw badRequest('end must be after start');
      const scope = { customerId: actor.customerId, userId: actor.userId };
      const { rows, totalCount } = await calendarPage(db, scope, query, period, {
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
        orderType: query.calendarOrderType ?? 'serial',
      });
      const ids = rows.map((row) => row.id);
      const [reservations, events] = ids.length
        ? await Promise.all([
            reservationsOf(db, ids, period, query.myOnly ? actor.userId : undefined).then((r) =>
              toReservations(storage, r),
            ),
            serviceEventsOf(db, actor.customerId, ids, query.serviceCallType ?? [], period),
          ])
        : [[], []];
      return ok({
        totalCount,
        items: rows.map((row) => ({
          equipmentId: row.id,
          serial: row.serial,
          mfg: row.mfg,
          model: row.model,
          systemId: row.system_id,
          systemNickName: row.system_nick_name,
          city: row.city,
          building: row.building,
          floor: row.floor,
          room: row.room,
          reservations: reservations.filter((r) => r.equipmentId === row.id),
          serviceEvents: events.filter((e) => e.equipmentId === row.id).map((e) => e.event),
        })),
      });
    },

    overview: async ({ request, query }) => {
      const actor = await reservationActor(request);
      const period = { start: new Date(query.start), end: new Date(query.end) };
      if (period.end <= period.start) throw badRequest('end must be after start');
      const scope = { customerId: actor.customerId, userId: actor.userId };
      return ok({ items: await reservationDays(db, scope, query, period, query.timeZoneDiff ?? 0) });
    },

    create: async ({ request, params, query, body }) => {
      const actor = await reservationActor(request);
      const first = { start: new Date(body.startDate!), end: new Date(body.endDate!) };
      const periods = occurrences(first, body.recurrence, query.timeZoneDiff ?? 0);
      try {
        const made = await db.transaction().execute(async (trx) => {
          await lockInstrument(trx, actor, params.id);
          for (const period of periods) {
            if (await hasConflict(trx, params.id, period)) {
              throw new Refusal(ErrorCode.ReservationConflict, `Reserved already around ${period.start.toISOString()}`);
            }
          }
          const inserted = await trx
            .insertInto('reservations')
            .values(
              periods.map((period) => ({
                customer_id: actor.customerId,
                equipment_id: params.id,
                reserved_by: actor.userId,
                start_date: period.start,
                end_date: period.end,
                comments: body.comments ?? null,
              })),
            )
            .returning('id')
            .execute();
          const ids = inserted.map((row) => row.id);
          if (body.recurrence) {
            await trx.updateTable('reservations').set({ series_id: ids[0]! }).where('id', 'in', ids).execute();
          }
          await appendEvent(
            trx,
            reservationEvent(
              actor,
              ids[0]!,
              'reservation.created',
              {
                equipmentId: params.id,
                reservationIds: ids,
                startDate: first.start.toISOString(),
                endDate: first.end.toISOString(),
                recurrence: body.recurrence ?? null,
              },
              reservationChanges(null, {
                equipmentId: params.id,
                startDate: first.start,
                endDate: first.end,
                comments: body.comments ?? null,
              }),
            ),
          );
          return detailsOf(trx, ids);
        });
        return ok({ items: made });
      } catch (error) {
        return refused(error);
      }
    },

    update: async ({ request, body }) => {
      const actor = await reservationActor(request);
      const stored = await findReservation(actor, body.reservationId);
      if (stored.reserved_by !== actor.userId) throw forbidden('Only the reserver may change a reservation');
      const now = Date.now();
      if (stored.end_date.getTime() <= now) throw badRequest('The reservation has ended');
      const period = { start: new Date(body.startDate!), end: new Date(body.endDate!) };
      if (period.start.getTime() !== stored.start_date.getTime() && period.start.getTime() <= now) {
        throw badRequest(ReservationMessage.startFuture);
      }
      if (period.end.getTime() <= now) throw badRequest(ReservationMessage.endAfterStart);
      try {
        const saved = await db.transaction().execute(async (trx) => {
          await lockInstrument(trx, actor, body.equipmentId);
          const current = await trx
            .selectFrom('reservations')
            .select(['last_update_time', 'equipment_id', 'start_date', 'end_date', 'comments'])
            .where('id', '=', stored.id)
            .forUpdate()
            .executeTakeFirst();
          if (!current) throw new HttpProblem(404, `No reservation ${stored.id}`);
          if (body.lastUpdateTime && Date.parse(body.lastUpdateTime) !== current.last_update_time.getTime()) {
            throw new Refusal(ErrorCode.ReservationChanged, 'The reservation was changed meanwhile');
          }
          if (await hasConflict(trx, body.equipmentId, period, [stored.id])) {
            throw new Refusal(ErrorCode.ReservationConflict, 'The instrument is reserved already in that period');
          }
          await trx
            .updateTable('reservations')
            .set({
              equipment_id: body.equipmentId,
              start_date: period.start,
              end_date: period.end,
              comments: body.comments ?? null,
              last_update_time: sql`greatest(now(), last_update_time + interval '1 millisecond')`,
            })
            .where('id', '=', stored.id)
            .execute();
          await appendEvent(
            trx,
            reservationEvent(
              actor,
              stored.id,
              'reservation.changed',
              {
                equipmentId: body.equipmentId,
                startDate: period.start.toISOString(),
                endDate: period.end.toISOString(),
                comments: body.comments ?? null,
              },
              reservationChanges(
                {
                  equipmentId: current.equipment_id,
                  startDate: current.start_date,
                  endDate: current.end_date,
                  comments: current.comments,
                },
                {
                  equipmentId: body.equipmentId,
                  startDate: period.start,
                  endDate: period.end,
                  comments: body.comments ?? null,
                },
              ),
            ),
          );
          return (await detailsOf(trx, [stored.id]))[0]!;
        });
        return ok(saved);
      } catch (error) {
        return refused(error);
      }
    },

    remove: async ({ request, params, query }) => {
      const actor = await reservationActor(request);
      const stored = await findReservation(actor, params.id);
      const byReserver = stored.reserved_by === actor.userId;
      const now = new Date();
      if (!byReserver) {
        if (!actor.isAdmin) throw forbidden('Only the reserver or an admin may delete a reservation');
        if (stored.start_date <= now)
          throw forbidden('A reservation that has started can only be deleted by its reserver');
        if (!query.comments) throw badRequest(MessageKey.requiredField);
      }
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('reservations')
          .where('customer_id', '=', actor.customerId)
          .$if(!query.isSeriesDelete || stored.series_id === null, (q) => q.where('id', '=', stored.id))
          .$if(query.isSeriesDelete && stored.series_id !== null, (q) =>
            q
              .where('series_id', '=', stored.series_id)
              .where('reserved_by', '=', stored.reserved_by)
              .where((eb) =>
                eb.or([eb('id', '=', stored.id), byReserver ? eb('end_date', '>', now) : eb('start_date', '>', now)]),
              ),
          )
          .returning(['id', 'equipment_id', 'start_date', 'end_date'])
          .execute();
        await appendEvent(
          trx,
          reservationEvent(actor, stored.id, 'reservation.deleted', {
            reservationIds: removed.map((r) => r.id),
            reservedBy: stored.reserved_by,
            comments: byReserver ? null : query.comments,
          }),
        );
        if (!byReserver) {
          const reserver = await trx
            .selectFrom('users')
            .select(['email', 'first_name'])
            .where('id', '=', stored.reserved_by)
            .executeTakeFirstOrThrow();
          const equipment = await trx
            .selectFrom('equipment')
            .select(['serial', 'mfg', 'model'])
            .where('id', '=', stored.equipment_id)
            .executeTakeFirstOrThrow();
          const admin = await trx
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('id', '=', actor.userId)
            .executeTakeFirstOrThrow();
          const periods = removed
            .map((r) => `- ${r.start_date.toISOString()} to ${r.end_date.toISOString()} (UTC)`)
            .join('\n');
          await queueMail(trx, {
            to: [reserver.email],
            subject: `Your reservation of ${equipment.serial ?? ''} was deleted`,
            body: [
              `Hello ${reserver.first_name},`,
              '',
              `${admin.first_name} ${admin.last_name} deleted your reservation of ${[equipment.mfg, equipment.model, equipment.serial].filter(Boolean).join(' ')}:`,
              periods,
              '',
              `Comment: ${query.comments}`,
            ].join('\n'),
          });
        }
      });
      return ok(null);
    },

    search: async ({ request, query }) => {
      const actor = await reservationActor(request);
      const condition = await reservationSearchCondition(db, actor.customerId, query.keyword);
      const [rows, count] = await Promise.all([
        reservationsWithDetails(db)
          .where(condition)
          .orderBy('reservations.start_date', 'desc')
          .orderBy('reservations.id', 'desc')
          .offset(query.pageIndex * query.pageSize)
          .limit(query.pageSize)
          .execute(),
        db
          .selectFrom('reservations')
          .where(condition)
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return ok({ items: await toReservations(storage, rows), totalCount: Number(count.n) });
    },
  });
}
