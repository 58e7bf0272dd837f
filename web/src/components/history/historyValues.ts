import type { TFunction } from 'i18next';
import type { HistoryValue } from '../../../../contract/history';
import { formatDate, formatDateTime } from '../../lib/dates';
import { valueText, type ListFields } from '../list/listLayout';

/** How an empty side of a change reads. */
export const EMPTY_VALUE = '—';

/**
 * What a screen knows about the fields of its records: their labels (from its field registry) and how a value
 * reads where that is more than the value itself (a code, an EHS pick). Undefined leaves it to the generic rules.
 */
export interface HistoryFields {
  label(t: TFunction, field: string): string | undefined;
  valueText?(t: TFunction, field: string, value: Exclude<HistoryValue, null>): string | undefined;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A changed field's label: the screen's, else the field's key. */
export const historyFieldLabel = (t: TFunction, fields: HistoryFields | undefined, field: string) =>
  fields?.label(t, field) ?? field;

/** One side of a change as the user reads it: empty as a dash, yes/no, dates and times in their language. */
export function historyValueText(
  t: TFunction,
  fields: HistoryFields | undefined,
  field: string,
  value: HistoryValue,
): string {
  if (value === null || value === '') return EMPTY_VALUE;
  const own = fields?.valueText?.(t, field, value);
  if (own !== undefined) return own === '' ? EMPTY_VALUE : own;
  if (typeof value === 'boolean') return t(`list_bool_${value}`);
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value);
  return String(value);
}

/** What happened, in words: `history:event_equipment_updated`, or a plain "Changed" for an event it does not know. */
export function historyEventLabel(t: TFunction, eventType: string): string {
  return t(`history:event_${eventType.replace(/\./g, '_')}`, { defaultValue: t('history:event_other') });
}

/**
 * The history fields of a list's field registry (the work-order grid's): its labels and its way of showing a value,
 * for the fields it has; others are left to the generic rules.
 */
export function historyFieldsOfList(list: ListFields, has: (field: string) => boolean): HistoryFields {
  return {
    label: (t, field) => (has(field) ? list.label(t, field) : undefined),
    valueText: (t, field, value) => (has(field) ? valueText(t, list, field, value) : undefined),
  };
}
