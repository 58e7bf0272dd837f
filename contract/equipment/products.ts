import { z } from 'zod';
import { providerStaff } from '../access';
import { AccessCode } from '../permissions';
import { c, envelope, EntityId, standardErrors, withCommonQuery } from '../common';
import { isEmailOrEmpty, optionalText, requiredText } from '../validation';
import { EQUIPMENT_BATCH_MAX, EQUIPMENT_MAX } from './model';
import { equipmentOtherFields, equipmentTextFields } from './editFields';

const M = EQUIPMENT_MAX;

export const END_USER_EMAIL_MESSAGE = 'endUser_email_warning';

/** One edited row of the products-management grid (spec 3 sections 3 and 5): only the cells sent change. */
export const EquipmentRowEdit = z
  .object({
    ...equipmentTextFields,
    ...equipmentOtherFields,
    mfg: requiredText(M.mfg),
    model: requiredText(M.model),
    partNumber: optionalText(M.partNumber),
    contactEmail: z.string().trim().max(M.contactEmail).refine(isEmailOrEmpty, END_USER_EMAIL_MESSAGE).nullable(),
    isHidden: z.boolean(),
  })
  .partial()
  .extend({ equipmentId: EntityId });
export type EquipmentRowEdit = z.infer<typeof EquipmentRowEdit>;

export const productsRoutes = c.router({
  updateEditingList: {
    method: 'PUT',
    path: '/api/Equipment/editingList',
    query: withCommonQuery({}),
    body: z.array(EquipmentRowEdit).min(1).max(EQUIPMENT_BATCH_MAX),
    responses: { 200: envelope(z.object({ updatedCount: z.number().int().min(0) })), ...standardErrors },
    summary: 'Save the edited rows of the products-management grid, all or none',
    metadata: providerStaff('customerEquipment', { accessCode: AccessCode.Admin }),
  },
});
