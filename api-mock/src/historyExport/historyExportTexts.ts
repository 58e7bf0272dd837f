import { readFileSync } from 'node:fs';
import type { HistoryValue } from '../../../contract/history';
import { localeOf } from '../lib/languages';
import { format, reportLabels, type LanguageCode } from '../reports/reportLabels';
import { offsetName } from '../reports/reportDocument';

/** The keys of web/src/locales/<lang>/historyExport.json the exports print (the web uses the rest). */
export const HISTORY_EXPORT_LABEL_KEYS = [
  'title',
  'serial',
  'instrument',
  'make',
  'model',
  'inventory_id',
  'customer',
  'summary',
  'time_zone',
  'exported',
  'column_position',
  'column_hash',
  'column_event_id',
  'column_time',
  'column_time_zone',
  'column_actor',
  'column_event',
  'column_subject',
  'column_field_name',
  'column_field',
  'column_from',
  'column_to',
  'no_entries',
  'footer',
  'footer_page',
] as const;

const exportLabelsFor = reportLabels('historyExport', HISTORY_EXPORT_LABEL_KEYS);

const LOCALES = new URL('../../../web/src/locales/', import.meta.url);
const cache = new Map<string, Readonly<Record<string, string>>>();
/** A namespace of the web's texts, read once; keys are looked up one by one (a missing one falls back). */
function namespace(code: LanguageCode, name: string): Readonly<Record<string, string>> {
  const key = `${code}/${name}`;
  let texts = cache.get(key);
  if (!texts) {
    texts = JSON.parse(readFileSync(new URL(`${key}.json`, LOCALES), 'utf8')) as Record<string, string>;
    cache.set(key, texts);
  }
  return texts;
}
const text = (texts: Readonly<Record<string, string>>, key: string) =>
  Object.hasOwn(texts, key) ? texts[key] : undefined;

/** "+01:00", "-03:30", "Z". */
const isoOffset = (minutes: number) => (minutes === 0 ? 'Z' : offsetName(minutes).slice(3));

/**
 * What an export of a history prints in a language: its labels, an event's and a field's name as the History tab
 * words them (the history and equipment form texts), a time at the user's offset.
 */
export function historyExportTexts(language: string, utcOffsetMinutes: number) {
  const { code, labels } = exportLabelsFor(language);
  const history = namespace(code, 'history');
  const form = namespace(code, 'equipmentForm');
  const detail = namespace(code, 'equipmentDetail');
  const common = namespace(code, 'common');
  const locale = localeOf(code);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  const shifted = (iso: string) => new Date(Date.parse(iso) + utcOffsetMinutes * 60_000);
  return {
    code,
    t: labels,
    format,
    zone: offsetName(utcOffsetMinutes),
    system: text(history, 'actor_system') ?? 'System',
    event: (eventType: string) =>
      text(history, `event_${eventType.replace(/\./g, '_')}`) ?? text(history, 'event_other') ?? eventType,
    field: (field: string) =>
      text(form, `field_${field.replace(/\./g, '_')}`) ??
      text(detail, `ehs_field_${field}`) ??
      (field === 'locationId' ? text(common, 'location') : undefined) ??
      field,
    /** A time as the reader reads it, in the user's offset: "Mar 2, 2026, 11:15:00 AM". */
    time: (iso: string) => dateTime.format(shifted(iso)),
    /** A time as ISO 8601 with the user's offset: 2026-03-02T11:15:00+01:00. */
    isoTime: (iso: string) => `${shifted(iso).toISOString().slice(0, 19)}${isoOffset(utcOffsetMinutes)}`,
    value: (value: HistoryValue) => (value === null ? '' : String(value)),
  };
}
