import { LANGUAGE_CODES, LANGUAGE_NATIVE_NAMES, type Language } from '../../../contract/configuration';

type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** The portal's languages; a language's id is its 1-based place in LANGUAGE_CODES, as users.languageId uses. */
export const LANGUAGES: Language[] = LANGUAGE_CODES.map((languageCode, index) => ({
  languageId: index + 1,
  languageCode,
  name: LANGUAGE_NATIVE_NAMES[languageCode],
}));

const FALLBACK: LanguageCode = 'en-us';

/** The language of an id or code; anything else falls back to English (spec 1 section 1). */
export function languageCodeOf(idOrCode: number | string | null | undefined): LanguageCode {
  const found = LANGUAGES.find((l) => l.languageId === idOrCode || l.languageCode === idOrCode);
  return found?.languageCode ?? FALLBACK;
}

/** The BCP 47 locale of a portal language code (zh-tw -> zh-TW), for Intl. */
export const localeOf = (code: LanguageCode): string =>
  code.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`);
