import { initServer } from '@ts-rest/fastify';
import { usersContract } from '../../../contract/users';
import type { AppDeps } from '../deps';
import { requireSession } from '../auth/context';
import { loadLoggedInUser } from '../queries/currentUser';
import { ok } from '../lib/envelope';
import { unauthorized } from '../lib/problem';

const s = initServer();

export function usersRouter({ db }: AppDeps) {
  return s.router(usersContract, {
    me: async ({ request }) => {
      const session = await requireSession(db, request);
      const me = await loadLoggedInUser(db, session.userId, session.customerId);
      if (!me) throw unauthorized();
      return ok(me);
    },
  });
}
