import { createHash } from 'node:crypto';
import type { MachineEntry } from '../machines/registry';

/** Where `npm run charts` writes the statecharts, from the repository root. */
export const CHART_DIR = 'docs/statecharts';

export const chartHash = (chart: string) => createHash('sha256').update(chart).digest('hex');

const SOURCE_MARK = /^<!-- chart source sha256:([0-9a-f]{64}) -->\n/;

/** The SVG with the hash of the Mermaid text it was drawn from, so a stale drawing can be told. */
export const svgWithSource = (svg: string, chart: string) =>
  `<!-- chart source sha256:${chartHash(chart)} -->\n${svg}\n`;

/** The hash of the Mermaid text an SVG was drawn from, or null. */
export const sourceHashOf = (svg: string) => SOURCE_MARK.exec(svg)?.[1] ?? null;

/** The index page of the charts. */
export function chartIndex(machines: Record<string, MachineEntry>): string {
  const sections = Object.entries(machines).map(
    ([name, { about }]) =>
      `## ${name}\n\n${about} Source: \`machines/${name}.machine.ts\`.\n\n![${name}](${name}.svg)\n\n` +
      `[Mermaid text](${name}.mmd)\n`,
  );
  return (
    '# Statecharts\n\n' +
    'Written by `npm run charts` from the machine definitions in `machines/`: do not edit them by hand. ' +
    'A unit test fails when a chart no longer matches its machine.\n\n' +
    `${sections.join('\n')}`
  );
}
