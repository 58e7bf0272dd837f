import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadDateLocale, setDateLocale } from './dates';
import { LANGUAGES, type Language } from './languages';

export const FALLBACK_LANGUAGE: Language = 'en-us';
export const NAMESPACES = [
  'common',
  'errorMessage',
  'help',
  'inventory',
  'equipmentForm',
  'documents',
  'images',
  'serviceRequest',
  'importProduct',
  'views',
  'feedback',
  'avatar',
  'calendar',
  'reservation',
  'workOrders',
  'tours',
  'equipmentDetail',
  'instrumentWorkOrders',
  'ehs',
  'contractRequest',
  'productInfo',
  'emethods',
  'utilization',
  'contractPlans',
  'invite',
  'contracts',
  'users',
  'onboarding',
  'emailRouting',
  'productCatalogue',
  'productsManagement',
  'history',
  'calendarFeed',
  'qrLabels',
  'dueDates',
  'historyExport',
  'serviceIntervals',
] as const;

const bundles = import.meta.glob<{ default: Record<string, Record<string, string>> }>('./localeBundles/*.ts');

/** Loads the current language's namespaces on demand (all in one file), so only that language travels. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = bundles[`./localeBundles/${language}.ts`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default[`../../locales/${language}/${namespace}.json`] ?? {}),
      (err: Error) => callback(err, false),
    );
  },
};

/** Map a language code of a user or a browser (zh-Hant-TW, pt-BR, de-CH...) to one of the nine. */
export function resolveLanguage(code: string | null | undefined): Language {
  const c = (code ?? '').toLowerCase();
  if (/^zh-(tw|hk|mo|hant)/.test(c)) return 'zh-tw';
  if (c.startsWith('zh')) return 'zh-cn';
  const base = c.split('-')[0] ?? '';
  const match = LANGUAGES.find((l) => l === base);
  return match ?? FALLBACK_LANGUAGE;
}

/**
 * The language last asked for: the browser's at the start, then the user's once known. The user's may be asked for
 * while the start still loads, and a language is applied only while it is still the one asked for, so texts and
 * dates always end in the same, latest language.
 */
let requested: Language | undefined;

export async function initI18n(language: Language = resolveLanguage(navigator.language)) {
  requested ??= language;
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: requested,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  await applyLanguage(requested);
  return i18next;
}

export async function changeLanguage(language: Language) {
  requested = language;
  // Before the start has loaded, the start applies it.
  if (i18next.isInitialized) await applyLanguage(language);
}

async function applyLanguage(language: Language) {
  await loadDateLocale(language);
  if (requested !== language) return;
  setDateLocale(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
