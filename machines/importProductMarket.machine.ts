import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { EXCEL_CONTENT_TYPES, type FileIdentifier } from '../contract/images';
import type { ImportRowErrors } from '../contract/importProduct';

/** What the machine needs of the chosen file; the web passes the File itself. */
export interface CatalogueFileChoice {
  name: string;
  size: number;
  /** The browser's MIME type of the file. */
  type: string;
}

/** importProductMarketCompleted, as the run actor hands it over. */
export interface CatalogueImportOutcome {
  errorCode: number;
  result: ImportRowErrors;
  importedCount: number;
}

/** What the run actor (the hub method importProductMarket) reports. */
export type CatalogueRunEvent =
  { type: 'PROGRESS'; progress: number } | { type: 'COMPLETED'; outcome: CatalogueImportOutcome } | { type: 'FAILED' };

export type CatalogueImportEvent = { type: 'CHOOSE_FILE'; file: CatalogueFileChoice } | CatalogueRunEvent;

export interface CatalogueImportContext {
  file: CatalogueFileChoice | null;
  /** Where the file went in storage, once uploaded. */
  uploaded: FileIdentifier | null;
  progress: number;
  /** The rows of the last refused file, by Excel row number. */
  failedRows: ImportRowErrors;
}

/** Spec 3 section 5: one of the two Excel MIME types. */
export const isExcelFile = (file: CatalogueFileChoice) =>
  (EXCEL_CONTENT_TYPES as readonly string[]).includes(file.type);

/**
 * Import product info (spec 3 sections 2, 5 and 8): a file of another type is refused at once (error_msg_fileWrong);
 * an Excel file is uploaded to storage, then imported over the hub with progress; success reloads the grid, a
 * refusal shows import_failed and the rows' problems, and the progress goes away either way. No second file is taken
 * while one is on its way.
 */
export const importProductMarketMachine = setup({
  types: {
    context: {} as CatalogueImportContext,
    events: {} as CatalogueImportEvent,
  },
  actors: {
    upload: fromPromise<FileIdentifier, CatalogueFileChoice>(() => {
      throw new Error('upload must be provided');
    }),
    runImport: fromCallback<CatalogueImportEvent, FileIdentifier>(() => {
      throw new Error('runImport must be provided');
    }),
  },
  actions: {
    notifyWrongType: () => {},
    notifySuccess: (_, _importedCount: number) => {},
    notifyFailed: (_, _errorCode: number | null) => {},
    imported: () => {},
  },
  guards: {
    isExcel: ({ event }) => event.type === 'CHOOSE_FILE' && isExcelFile(event.file),
    succeeded: ({ event }) => event.type === 'COMPLETED' && event.outcome.errorCode === 0,
  },
}).createMachine({
  id: 'importProductMarket',
  context: { file: null, uploaded: null, progress: 0, failedRows: {} },
  initial: 'idle',
  states: {
    idle: {
      on: {
        CHOOSE_FILE: [
          {
            guard: 'isExcel',
            target: 'uploading',
            actions: assign({ file: ({ event }) => event.file, failedRows: {} }),
          },
          { actions: 'notifyWrongType' },
        ],
      },
    },
    uploading: {
      entry: assign({ progress: 0 }),
      invoke: {
        src: 'upload',
        input: ({ context }) => context.file!,
        onDone: { target: 'importing', actions: assign({ file: null, uploaded: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'notifyFailed', params: null } },
      },
    },
    importing: {
      invoke: { src: 'runImport', input: ({ context }) => context.uploaded! },
      exit: assign({ uploaded: null }),
      on: {
        PROGRESS: {
          actions: assign({
            progress: ({ context, event }) => Math.max(context.progress, Math.min(100, event.progress)),
          }),
        },
        COMPLETED: [
          {
            guard: 'succeeded',
            target: 'idle',
            actions: [{ type: 'notifySuccess', params: ({ event }) => event.outcome.importedCount }, 'imported'],
          },
          {
            target: 'idle',
            actions: [
              assign({ failedRows: ({ event }) => event.outcome.result }),
              { type: 'notifyFailed', params: ({ event }) => event.outcome.errorCode },
            ],
          },
        ],
        FAILED: { target: 'idle', actions: { type: 'notifyFailed', params: null } },
      },
    },
  },
});
