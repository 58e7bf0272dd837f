import { EHS_MULTI_SEPARATOR } from '../../../../contract/equipment';
import type { HistoryFields } from '../../components/history/historyValues';
import { EHS_FIELDS, ehsText, fieldText, type EhsField } from './equipmentValues';

const isEhsField = (field: string): field is EhsField => (EHS_FIELDS as readonly string[]).includes(field);
/** The EHS section's locked flag, as the EHS record and the section name it. */
const LOCKED_FIELDS: readonly string[] = ['locked', 'isLocked'];

/**
 * An instrument's fields in its history: labelled as the inventory and the Instrument tab label them (the field
 * registry, the EHS section, the location), their values worded as there (codes, EHS picks, dates).
 */
export function equipmentHistoryFields(fieldLabelKey: (field: string) => string | undefined): HistoryFields {
  return {
    label: (t, field) => {
      const key = fieldLabelKey(field);
      if (key) return t(key);
      if (isEhsField(field)) return t(`equipmentDetail:ehs_field_${field}`);
      if (LOCKED_FIELDS.includes(field)) return t('equipmentDetail:ehs_field_locked');
      if (field === 'locationId') return t('location');
      return undefined;
    },
    valueText: (t, field, value) => {
      // A history joins several picks with ", " where the record joins them with ";".
      if (isEhsField(field))
        return ehsText(
          t,
          field,
          String(value)
            .split(/\s*,\s*/)
            .join(EHS_MULTI_SEPARATOR),
        );
      if (typeof value === 'boolean' || fieldLabelKey(field) === undefined) return undefined;
      return fieldText(t, field, value);
    },
  };
}
