import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { Language } from './languages';

dayjs.extend(localizedFormat);

/** The dayjs locale of each language, loaded on demand (English is built in). */
const DAYJS_LOCALE: Record<Language, { name: string; load?: () => Promise<unknown> }> = {
  'en-us': { name: 'en' },
  'zh-cn': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'zh-tw': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  pt: { name: 'pt', load: () => import('dayjs/locale/pt') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
};

/** Load the date locale of a language (only that one); `setDateLocale` then makes it the default for formatting. */
export async function loadDateLocale(language: Language): Promise<void> {
  await DAYJS_LOCALE[language].load?.();
}

/** Format dates in a language whose locale has been loaded. */
export function setDateLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language].name);
}

/** Dates as the spec shows them: 'll' for a date, 'lll' for date and time, in the current language. */
export const formatDate = (value: string | Date) => dayjs(value).format('ll');
export const formatDateTime = (value: string | Date) => dayjs(value).format('lll');
