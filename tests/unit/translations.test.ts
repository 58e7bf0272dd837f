import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/testServer';

const LOCALES = path.join(ROOT, 'web/src/locales');
const LANGUAGES = ['en-us', 'zh-cn', 'zh-tw', 'de', 'fr', 'it', 'ja', 'pt', 'es'];
/** Keys whose value may equal English in some languages (the word is the same there: Gold, Bronze, French "Page"). */
// column_actions: French writes "Actions" as English does ("Actions disponibles" did not fit the grid's header).
const SAME_AS_ENGLISH_ALLOWED = new Set(['ok', 'gold_title', 'bronze_title', 'pager_page_open', 'column_actions']);

const read = (lang: string, file: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, file), 'utf8')) as Record<string, string>;
const namespaces = readdirSync(path.join(LOCALES, 'en-us'));

describe('translations', () => {
  it('has a folder for each of the nine languages and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const ns of namespaces) {
    const english = read('en-us', ns);
    for (const lang of LANGUAGES.filter((l) => l !== 'en-us')) {
      it(`${lang}/${ns} has every key, really translated, with the same placeholders`, () => {
        const other = read(lang, ns);
        expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
        for (const [key, value] of Object.entries(english)) {
          const translated = other[key]!;
          expect(translated.trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
          if (!SAME_AS_ENGLISH_ALLOWED.has(key))
            expect(translated, `${lang}/${ns}:${key} equals English`).not.toBe(value);
          const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
          expect(placeholders(translated), `${lang}/${ns}:${key} placeholders`).toEqual(placeholders(value));
        }
      });
    }
  }

  it('every key the code uses exists in English', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(entry.name)) {
          for (const m of readFileSync(p, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_:.]+)'/g)) used.add(m[1]!);
        }
      }
    };
    walk(path.join(ROOT, 'web/src'));
    const missing = [...used].filter((key) => {
      const [ns, k] = key.includes(':') ? key.split(':') : ['common', key];
      return !(namespaces.includes(`${ns}.json`) && k! in read('en-us', `${ns}.json`));
    });
    expect(missing).toEqual([]);
  });
});
