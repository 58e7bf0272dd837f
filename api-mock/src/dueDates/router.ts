import { initServer } from '@ts-rest/fastify';
import { dueDatesContract } from '../../../contract/dueDates';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { dueDatesBetween, setWeeklyDigest, todayOf, upcomingPage, weeklyDigestOf } from './queries';

const s = initServer();

/**
 * Due dates outside the inventory: the welcome page's list of what is overdue or due soon, the calendar's due dates
 * beside its service visits, and the caller's weekly digest setting. The instruments are those the inventory shows
 * the caller (the customer's, not hidden); the calendar asks only for the rows it shows.
 */
export function dueDatesRouter({ db }: AppDeps) {
  return s.router(dueDatesContract, {
    upcoming: async ({ request, query }) => {
      const actor = actorOf(request);
      const today = todayOf(new Date(), query.timeZoneDiff ?? 0);
      const scope = { customerId: actor.customerId, followerId: query.mine ? actor.userId : undefined };
      return ok(await upcomingPage(db, scope, today, { pageIndex: query.pageIndex, pageSize: query.pageSize }));
    },

    calendar: async ({ request, query }) => {
      const actor = actorOf(request);
      const offset = query.timeZoneDiff ?? 0;
      // The days of the period in the caller's zone: a due date is a day, the period runs from local midnight.
      const from = todayOf(new Date(query.start), offset);
      const until = todayOf(new Date(Date.parse(query.end) - 1), offset);
      const rows = await dueDatesBetween(db, actor.customerId, query.equipmentIds, query.serviceCallType, from, until);
      return ok({
        items: rows.map((row) => ({
          equipmentId: row.equipment_id,
          serviceCallType: row.service_call_type,
          dueDate: row.next_due!,
        })),
      });
    },

    digestSetting: async ({ request }) => ok({ weeklyDigest: await weeklyDigestOf(db, actorOf(request).userId) }),

    updateDigestSetting: async ({ request, body }) => {
      const actor = actorOf(request);
      await change(db, async (trx) => {
        await setWeeklyDigest(trx, actor, body.weeklyDigest);
        return {
          result: null,
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'user',
            entityId: actor.userId,
            eventType: body.weeklyDigest ? 'dueDigest.subscribed' : 'dueDigest.unsubscribed',
            payload: { weeklyDigest: body.weeklyDigest },
          },
        };
      });
      return ok({ weeklyDigest: body.weeklyDigest });
    },
  });
}
