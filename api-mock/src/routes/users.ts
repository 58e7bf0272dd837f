import { initServer } from '@ts-rest/fastify';
import { usersContract } from '../../../contract/users';
import type { AppDeps } from '../deps';
import { requireSession } from '../auth/context';
import { change } from '../db/events';
import { loadLoggedInUser } from '../queries/currentUser';
import { ok } from '../lib/envelope';
import { unauthorized } from '../lib/problem';
import { requireOwnLocation } from '../location/queries';
import { storageOf } from '../storage';

const s = initServer();

export function usersRouter({ db, config }: AppDeps) {
  return s.router(usersContract, {
    me: async ({ request }) => {
      const session = await requireSession(db, request);
      const me = await loadLoggedInUser(db, session.userId, session.customerId, storageOf(config));
      if (!me) throw unauthorized();
      return ok(me);
    },

    completeProfile: async ({ request, body }) => {
      const session = await requireSession(db, request);
      await requireOwnLocation(db, body.locationId, session.customerId);
      await change(db, async (trx) => {
        await trx
          .updateTable('users')
          .set({
            location_id: body.locationId,
            first_name: body.firstName,
            last_name: body.lastName,
            office_phone: body.officePhone || null,
          })
          .where('id', '=', session.userId)
          .execute();
        return {
          result: null,
          event: {
            customerId: session.customerId,
            actorId: session.userId,
            entityType: 'user',
            entityId: session.userId,
            eventType: 'user.profileCompleted',
            payload: body,
          },
        };
      });
      const me = await loadLoggedInUser(db, session.userId, session.customerId, storageOf(config));
      if (!me) throw unauthorized();
      return ok(me);
    },
  });
}
