import type { LabelLayout } from '../../../../contract/labels';
import { client } from '../../lib/api';

/** POST EquipmentLabel/PDF: the label sheet's response itself, for the download. */
export const fetchLabelSheet = (equipmentIds: readonly number[], layout: LabelLayout) =>
  client.labels.labelSheet({ body: { equipmentIds: [...equipmentIds], layout }, silent: true });

/** The label stock a user most likely has: US Letter where the portal speaks American English, else A4. */
export const defaultLayoutOf = (language: string): LabelLayout => (language === 'en-us' ? 'letter-5163' : 'a4-l7163');

/** The search parameter with which a label's landing opens the instrument's page: "opened from its label". */
export const FROM_LABEL = { name: 'from', value: 'label' } as const;
