import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { waitForSettled } from './settled';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The axe-core rules the portal does not follow, each with why. Every other rule axe-core ships enabled runs: WCAG A
 * and AA, and the best practices (its experimental and AAA-only rules stay off, as axe-core ships them).
 */
const NOT_FOLLOWED: Readonly<Record<string, string>> = {};

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The axe-core violations of the page once it has settled, at any impact: of the whole document, or only of the first
 * element matching `within` (a CSS selector; page-level rules such as one `<main>` then do not apply). Colours are
 * measured only once the page has settled, since a dialog fading in has text at partial opacity.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await waitForSettled(page, within);
  // Evaluated through the debugging protocol: the portal's CSP refuses injected script tags, as it should.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ selector, off }) => {
      const axe = (
        window as unknown as {
          axe: { run(ctx: Node, options: object): Promise<{ violations: Violation[] }> };
        }
      ).axe;
      const rules = Object.fromEntries(off.map((id) => [id, { enabled: false }]));
      return (await axe.run(selector ? document.querySelector(selector)! : document, { rules })).violations;
    },
    { selector: within, off: Object.keys(NOT_FOLLOWED) },
  );
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
