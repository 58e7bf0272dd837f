import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LABEL_LINK_PATH } from '../../../contract/labels';
import { appendEvents } from '../db/events';
import type { Database } from '../db/schema';
import { reachableEquipment, unreachedEquipmentIds, type InstrumentReach } from '../equipment/queries';
import type { LabelData } from '../reports/labelSheet';

/** A new label code: 128 random bits in base64url (22 letters), the shape LabelCode accepts. */
export const newLabelCode = () => randomBytes(16).toString('base64url');

/** The link a label's QR code holds: the portal's public origin, never the host a request came with. */
export const labelLink = (publicOrigin: string, code: string) => `${publicOrigin}${LABEL_LINK_PATH}${code}`;

export interface LabelSheetRows {
  labels: LabelData[];
  assetIdLabel: string | null;
  language: string;
}

/**
 * The labels of the instruments, in the order asked, or null when any of them is not the caller's to reach. An
 * instrument without a label code gets one (and the event of it) in the same transaction; one that has a code keeps
 * it, so a label printed again matches the one on the bench.
 */
export async function labelSheetRows(
  db: Kysely<Database>,
  reach: InstrumentReach & { userId: number },
  equipmentIds: readonly number[],
  publicOrigin: string,
): Promise<LabelSheetRows | null> {
  return db.transaction().execute(async (trx) => {
    if ((await unreachedEquipmentIds(trx, reach, equipmentIds)).length > 0) return null;
    const issued = await trx
      .insertInto('equipment_labels')
      .values(equipmentIds.map((id) => ({ equipment_id: id, code: newLabelCode(), created_by: reach.userId })))
      .onConflict((oc) => oc.column('equipment_id').doNothing())
      .returning('equipment_id')
      .execute();
    await appendEvents(
      trx,
      issued.map((row) => ({
        customerId: reach.customerId,
        actorId: reach.userId,
        entityType: 'equipmentLabel',
        entityId: row.equipment_id,
        eventType: 'equipmentLabel.issued',
        payload: {},
      })),
    );
    const rows = await trx
      .selectFrom('equipment')
      .innerJoin('equipment_labels', 'equipment_labels.equipment_id', 'equipment.id')
      .select(['equipment.id', 'mfg', 'model', 'serial', 'pki_tag', 'asset_id', 'equipment_labels.code'])
      .where('equipment.id', 'in', equipmentIds)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const [customer, user] = await Promise.all([
      trx
        .selectFrom('customers')
        .select('customize_asset_id')
        .where('id', '=', reach.customerId)
        .executeTakeFirstOrThrow(),
      trx.selectFrom('users').select('language_code').where('id', '=', reach.userId).executeTakeFirstOrThrow(),
    ]);
    return {
      labels: equipmentIds.map((id) => {
        const row = byId.get(id)!;
        return {
          link: labelLink(publicOrigin, row.code),
          serial: row.serial,
          mfg: row.mfg,
          model: row.model,
          inventoryId: row.pki_tag,
          assetId: row.asset_id,
        };
      }),
      assetIdLabel: customer.customize_asset_id,
      language: user.language_code ?? 'en-us',
    };
  });
}

/** The instrument a label code names, when the caller reaches it (its customer's, not hidden from them); else null. */
export async function labelTarget(db: Kysely<Database>, reach: InstrumentReach, code: string): Promise<number | null> {
  const row = await reachableEquipment(
    db.selectFrom('equipment').innerJoin('equipment_labels', 'equipment_labels.equipment_id', 'equipment.id'),
    reach,
  )
    .select('equipment.id')
    .where('equipment_labels.code', '=', code)
    .executeTakeFirst();
  return row?.id ?? null;
}
