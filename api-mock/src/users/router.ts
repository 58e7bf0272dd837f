import { initServer } from '@ts-rest/fastify';
import { usersContract } from '../../../contract/users';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { unauthorized } from '../lib/problem';
import { requireOwnLocation } from '../location/queries';
import { storageOf } from '../storage';
import { completeProfile, loadLoggedInUser } from './queries';

const s = initServer();

export function usersRouter({ db, config }: AppDeps) {
  return s.router(usersContract, {
    me: async ({ request }) => {
      const actor = actorOf(request);
      const me = await loadLoggedInUser(db, actor.userId, actor.customerId, storageOf(config));
      if (!me) throw unauthorized();
      return ok(me);
    },

    completeProfile: async ({ request, body }) => {
      const actor = actorOf(request);
      await requireOwnLocation(db, body.locationId, actor.customerId);
      await completeProfile(db, actor, body);
      const me = await loadLoggedInUser(db, actor.userId, actor.customerId, storageOf(config));
      if (!me) throw unauthorized();
      return ok(me);
    },
  });
}
