import { readFileSync } from 'node:fs';
import { LANGUAGE_CODES } from '../../../contract/configuration';
import { languageCodeOf } from '../lib/languages';

/** The keys of web/src/locales/<lang>/serviceReport.json; every language file must hold each of them. */
export const LABEL_KEYS = [
  'title',
  'order_no',
  'svmx_order_no',
  'job_type',
  'call_status',
  'customer',
  'company',
  'site_address',
  'city',
  'country',
  'instrument',
  'make',
  'model',
  'serial',
  'inventory_id',
  'system_id',
  'system_nickname',
  'instrument_type',
  'building',
  'floor',
  'room',
  'department',
  'dates',
  'time_zone',
  'call_received',
  'scheduled',
  'work_started',
  'completed',
  'request',
  'reported_by',
  'email',
  'telephone',
  'customer_reference',
  'purchase_order',
  'problem',
  'solution',
  'engineer',
  'lines',
  'line_kind',
  'kind_part',
  'kind_labour',
  'part_no',
  'description',
  'quantity',
  'unit',
  'no_lines',
  'signatures',
  'engineer_signature',
  'customer_signature',
  'signed_by',
  'signed_on',
  'footer_page',
  'footer_order',
] as const;

export type LabelKey = (typeof LABEL_KEYS)[number];
export type Labels = Record<LabelKey, string>;
type LanguageCode = (typeof LANGUAGE_CODES)[number];

// Read from disk rather than imported: the server may not import the web app (eslint), but shares its texts.
const LOCALES = new URL('../../../web/src/locales/', import.meta.url);

function load(language: LanguageCode): Labels {
  const file = new URL(`${language}/serviceReport.json`, LOCALES);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<string, string>>;
  const missing = LABEL_KEYS.filter((key) => typeof json[key] !== 'string');
  if (missing.length > 0) throw new Error(`${file.pathname} lacks ${missing.join(', ')}`);
  return json as Labels;
}

const LABELS = new Map(LANGUAGE_CODES.map((code) => [code, load(code)]));

/** The labels of a portal language code; an unknown language gets English. */
export function labelsFor(language: string): { code: LanguageCode; labels: Labels } {
  const code = languageCodeOf(language.toLowerCase());
  return { code, labels: LABELS.get(code)! };
}

/** Fills i18next-style `{{name}}` placeholders; a placeholder without a value stays as written. */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
