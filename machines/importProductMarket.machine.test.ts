import { afterEach, describe, expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import type { FileIdentifier } from '../contract/images';
import { ProductMarketImportFailure } from '../contract/importProductMarket';
import {
  importProductMarketMachine,
  type CatalogueFileChoice,
  type CatalogueImportEvent,
} from './importProductMarket.machine';

let actor: Actor<typeof importProductMarketMachine> | undefined;
afterEach(() => actor?.stop());

const XLSX: CatalogueFileChoice = {
  name: 'catalogue.xlsx',
  size: 30_000,
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const STORED: FileIdentifier = { resourceKey: 'c/ProductMarketInfo/a.xlsx', bucketName: 'portal-product-market-info' };

/** The machine with a fake upload and run (the test speaks for storage and the hub) and recorded actions. */
function start(upload: (file: CatalogueFileChoice) => Promise<FileIdentifier> = async () => STORED) {
  const runs: Array<{ input: FileIdentifier; sendBack: (e: CatalogueImportEvent) => void; stopped: boolean }> = [];
  const calls: string[] = [];
  actor = createActor(
    importProductMarketMachine.provide({
      actors: {
        upload: fromPromise(({ input }) => upload(input)),
        runImport: fromCallback<CatalogueImportEvent, FileIdentifier>(({ input, sendBack }) => {
          const run = { input, sendBack, stopped: false };
          runs.push(run);
          return () => {
            run.stopped = true;
          };
        }),
      },
      actions: {
        notifyWrongType: () => void calls.push('wrong type'),
        notifySuccess: (_, count) => void calls.push(`success ${count}`),
        notifyFailed: (_, code) => void calls.push(`failed ${code}`),
        imported: () => void calls.push('imported'),
      },
    }),
  ).start();
  return { actor, runs, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('import product info', () => {
  it('refuses a file that is not one of the two Excel types, and stays idle', () => {
    const { actor, calls } = start();
    actor.send({ type: 'CHOOSE_FILE', file: { name: 'catalogue.csv', size: 10, type: 'text/csv' } });
    actor.send({ type: 'CHOOSE_FILE', file: { ...XLSX, type: '' } });
    expect(calls).toEqual(['wrong type', 'wrong type']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('uploads, imports the stored file with rising progress, then tells of success and reloads', async () => {
    const { actor, runs, calls } = start();
    actor.send({ type: 'CHOOSE_FILE', file: { ...XLSX, type: 'application/vnd.ms-excel', name: 'old.xls' } });
    expect(actor.getSnapshot().value).toBe('uploading');
    await settle();
    expect(actor.getSnapshot().value).toBe('importing');
    expect(runs[0]!.input).toEqual(STORED);
    runs[0]!.sendBack({ type: 'PROGRESS', progress: 40 });
    runs[0]!.sendBack({ type: 'PROGRESS', progress: 30 });
    expect(actor.getSnapshot().context.progress).toBe(40);
    // No second file while one is on its way.
    actor.send({ type: 'CHOOSE_FILE', file: XLSX });
    expect(runs).toHaveLength(1);
    runs[0]!.sendBack({ type: 'COMPLETED', outcome: { errorCode: 0, result: {}, importedCount: 12 } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(runs[0]!.stopped).toBe(true);
    expect(calls).toEqual(['success 12', 'imported']);
  });

  it('keeps the rows of a refused file and tells of the failure; a lost connection or upload fails too', async () => {
    const { actor, runs, calls } = start();
    actor.send({ type: 'CHOOSE_FILE', file: XLSX });
    await settle();
    const result = { '5000': [16201] };
    runs[0]!.sendBack({
      type: 'COMPLETED',
      outcome: { errorCode: ProductMarketImportFailure.InvalidRows, result, importedCount: 0 },
    });
    expect(actor.getSnapshot().context.failedRows).toEqual(result);
    actor.send({ type: 'CHOOSE_FILE', file: XLSX });
    expect(actor.getSnapshot().context.failedRows).toEqual({});
    await settle();
    runs[1]!.sendBack({ type: 'FAILED' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([`failed ${ProductMarketImportFailure.InvalidRows}`, 'failed null']);

    const failing = start(() => Promise.reject(new Error('storage down')));
    failing.actor.send({ type: 'CHOOSE_FILE', file: XLSX });
    await settle();
    expect(failing.actor.getSnapshot().value).toBe('idle');
    expect(failing.calls).toEqual(['failed null']);
  });
});

describe('import product info, model-based', () => {
  const uploadId = '0.importProductMarket.uploading';
  const REFUSED = { errorCode: ProductMarketImportFailure.InvalidRows, result: { '7': [16201] }, importedCount: 0 };
  type ModelEvent = CatalogueImportEvent | { type: `xstate.${'done' | 'error'}.actor.${string}`; output?: unknown };
  const paths = getShortestPaths(importProductMarketMachine, {
    events: [
      { type: 'CHOOSE_FILE', file: XLSX },
      { type: 'CHOOSE_FILE', file: { name: 'catalogue.csv', size: 10, type: 'text/csv' } },
      { type: `xstate.done.actor.${uploadId}`, output: STORED },
      { type: `xstate.error.actor.${uploadId}`, error: new Error('storage') },
      { type: 'PROGRESS', progress: 50 },
      { type: 'COMPLETED', outcome: { errorCode: 0, result: {}, importedCount: 3 } },
      { type: 'COMPLETED', outcome: REFUSED },
      { type: 'FAILED' },
    ] as CatalogueImportEvent[],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.file !== null,
        s.context.uploaded !== null,
        s.context.progress > 0,
        Object.keys(s.context.failedRows).length > 0,
      ]),
  });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(importProductMarketMachine.root.states).sort());
  });

  for (const path of paths) {
    const events = path.steps.map((step) => step.event as ModelEvent);
    it(`reaches ${String(path.state.value)} via ${events.map((e) => e.type).join(' > ') || 'nothing'}`, async () => {
      const uploads: { resolve: (f: FileIdentifier) => void; reject: (e: unknown) => void }[] = [];
      const { actor, runs } = start(
        () => new Promise<FileIdentifier>((resolve, reject) => void uploads.push({ resolve, reject })),
      );
      for (const event of events) {
        if (event.type === `xstate.done.actor.${uploadId}`) uploads.at(-1)!.resolve(STORED);
        else if (event.type === `xstate.error.actor.${uploadId}`) uploads.at(-1)!.reject(new Error('storage'));
        else if (event.type === 'PROGRESS' || event.type === 'COMPLETED' || event.type === 'FAILED')
          runs.at(-1)!.sendBack(event);
        else if (event.type === 'CHOOSE_FILE') actor.send(event);
        await settle();
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      expect(snapshot.context).toEqual(path.state.context);
    });
  }
});
