import { initServer } from '@ts-rest/fastify';
import type { Transaction } from 'kysely';
import { ErrorCode } from '../../../contract/errors';
import {
  reservationsContract,
  ReservationMessage,
  type Recurrence,
  type Reservation,
} from '../../../contract/reservations';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { appendEvent, type DomainEvent } from '../db/events';
import { changesOf } from '../history/changes';
import type { HistoryChange } from '../../../contract/history';
import type { Database } from '../db/schema';
import { fail, ok } from '../lib/envelope';
import { badRequest, HttpProblem, Refusal } from '../lib/problem';
import { queueMail } from '../mail/outbox';
import { requireEquipment } from '../equipment/records';
import {
  calendarPage,
  deleteReservations,
  deletionMailFacts,
  hasConflict,
  insertReservations,
  lockedReservation,
  reservationDays,
  reservationsOf,
  reservationsWithDetails,
  reservationSearchCondition,
  searchReservations,
  serviceEventsOf,
  toReservations,
  updateReservation,
  type Period,
} from './queries';
import { requireMayDelete, requireReservation, requireReserver } from './records';
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

  /**
   * Locks the instrument so that two reservations of it cannot be checked and written at the same time. Hidden
   * instruments are not on the calendar, for provider staff either.
   */
  const lockInstrument = (trx: Transaction<Database>, actor: Actor, equipmentId: number) =>
    requireEquipment(trx, { customerId: actor.customerId, isPEUser: false }, equipmentId, true);

  const detailsOf = async (trx: Transaction<Database>, ids: number[]): Promise<Reservation[]> =>
    toReservations(
      storage,
      await reservationsWithDetails(trx)
        .where('reservations.id', 'in', ids)
        .orderBy('reservations.start_date')
        .execute(),
    );

  return s.router(reservationsContract, {
    calendar: async ({ request, query }) => {
      const actor = actorOf(request);
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
      const actor = actorOf(request);
      const period = { start: new Date(query.start), end: new Date(query.end) };
      if (period.end <= period.start) throw badRequest('end must be after start');
      const scope = { customerId: actor.customerId, userId: actor.userId };
      return ok({ items: await reservationDays(db, scope, query, period, query.timeZoneDiff ?? 0) });
    },

    create: async ({ request, params, query, body }) => {
      const actor = actorOf(request);
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
          const ids = await insertReservations(
            trx,
            {
              customerId: actor.customerId,
              equipmentId: params.id,
              reservedBy: actor.userId,
              comments: body.comments ?? null,
              isSeries: Boolean(body.recurrence),
            },
            periods,
          );
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
      const actor = actorOf(request);
      const stored = await requireReservation(db, actor, body.reservationId);
      requireReserver(actor, stored);
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
          const current = await lockedReservation(trx, stored.id);
          if (!current) throw new HttpProblem(404, `No reservation ${stored.id}`);
          if (body.lastUpdateTime && Date.parse(body.lastUpdateTime) !== current.last_update_time.getTime()) {
            throw new Refusal(ErrorCode.ReservationChanged, 'The reservation was changed meanwhile');
          }
          if (await hasConflict(trx, body.equipmentId, period, [stored.id])) {
            throw new Refusal(ErrorCode.ReservationConflict, 'The instrument is reserved already in that period');
          }
          await updateReservation(trx, stored.id, {
            equipmentId: body.equipmentId,
            period,
            comments: body.comments ?? null,
          });
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
      const actor = actorOf(request);
      const stored = await requireReservation(db, actor, params.id);
      const now = new Date();
      const byReserver = requireMayDelete(actor, stored, query.comments, now);
      await db.transaction().execute(async (trx) => {
        const removed = await deleteReservations(trx, stored, {
          isSeriesDelete: query.isSeriesDelete,
          byReserver,
          now,
        });
        await appendEvent(
          trx,
          reservationEvent(actor, stored.id, 'reservation.deleted', {
            reservationIds: removed.map((r) => r.id),
            reservedBy: stored.reserved_by,
            comments: byReserver ? null : query.comments,
          }),
        );
        if (!byReserver) {
          const { reserver, equipment, admin } = await deletionMailFacts(trx, {
            reserverId: stored.reserved_by,
            equipmentId: stored.equipment_id,
            adminId: actor.userId,
          });
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
      const actor = actorOf(request);
      const condition = await reservationSearchCondition(db, actor.customerId, query.keyword);
      const { rows, totalCount } = await searchReservations(db, condition, query);
      return ok({ items: await toReservations(storage, rows), totalCount });
    },
  });
}
