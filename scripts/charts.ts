/**
 * npm run charts: writes every machine's statechart to docs/statecharts/ as Mermaid (<name>.mmd) and SVG
 * (<name>.svg, drawn by Mermaid in Chromium), with an index; the charts are read from the machine definitions.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MACHINES } from '../machines/registry';
import { toMermaid } from '../machines/chart';
import { chartIndex, CHART_DIR, svgWithSource } from './chartFiles';
import { launchBrowser } from '../tests/support/browser';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = path.join(ROOT, CHART_DIR);
const mermaidScript = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');

mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) rmSync(path.join(dir, file));

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ path: mermaidScript });
  await page.evaluate(() =>
    (window as unknown as { mermaid: { initialize: (o: object) => void } }).mermaid.initialize({
      startOnLoad: false,
      theme: 'neutral',
      securityLevel: 'strict',
      // SVG text instead of HTML labels, so that each file is a standalone SVG.
      htmlLabels: false,
      flowchart: { htmlLabels: false },
    }),
  );
  for (const [name, { machine }] of Object.entries(MACHINES)) {
    const chart = toMermaid(machine);
    const svg = await page.evaluate(
      async ({ id, text }) =>
        (
          await (
            window as unknown as { mermaid: { render: (id: string, t: string) => Promise<{ svg: string }> } }
          ).mermaid.render(id, text)
        ).svg,
      { id: `chart-${name}`, text: chart },
    );
    writeFileSync(path.join(dir, `${name}.mmd`), chart);
    writeFileSync(path.join(dir, `${name}.svg`), svgWithSource(svg, chart));
    console.log(`${CHART_DIR}/${name}.svg`);
  }
} finally {
  await browser.close();
}
writeFileSync(path.join(dir, 'README.md'), chartIndex(MACHINES));
