import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, fromPromise, not, setup } from 'xstate';
import { chartHash, chartIndex, CHART_DIR, sourceHashOf } from '../scripts/chartFiles';
import { toMermaid } from './chart';
import { MACHINES } from './registry';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = path.join(ROOT, CHART_DIR);

describe('statecharts', () => {
  it('every machine in machines/ is in the registry the charts are drawn from', () => {
    const files = readdirSync(path.join(ROOT, 'machines')).filter((f) => f.endsWith('.machine.ts'));
    expect(files.map((f) => f.replace('.machine.ts', '')).sort()).toEqual(Object.keys(MACHINES).sort());
  });

  it.each(Object.keys(MACHINES))('the chart of %s in docs/statecharts is current (else run npm run charts)', (name) => {
    const chart = toMermaid(MACHINES[name]!.machine);
    const mmd = path.join(dir, `${name}.mmd`);
    const svg = path.join(dir, `${name}.svg`);
    expect(existsSync(mmd) && existsSync(svg), `${CHART_DIR}/${name}.mmd and .svg exist`).toBe(true);
    expect(readFileSync(mmd, 'utf8')).toBe(chart);
    expect(sourceHashOf(readFileSync(svg, 'utf8')), 'the SVG was drawn from this chart').toBe(chartHash(chart));
  });

  it('the index lists every machine and nothing else is in the folder', () => {
    expect(readFileSync(path.join(dir, 'README.md'), 'utf8')).toBe(chartIndex(MACHINES));
    const expected = ['README.md', ...Object.keys(MACHINES).flatMap((n) => [`${n}.mmd`, `${n}.svg`])];
    expect(readdirSync(dir).sort()).toEqual(expected.sort());
  });

  it('shows states, nested and parallel, transitions with events and guards, actors, delays and final states', () => {
    const machine = setup({
      guards: { isReady: () => true, isLate: () => false },
      actors: { load: fromPromise(async () => 1) },
    }).createMachine({
      id: 'sample',
      initial: 'idle',
      on: { RESET: '.idle', PING: { actions: () => undefined } },
      states: {
        idle: { on: { GO: { target: 'working', guard: and(['isReady', not('isLate')]) } } },
        working: {
          invoke: { src: 'load', onDone: 'both', onError: 'idle' },
          after: { 500: 'idle' },
        },
        both: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { always: { target: 'b', guard: 'isReady' } }, b: {} } },
            right: { initial: 'c', states: { c: { on: { END: '#sample.over' } } } },
          },
        },
        over: { type: 'final' },
      },
    });
    const chart = toMermaid(machine);
    expect(chart.split('\n')).toEqual(
      expect.arrayContaining([
        'stateDiagram-v2',
        '  [*] --> sample_idle',
        '  sample_working : invokes load',
        '  sample_over --> [*]',
        '    --',
        '  anyState : on PING',
        '  anyState --> sample_idle : RESET',
        '  sample_idle --> sample_working : GO [isReady and not isLate]',
        '  sample_working --> sample_both : load done',
        '  sample_working --> sample_idle : load error',
        '  sample_working --> sample_idle : after 500 ms',
        '  sample_both_left_a --> sample_both_left_b : always [isReady]',
        '  sample_both_right_c --> sample_over : END',
      ]),
    );
  });
});
