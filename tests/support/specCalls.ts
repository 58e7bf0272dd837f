import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './testServer';

export const SPEC_DIR = path.join(ROOT, '../shared/spec');
const NOT_A_PATH = new Set(['of', 'per', 'path']);

/** "GET Users/customers?keyword&count" -> "get users/customers"; path parameters become {}. */
export const normalise = (method: string, p: string) =>
  `${method.toLowerCase()} ${p
    .replace(/^\/?(api\/)?/i, '')
    .split('?')[0]!
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/[./]+$/, '')
    .toLowerCase()}`;

/** Every "METHOD path" named in section 7 ("calls") of the three spec documents. */
export function specCalls(): string[] {
  const calls = new Set<string>();
  for (const file of readdirSync(SPEC_DIR).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(path.join(SPEC_DIR, file), 'utf8');
    const section = text.slice(text.search(/^## 7\./m), text.search(/^## 8\./m));
    for (const m of section.matchAll(/\b(GET|POST|PUT|DELETE)\s+(\/?[A-Za-z][A-Za-z0-9_{}/.-]*(\?[^\s,;|)]*)?)/g)) {
      const p = m[2]!;
      if (NOT_A_PATH.has(p.toLowerCase())) continue;
      calls.add(normalise(m[1]!, p));
    }
  }
  return [...calls].sort();
}
