import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from './headless';
import { MACHINES } from './registry';

const ROOT = path.resolve(import.meta.dirname, '..');
const scenario = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'docs/machine-scenarios', file), 'utf8')) as Scenario;
const run = async (name: string, s: Scenario) => {
  const lines: string[] = [];
  const end = await runScenario(MACHINES[name]!.machine, s, (line) => lines.push(line));
  return { lines, end };
};

describe('machines run headless from a scenario', () => {
  it('a failed save and its retry: states, context changes, actor answers and effects in order', async () => {
    const { lines, end } = await run('savedView', scenario('savedView.create-retry.json'));
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
    expect(lines).toContain('start → ready.idle');
    expect(lines).toContain('OPEN_CREATE → ready.naming');
    expect(lines).toContain('  effect failed {"operation":"create","viewName":"Mine","cause":"Error(network)"}');
    expect(lines).toContain('CREATE {"name":"Mine","shareScope":"private"} → ready.naming');
    expect(lines).toContain('  effect succeeded {"operation":"create","viewName":"Mine"}');
    expect(lines.filter((l) => !l.startsWith(' ')).at(-1)).toBe(
      'CREATE {"name":"Mine","shareScope":"private"} → ready.idle',
    );
    expect(lines).toContain('  currentId: -1 → 5');
    expect(at('  actor createView')).toBeLessThan(at('  effect failed'));
    expect(end.state).toEqual({ ready: 'idle' });
  });

  it('a callback actor sends the answered events, and a wait runs the machine’s delays', async () => {
    const { lines, end } = await run('importProduct', scenario('importProduct.success.json'));
    expect(lines).toContain('START → finishing');
    expect(lines).toContain('  progress: 0 → 100');
    expect(lines.slice(lines.indexOf('START → finishing'))).toEqual(
      expect.arrayContaining(['  effect notifySuccess 12', '  effect imported 12']),
    );
    expect(lines.at(-1)).toBe('wait 1000 ms → closed (done)');
    expect(end.state).toBe('closed');
  });

  it('a reservation that conflicts with another (16201) keeps the input, and saves once moved', async () => {
    const { lines, end } = await run('reservation', scenario('reservation.conflict.json'));
    const steps = lines.filter((l) => !l.startsWith(' '));
    expect(steps).toEqual([
      'start → editing.ready',
      'EDIT {"field":"comments","value":"Calibration run"} → editing.ready',
      'SUBMIT → editing.conflict',
      'EDIT {"field":"start","value":"2099-01-05T13:00"} → editing.ready',
      'SUBMIT → saved (done)',
    ]);
    expect(lines).toContain('  effect failed "Error(api error 16201)"');
    expect(lines).toContain('  failure: null → {"kind":"conflict","cause":"Error(api error 16201)"}');
    expect(lines).toContain('  failure: {"kind":"conflict","cause":"Error(api error 16201)"} → null');
    expect(lines.filter((l) => l.startsWith('  actor createReservation'))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/^ {2}saved: null → \[\{"reservationId":41,/);
    expect(lines.indexOf('  effect close')).toBeGreaterThan(
      lines.findIndex((l) => l.startsWith('  effect notifySaved')),
    );
    expect(end.state).toBe('saved');
  });

  it("an admin's deletion asks for the comment, keeps it when refused, and deletes on the next try", async () => {
    const { lines, end } = await run('reservationRemoval', scenario('reservationRemoval.admin-comment.json'));
    const steps = lines.filter((l) => !l.startsWith(' ')).map((l) => l.replace(/^REMOVE .*→/, 'REMOVE →'));
    expect(steps).toEqual([
      'start → idle',
      'REMOVE → commenting',
      'CONFIRM → commenting',
      'EDIT_COMMENT {"value":"  Needed for the service visit  "} → commenting',
      'CONFIRM → commenting',
      'CONFIRM → idle',
    ]);
    expect(lines).toContain('  effect notifyFailed "Error(http 403 Forbidden)"');
    expect(
      lines.filter((l) => l.startsWith('  actor removeReservation')).map((l) => l.slice(0, l.indexOf(') → ') + 1)),
    ).toEqual(
      Array(2).fill(
        '  actor removeReservation({"reservationId":41,"isSeriesDelete":false,"comments":"Needed for the service visit"})',
      ),
    );
    expect(end.state).toBe('idle');
  });

  it('an actor without an answer stays pending, and says so', async () => {
    const input = scenario('savedView.create-retry.json').input;
    const { lines, end } = await run('savedView', { input, events: [{ type: 'OPEN_CREATE' }] });
    expect(lines[0]).toMatch(/^ {2}actor loadViews\(.*\) → no answer: it stays pending$/);
    expect(lines).toContain('OPEN_CREATE → loading');
    expect(end.state).toBe('loading');
  });

  it('a machine that fails on the scenario (its input missing) says so instead of throwing', async () => {
    const { lines } = await run('invitation', { events: [{ type: 'SEND' }] });
    expect(lines[0]).toMatch(/^error /);
    expect(lines).toContain('start → editing (failed)');
  });

  it('npm run machine prints the same run, and names the machines when the name is unknown', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.machine).toBe('tsx scripts/machine.ts');
    const machine = (...args: string[]) =>
      spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/machine.ts', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const file = 'docs/machine-scenarios/importProduct.success.json';
    const ok = machine('importProduct', file);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('START → finishing');
    expect(ok.stdout.trim().split('\n').at(-1)).toBe('wait 1000 ms → closed (done)');

    const unknown = machine('nope', file);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('machines: appStatus, calendar');
  }, 60_000);
});
