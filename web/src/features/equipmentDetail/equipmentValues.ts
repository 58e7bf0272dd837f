import type { TFunction } from 'i18next';
import {
  AGE_BUCKET_YEARS,
  EHS_MULTI_SEPARATOR,
  EHS_NONE,
  EHS_OPTIONS,
  EQUIPMENT_CODES,
  EQUIPMENT_LIST_FIELDS,
} from '../../../../contract/equipment';
import { formatDate } from '../../lib/dates';

/** Fields holding a pick-list code, with the list the add/edit form translates it from. */
const CODE_LISTS: Readonly<Record<string, keyof typeof EQUIPMENT_CODES>> = {
  classification: 'classification',
  priorityD: 'priority',
  priorityDQA: 'priority',
  priorityDSafety: 'priority',
  pcConnectivity: 'pcConnectivity',
};

/** A field's value as the inventory words it: codes and yes/no translated, dates in the user's language. */
export function fieldText(t: TFunction, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const codes = CODE_LISTS[field];
  if (codes && (EQUIPMENT_CODES[codes] as readonly string[]).includes(String(value))) {
    return t(`equipmentForm:code_${codes}_${String(value)}`);
  }
  if (typeof value === 'boolean') return t(`list_bool_${value}`);
  if (EQUIPMENT_LIST_FIELDS[field as keyof typeof EQUIPMENT_LIST_FIELDS] === 'date') return formatDate(String(value));
  return String(value);
}

export type AgeBucket = 'under5' | 'from5to10' | 'over10';

/** The age bucket of spec 2 section 4: under 5 years, 5 to 10, over 10. */
export function ageBucketOf(months: number): AgeBucket {
  const [young, old] = AGE_BUCKET_YEARS;
  if (months < young * 12) return 'under5';
  return months <= old * 12 ? 'from5to10' : 'over10';
}

/** An age in months as years and months in the user's language, e.g. "2 years, 3 months" or "2 Jahre, 3 Monate". */
export function ageText(months: number, language: string): string {
  const unit = (name: 'year' | 'month', n: number) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(n);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [
    ...(years > 0 ? [unit('year', years)] : []),
    ...(rest > 0 || years === 0 ? [unit('month', rest)] : []),
  ];
  return new Intl.ListFormat(language, { style: 'long', type: 'unit' }).format(parts);
}

export type EhsField = keyof typeof EHS_OPTIONS;
export const EHS_FIELDS = Object.keys(EHS_OPTIONS) as EhsField[];

/** An EHS pick-list value (one code, or several joined by ';') as option labels; the default 'none' is blank. */
export function ehsText(t: TFunction, field: EhsField, value: string | null): string {
  if (!value) return '';
  const known: readonly string[] = EHS_OPTIONS[field];
  return value
    .split(EHS_MULTI_SEPARATOR)
    .filter((code) => code !== EHS_NONE && code !== '')
    .map((code) => (known.includes(code) ? t(`equipmentDetail:ehs_${field}_${code}`) : code))
    .join(', ');
}
