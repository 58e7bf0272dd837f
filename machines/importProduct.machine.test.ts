import { afterEach, describe, expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import { createActor, fromCallback, SimulatedClock, type Actor } from 'xstate';
import { ErrorCode } from '../contract/errors';
import { ImportFailure } from '../contract/importProduct';
import { IMPORT_CLOSE_DELAY_MS, IMPORT_FILE_MAX_BYTES } from '../contract/limits';
import {
  importProductMachine,
  type ImportOutcome,
  type ImportProductEvent,
  type ImportRunInput,
} from './importProduct.machine';

let actor: Actor<typeof importProductMachine> | undefined;
afterEach(() => actor?.stop());

const GOOD_FILE = { name: 'instruments.xlsx', size: 20_000 };
const OK: ImportOutcome = { errorCode: 0, result: {}, importedCount: 3 };
const SOME_FAILED: ImportOutcome = {
  errorCode: 0,
  result: { '4': [ErrorCode.ImportInvalidType], '7': [ErrorCode.ImportInvalidGxp] },
  importedCount: 2,
};
const NONE_IMPORTED: ImportOutcome = { errorCode: 0, result: { '3': [ErrorCode.ImportInvalidType] }, importedCount: 0 };
const REFUSED: ImportOutcome = { errorCode: ImportFailure.LegacyXls, result: {}, importedCount: 0 };

/** The machine with a fake run (the test speaks for the server through its sendBack) and recorded actions. */
function start() {
  const clock = new SimulatedClock();
  const runs: Array<{ input: ImportRunInput; sendBack: (e: ImportProductEvent) => void; stopped: boolean }> = [];
  const calls: string[] = [];
  actor = createActor(
    importProductMachine.provide({
      actors: {
        runImport: fromCallback<ImportProductEvent, ImportRunInput>(({ input, sendBack }) => {
          const run = { input, sendBack, stopped: false };
          runs.push(run);
          return () => {
            run.stopped = true;
          };
        }),
      },
      actions: {
        notifySuccess: (_, count) => void calls.push(`success ${count}`),
        notifyRefused: (_, code) => void calls.push(`refused ${code}`),
        imported: (_, count) => void calls.push(`imported ${count}`),
        closed: () => void calls.push('closed'),
      },
    }),
    { clock },
  ).start();
  const ready = () => {
    actor!.send({ type: 'CHOOSE_LOCATION', locationId: 7 });
    actor!.send({ type: 'CHOOSE_FILE', file: GOOD_FILE });
  };
  return { actor, clock, runs, calls, ready };
}

describe('import product', () => {
  it('enables the import only with a city and an .xls/.xlsx file of at most 5 MB', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(false);
    actor.send({ type: 'CHOOSE_FILE', file: GOOD_FILE });
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(false);
    actor.send({ type: 'CHOOSE_LOCATION', locationId: 7 });
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(true);

    actor.send({ type: 'CHOOSE_FILE', file: { name: 'instruments.csv', size: 10 } });
    expect(actor.getSnapshot().context.fileProblem).toBe('type');
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(false);
    actor.send({ type: 'CHOOSE_FILE', file: { name: 'BIG.XLS', size: IMPORT_FILE_MAX_BYTES + 1 } });
    expect(actor.getSnapshot().context.fileProblem).toBe('size');
    actor.send({ type: 'CHOOSE_FILE', file: { name: 'legacy.xls', size: IMPORT_FILE_MAX_BYTES } });
    expect(actor.getSnapshot().context.fileProblem).toBeNull();
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(true);
    actor.send({ type: 'CHOOSE_LOCATION', locationId: null });
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(false);
  });

  it('runs the import with the chosen city and file and follows its progress', () => {
    const { actor, runs, ready } = start();
    ready();
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('importing');
    expect(runs[0]!.input).toEqual({ locationId: 7, file: GOOD_FILE });
    runs[0]!.sendBack({ type: 'PROGRESS', progress: 20 });
    runs[0]!.sendBack({ type: 'PROGRESS', progress: 10 });
    expect(actor.getSnapshot().context.progress).toBe(20);
    runs[0]!.sendBack({ type: 'PROGRESS', progress: 150 });
    expect(actor.getSnapshot().context.progress).toBe(100);
    expect(actor.getSnapshot().can({ type: 'CLOSE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'CHOOSE_FILE', file: GOOD_FILE })).toBe(false);
  });

  it('shows 100% for one second, then closes and reports the success', () => {
    const { actor, clock, runs, calls, ready } = start();
    ready();
    actor.send({ type: 'START' });
    runs[0]!.sendBack({ type: 'PROGRESS', progress: 60 });
    runs[0]!.sendBack({ type: 'COMPLETED', outcome: OK });
    expect(actor.getSnapshot().value).toBe('finishing');
    expect(actor.getSnapshot().context.progress).toBe(100);
    expect(runs[0]!.stopped).toBe(true);
    clock.increment(IMPORT_CLOSE_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('finishing');
    expect(actor.getSnapshot().can({ type: 'CLOSE' })).toBe(false);
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual(['success 3', 'imported 3', 'closed']);
  });

  it('opens the failed-lines list one second after 100% when some rows were refused', () => {
    const { actor, clock, runs, calls, ready } = start();
    ready();
    actor.send({ type: 'START' });
    runs[0]!.sendBack({ type: 'COMPLETED', outcome: SOME_FAILED });
    clock.increment(IMPORT_CLOSE_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('failedLines');
    expect(actor.getSnapshot().context.outcome).toEqual(SOME_FAILED);
    expect(calls).toEqual(['imported 2']);
    actor.send({ type: 'CLOSE' });
    expect(calls).toEqual(['imported 2', 'closed']);
  });

  it('does not report imported equipment when no row was imported', () => {
    const { actor, clock, runs, calls, ready } = start();
    ready();
    actor.send({ type: 'START' });
    runs[0]!.sendBack({ type: 'COMPLETED', outcome: NONE_IMPORTED });
    clock.increment(IMPORT_CLOSE_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('failedLines');
    expect(calls).toEqual([]);
  });

  it('closes with the import-failed message when the server refused the file', () => {
    const { actor, clock, runs, calls, ready } = start();
    ready();
    actor.send({ type: 'START' });
    runs[0]!.sendBack({ type: 'COMPLETED', outcome: REFUSED });
    clock.increment(IMPORT_CLOSE_DELAY_MS);
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual([`refused ${ImportFailure.LegacyXls}`, 'closed']);
  });

  it('goes back to the form when the connection drops, keeping the choices, and can try again', () => {
    const { actor, runs, ready } = start();
    ready();
    actor.send({ type: 'START' });
    runs[0]!.sendBack({ type: 'PROGRESS', progress: 40 });
    runs[0]!.sendBack({ type: 'FAILED', reason: 'connection' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ failure: 'connection', locationId: 7, file: GOOD_FILE });
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context).toMatchObject({ progress: 0, failure: null });
    expect(runs).toHaveLength(2);
  });
});

describe('import product, model-based', () => {
  // createTestModel refuses machines that invoke; the same shortest-path traversal, executed here step by step.
  const afterDelay = 'xstate.after.closeDelay.importProduct.finishing';
  type ModelEvent = ImportProductEvent | { type: typeof afterDelay };
  const paths = getShortestPaths(importProductMachine, {
    events: [
      { type: 'CHOOSE_LOCATION', locationId: 7 },
      { type: 'CHOOSE_FILE', file: GOOD_FILE },
      { type: 'CHOOSE_FILE', file: { name: 'list.csv', size: 1 } },
      { type: 'START' },
      { type: 'PROGRESS', progress: 50 },
      { type: 'COMPLETED', outcome: OK },
      { type: 'COMPLETED', outcome: SOME_FAILED },
      { type: 'COMPLETED', outcome: REFUSED },
      { type: 'FAILED', reason: 'read' },
      { type: afterDelay },
      { type: 'CLOSE' },
    ] as ImportProductEvent[],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.locationId !== null,
        s.context.file !== null,
        s.context.fileProblem,
        s.context.outcome
          ? [s.context.outcome.errorCode !== 0, Object.keys(s.context.outcome.result).length > 0]
          : null,
        s.context.failure,
      ]),
  });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(
      ['editing', 'importing', 'finishing', 'failedLines', 'closed'].map((s) => JSON.stringify(s)).sort(),
    );
  });

  for (const path of paths) {
    const events = path.steps.map((step) => step.event as ModelEvent);
    it(`reaches ${JSON.stringify(path.state.value)} via ${events.map((e) => e.type).join(' > ') || 'nothing'}`, () => {
      const { actor, clock, runs } = start();
      for (const event of events) {
        if (event.type === afterDelay) clock.increment(IMPORT_CLOSE_DELAY_MS);
        else if (event.type === 'PROGRESS' || event.type === 'COMPLETED' || event.type === 'FAILED')
          runs.at(-1)!.sendBack(event);
        else actor.send(event as ImportProductEvent);
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      expect(snapshot.context).toEqual(path.state.context);
    });
  }
});
