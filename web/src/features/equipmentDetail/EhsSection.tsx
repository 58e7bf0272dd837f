import { useTranslation } from 'react-i18next';
import type { EhsData } from '../../../../contract/equipment';
import { formatDateTime } from '../../lib/dates';
import { DetailSection } from './DetailSection';
import { FieldList, type FieldItem } from './FieldList';
import { EHS_FIELDS, ehsText } from './equipmentValues';

/** The EHS data section (read only): the six pick-lists with their option labels, locked, and who changed it last. */
export function EhsSection({ ehs }: { ehs: EhsData }) {
  const { t } = useTranslation();
  const items: FieldItem[] = [
    ...EHS_FIELDS.map((field) => ({
      key: field,
      label: t(`equipmentDetail:ehs_field_${field}`),
      value: ehsText(t, field, ehs[field]),
    })),
    {
      key: 'locked',
      label: t('equipmentDetail:ehs_field_locked'),
      value: ehs.locked === null ? '' : t(`list_bool_${ehs.locked}`),
    },
    { key: 'ehsLastChangedBy', label: t('equipmentDetail:ehs_last_changed_by'), value: ehs.ehsLastChangedBy ?? '' },
    {
      key: 'ehsLastChangedOn',
      label: t('equipmentDetail:ehs_last_changed_on'),
      value: ehs.ehsLastChangedOn ? formatDateTime(ehs.ehsLastChangedOn) : '',
    },
  ];
  return (
    <DetailSection title={t('equipmentDetail:section_ehs')} defaultOpen={false}>
      <FieldList items={items} />
    </DetailSection>
  );
}
