import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { waitForSettled } from './settled';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Serious and critical axe-core violations of the page once it has settled: of the whole document, or only of the
 * first element matching `within` (a CSS selector). Colours are measured only once the page has settled, since a dialog
 * fading in has text at partial opacity.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await waitForSettled(page, within);
  // Evaluated through the debugging protocol: the portal's CSP refuses injected script tags, as it should.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: Node): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(selector ? document.querySelector(selector)! : document)).violations;
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
