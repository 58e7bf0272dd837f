import { Classes, HTMLTable, Tag } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ScrollBox } from '../../components/ScrollBox';
import type { EquipmentDetail } from '../../../../contract/equipment';
import { DetailSection } from './DetailSection';
import { FieldList, type FieldItem } from './FieldList';
import {
  ADDITIONAL_FIELDS,
  CONTACTS,
  DETAILS_FIELDS,
  HIDDEN_WHEN_EMPTY,
  LOCATION_FIELDS,
  VENDOR_FIELDS,
  valueOf,
} from './detailFields';
import { ageBucketOf, ageText, fieldText } from './equipmentValues';

export interface FieldSectionProps {
  equipment: EquipmentDetail;
  /** The label of an equipment field, as the inventory and the edit form call it. */
  fieldLabel(field: string): string;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

function useItems({ equipment, fieldLabel }: FieldSectionProps, fields: readonly string[]): FieldItem[] {
  const { t } = useTranslation();
  return fields
    .filter((field) => !(HIDDEN_WHEN_EMPTY.includes(field) && isEmpty(valueOf(equipment, field))))
    .map((field) => ({ key: field, label: fieldLabel(field), value: fieldText(t, field, valueOf(equipment, field)) }));
}

export function EquipmentDetailsSection(props: FieldSectionProps) {
  const { t, i18n } = useTranslation();
  const { instrumentAge: age, equipConstrMonth: month } = props.equipment;
  const items = useItems(props, DETAILS_FIELDS).map((item): FieldItem => {
    if (item.key === 'equipConstrMonth' && month !== null) {
      return { ...item, value: dayjs(new Date(2000, month - 1, 1)).format('MMMM') };
    }
    if (item.key !== 'instrumentAge') return item;
    return {
      ...item,
      label: t('equipmentDetail:instrument_age'),
      value:
        age === null ? (
          ''
        ) : (
          <>
            {ageText(age, i18n.language)}{' '}
            <Tag minimal round>
              {t(`equipmentDetail:age_${ageBucketOf(age)}`)}
            </Tag>
          </>
        ),
    };
  });
  return (
    <DetailSection title={t('equipmentDetail:section_details')}>
      <FieldList items={items} />
    </DetailSection>
  );
}

export function LocationSection(props: FieldSectionProps) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('equipmentDetail:section_location')}>
      <FieldList items={useItems(props, LOCATION_FIELDS)} />
    </DetailSection>
  );
}

export function VendorSection(props: FieldSectionProps) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('equipmentDetail:section_vendor')} defaultOpen={false}>
      <FieldList items={useItems(props, VENDOR_FIELDS)} />
    </DetailSection>
  );
}

export function AdditionalSection(props: FieldSectionProps) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('equipmentDetail:section_additional')} defaultOpen={false}>
      <FieldList items={useItems(props, ADDITIONAL_FIELDS)} />
    </DetailSection>
  );
}

/** The User section: primary user, lab manager and budget owner with the name, phone and e-mail the row holds. */
export function ContactsSection({ equipment, fieldLabel }: FieldSectionProps) {
  const { t } = useTranslation();
  const title = t('equipmentDetail:section_user');
  const dash = <span className={Classes.TEXT_MUTED}>—</span>;
  return (
    <DetailSection title={title}>
      <ScrollBox label={title}>
        <HTMLTable compact striped aria-label={title} style={{ width: '100%' }}>
          <thead>
            <tr>
              <th scope="col">{t('equipmentDetail:contact_role')}</th>
              <th scope="col">{t('equipmentDetail:contact_name')}</th>
              <th scope="col">{t('equipmentDetail:contact_phone')}</th>
              <th scope="col">{t('equipmentDetail:contact_email')}</th>
            </tr>
          </thead>
          <tbody>
            {CONTACTS.map((c) => {
              const email = equipment[c.email];
              return (
                <tr key={c.role}>
                  <th scope="row">{fieldLabel(c.role)}</th>
                  <td>{equipment[c.name] || dash}</td>
                  <td>{equipment[c.phone] || dash}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>{email ? <a href={`mailto:${email}`}>{email}</a> : dash}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </ScrollBox>
    </DetailSection>
  );
}
