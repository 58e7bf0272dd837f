/** The languages the portal is translated into (web/src/locales/<language>). */
export const LANGUAGES = ['en-us', 'zh-cn', 'zh-tw', 'de', 'fr', 'it', 'ja', 'pt', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
