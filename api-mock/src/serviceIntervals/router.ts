import { initServer } from '@ts-rest/fastify';
import { serviceIntervalsContract } from '../../../contract/serviceIntervals';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { requireEquipment, requireEveryEquipment } from '../equipment/records';
import { readIntervals, setIntervalOnMany, setIntervals } from './queries';

const s = initServer();

/**
 * Service intervals of instruments: anyone who may open an instrument reads them; managers and admins set them (the
 * routes' declared access), one instrument at a time or one kind on a grid selection. Every change appends the
 * instrument's history event in its transaction; the due dates follow by trigger (migration 054).
 */
export function serviceIntervalsRouter({ db }: AppDeps) {
  return s.router(serviceIntervalsContract, {
    get: async ({ request, params }) => {
      const actor = actorOf(request);
      const equipment = await requireEquipment(db, actor, params.id);
      return ok(await readIntervals(db, equipment.id, equipment.inst_date));
    },

    set: async ({ request, params, body }) => {
      const actor = actorOf(request);
      const result = await db.transaction().execute(async (trx) => {
        const equipment = await requireEquipment(trx, actor, params.id, true);
        await setIntervals(trx, actor, equipment.id, body);
        return readIntervals(trx, equipment.id, equipment.inst_date);
      });
      return ok(result);
    },

    bulkSet: async ({ request, body }) => {
      const actor = actorOf(request);
      const changed = await db.transaction().execute(async (trx) => {
        await requireEveryEquipment(trx, actor, body.equipmentIds);
        return setIntervalOnMany(trx, actor, body);
      });
      return ok({ changed });
    },
  });
}
