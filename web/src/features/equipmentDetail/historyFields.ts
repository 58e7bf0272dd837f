import { EHS_MULTI_SEPARATOR } from '../../../../contract/equipment';
import type { CustomerLocation } from '../../../../contract/users';
import type { LabelKey } from '../../components/equipmentForm';
import type { HistoryFields } from '../../components/history/historyValues';
import { kindLabel } from '../../components/serviceIntervals';
import { EHS_FIELDS, ehsText, fieldText, type EhsField } from './equipmentValues';

/** An interval of a kind of work (the service intervals' history changes). */
const INTERVAL_FIELD = /^serviceInterval\.(\d+)$/;

const isEhsField = (field: string): field is EhsField => (EHS_FIELDS as readonly string[]).includes(field);

/** EHS picks as the record joins them (";"); a history joins a list with ", ". */
const ehsPicks = (value: string | number | boolean) =>
  String(value)
    .split(/\s*,\s*/)
    .join(EHS_MULTI_SEPARATOR);

/** A location as the location select shows it: city, and the site address where there is one. */
const locationText = (location: CustomerLocation) =>
  location.siteAddress ? `${location.city} – ${location.siteAddress}` : location.city;

/**
 * An instrument's fields in its history: labelled as the inventory and the Instrument tab label them (the field
 * registry, the EHS section, the location), their values worded as there (codes, EHS picks, dates, locations).
 */
export function equipmentHistoryFields(
  fieldLabelKey: (field: string) => LabelKey | undefined,
  locations: readonly CustomerLocation[],
): HistoryFields {
  return {
    label: (t, field) => {
      const key = fieldLabelKey(field);
      if (key) return t(key);
      if (isEhsField(field)) return t(`equipmentDetail:ehs_field_${field}`);
      if (field === 'locked') return t('equipmentDetail:ehs_field_locked');
      if (field === 'locationId') return t('location');
      if (field === 'isHidden') return t('productsManagement:column_hidden');
      const interval = INTERVAL_FIELD.exec(field);
      if (interval) return t('serviceIntervals:history_field', { kind: kindLabel(t, Number(interval[1])) });
      return undefined;
    },
    valueText: (t, field, value) => {
      if (isEhsField(field)) return ehsText(t, field, ehsPicks(value));
      if (field === 'locationId') {
        const location = locations.find((l) => l.locationId === value);
        return location && locationText(location);
      }
      if (typeof value === 'boolean' || fieldLabelKey(field) === undefined) return undefined;
      return fieldText(t, field, value);
    },
  };
}
