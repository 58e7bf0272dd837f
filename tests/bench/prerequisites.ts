import { existsSync } from 'node:fs';
import path from 'node:path';
import { cjkFontAvailable } from '../../api-mock/src/reports/serviceReport';
import { CHROMIUM_PATH } from '../support/browser';
import { ROOT } from '../support/testServer';

/**
 * What a benchmark needs beyond the repository, each as the reason it skips when missing (null when present): a
 * figure measured without it would time something else (a report in Helvetica, an error page).
 */

/** Service reports embed Noto Sans CJK; without Debian's fonts-noto-cjk they fall back to Helvetica. */
export const cjkFontMissing = cjkFontAvailable
  ? null
  : "no CJK font (Debian's fonts-noto-cjk): a report would be set in Helvetica";

/** A page in a browser needs Chromium and the built web app that the server serves. */
export function browserMissing(): string | null {
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (Debian's chromium, or CHROMIUM_PATH)`;
  if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) return 'no web build (web/dist): run `npx vite build` first';
  return null;
}

/** The search-index benchmark builds and serves its index with Debian's sphinxsearch (`indexer`, `searchd`). */
export function searchIndexMissing(): string | null {
  const missing = ['indexer', 'searchd'].filter((bin) => !existsSync(path.join('/usr/bin', bin)));
  return missing.length === 0 ? null : `no ${missing.join(' or ')} (Debian's sphinxsearch)`;
}

/** Prints why a benchmark skips (while the file is collected) and answers whether it does. */
export function skipsBecause(what: string, reason: string | null): boolean {
  if (reason !== null) console.log(`SKIPPED ${what}: ${reason}`);
  return reason !== null;
}
