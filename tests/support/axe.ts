import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Serious and critical axe-core violations of the page once it has settled: of the whole document, or only of the
 * first element matching `within` (a CSS selector). Colours are measured only after every running transition has
 * ended, since a dialog fading in has text at partial opacity (a busy CI machine stretches the fade).
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.waitForFunction(
    (selector) =>
      (!selector || document.querySelector(selector) !== null) &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) &&
      !document.querySelector('[class*="-enter-active"], [class*="-exit-active"]'),
    within,
  );
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
