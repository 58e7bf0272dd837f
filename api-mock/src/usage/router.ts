import { initServer } from '@ts-rest/fastify';
import { usageContract } from '../../../contract/usage';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { recordUsage } from './queries';

const s = initServer();

export function usageRouter({ db }: AppDeps) {
  return s.router(usageContract, {
    record: async ({ request, body }) => {
      await recordUsage(db, actorOf(request), body.events);
      return ok({ recorded: body.events.length });
    },
  });
}
