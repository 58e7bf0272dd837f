import { initServer } from '@ts-rest/fastify';
import { equipmentContract } from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { saveEditedRows } from './products.queries';
import { requireEveryEquipment } from './records';

const s = initServer();

/*
 * Products management (spec 3 sections 2, 4 and 5): the PE user's edits of the switched customer's equipment grid.
 * The list itself is POST Equipment/list with listType productsManagement (list.router.ts).
 */
export function productsManagementRoutes({ db }: AppDeps) {
  const updateEditingList = s.route(equipmentContract.updateEditingList, async ({ request, body }) => {
    const actor = actorOf(request);
    const ids = body.map((row) => row.equipmentId);
    if (new Set(ids).size !== ids.length) throw badRequest('An instrument is sent more than once');
    // A row of another customer (or none) refuses the whole batch, answered like an unknown id.
    await requireEveryEquipment(db, actor, ids);
    const updatedCount = await saveEditedRows(db, actor, body);
    return ok({ updatedCount });
  });

  return { updateEditingList };
}
