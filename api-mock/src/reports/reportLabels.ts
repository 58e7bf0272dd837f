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
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

// Read from disk rather than imported: the server may not import the web app (eslint), but shares its texts.
const LOCALES = new URL('../../../web/src/locales/', import.meta.url);

function load<K extends string>(language: LanguageCode, namespace: string, keys: readonly K[]): Record<K, string> {
  const file = new URL(`${language}/${namespace}.json`, LOCALES);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<string, string>>;
  const missing = keys.filter((key) => typeof json[key] !== 'string');
  if (missing.length > 0) throw new Error(`${file.pathname} lacks ${missing.join(', ')}`);
  return json as Record<K, string>;
}

/**
 * The labels of a report: the namespace web/src/locales/<lang>/<namespace>.json of every portal language, read once;
 * each file must hold every key. Answers the labels of a language code, English for an unknown language.
 */
export function reportLabels<K extends string>(
  namespace: string,
  keys: readonly K[],
): (language: string) => { code: LanguageCode; labels: Record<K, string> } {
  const labels = new Map(LANGUAGE_CODES.map((code) => [code, load(code, namespace, keys)]));
  return (language) => {
    const code = languageCodeOf(language.toLowerCase());
    return { code, labels: labels.get(code)! };
  };
}

/** The service report's labels of a portal language code; an unknown language gets English. */
export const labelsFor = reportLabels('serviceReport', LABEL_KEYS);

/** Fills i18next-style `{{name}}` placeholders; a placeholder without a value stays as written. */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
