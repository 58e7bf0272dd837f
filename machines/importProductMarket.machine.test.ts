import { afterEach, describe, expect, it } from 'vitest';
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
