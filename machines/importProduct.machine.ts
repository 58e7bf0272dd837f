import { and, assign, fromCallback, setup } from 'xstate';
import { fileExtension } from '../contract/images';
import { IMPORT_FILE_EXTENSIONS, type ImportRowErrors } from '../contract/importProduct';
import { IMPORT_CLOSE_DELAY_MS, IMPORT_FILE_MAX_BYTES } from '../contract/limits';

/** What the machine needs of the chosen file; the web passes the File itself. */
export interface ImportFileChoice {
  name: string;
  size: number;
}

/** ImportProductCompleted, as the run actor hands it over. */
export interface ImportOutcome {
  errorCode: number;
  result: ImportRowErrors;
  importedCount: number;
}

/** Why a run ended without an answer from the server. */
export type ImportRunFailure = 'read' | 'connection';

/** What the run actor (read the file, send it over the hub, listen) reports. */
export type ImportRunEvent =
  | { type: 'PROGRESS'; progress: number }
  | { type: 'COMPLETED'; outcome: ImportOutcome }
  | { type: 'FAILED'; reason: ImportRunFailure };

export type ImportProductEvent =
  | { type: 'CHOOSE_LOCATION'; locationId: number | null }
  | { type: 'CHOOSE_FILE'; file: ImportFileChoice | null }
  | { type: 'START' }
  | { type: 'CLOSE' }
  | ImportRunEvent;

export type ImportFileProblem = 'type' | 'size';

export interface ImportProductContext {
  locationId: number | null;
  file: ImportFileChoice | null;
  fileProblem: ImportFileProblem | null;
  progress: number;
  outcome: ImportOutcome | null;
  failure: ImportRunFailure | null;
}

export interface ImportRunInput {
  locationId: number;
  file: ImportFileChoice;
}

/** Spec 2 section 5 "Import": one .xls/.xlsx file of at most 5 MB. */
export function importFileProblem(file: ImportFileChoice): ImportFileProblem | null {
  if (!(IMPORT_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return 'type';
  if (file.size > IMPORT_FILE_MAX_BYTES) return 'size';
  return null;
}

/** Rows the server did not import, by Excel row number. */
export const failedLineCount = (outcome: ImportOutcome | null) => Object.keys(outcome?.result ?? {}).length;

/**
 * Import product (spec 2 sections 2, 4 and 5): choose a city and a file; the import runs over the hub with a progress
 * bar; at 100% the dialog waits one second and closes, then a success message shows, or the failed-lines list opens,
 * or (the file refused as a whole) the import-failed message shows. The dialog cannot be closed while importing.
 */
export const importProductMachine = setup({
  types: {
    context: {} as ImportProductContext,
    events: {} as ImportProductEvent,
  },
  actors: {
    runImport: fromCallback<ImportProductEvent, ImportRunInput>(() => {
      throw new Error('runImport must be provided');
    }),
  },
  actions: {
    notifySuccess: (_, _importedCount: number) => {},
    notifyRefused: (_, _errorCode: number) => {},
    imported: (_, _importedCount: number) => {},
    closed: () => {},
  },
  guards: {
    canStart: ({ context }) => context.locationId !== null && context.file !== null && context.fileProblem === null,
    refused: ({ context }) => (context.outcome?.errorCode ?? 0) !== 0,
    hasFailedLines: ({ context }) => failedLineCount(context.outcome) > 0,
    importedSome: ({ context }) => (context.outcome?.importedCount ?? 0) > 0,
  },
  delays: { closeDelay: IMPORT_CLOSE_DELAY_MS },
}).createMachine({
  id: 'importProduct',
  context: { locationId: null, file: null, fileProblem: null, progress: 0, outcome: null, failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHOOSE_LOCATION: { actions: assign({ locationId: ({ event }) => event.locationId, failure: null }) },
        CHOOSE_FILE: {
          actions: assign({
            file: ({ event }) => event.file,
            fileProblem: ({ event }) => (event.file ? importFileProblem(event.file) : null),
            failure: null,
          }),
        },
        START: { guard: 'canStart', target: 'importing' },
        CLOSE: 'closed',
      },
    },
    importing: {
      entry: assign({ progress: 0, outcome: null, failure: null }),
      invoke: {
        src: 'runImport',
        input: ({ context }) => ({ locationId: context.locationId!, file: context.file! }),
      },
      on: {
        PROGRESS: {
          actions: assign({
            progress: ({ context, event }) => Math.max(context.progress, Math.min(100, event.progress)),
          }),
        },
        COMPLETED: { target: 'finishing', actions: assign({ outcome: ({ event }) => event.outcome, progress: 100 }) },
        FAILED: { target: 'editing', actions: assign({ failure: ({ event }) => event.reason }) },
      },
    },
    finishing: {
      after: {
        closeDelay: [
          {
            guard: 'refused',
            target: 'closed',
            actions: { type: 'notifyRefused', params: ({ context }) => context.outcome!.errorCode },
          },
          {
            guard: and(['hasFailedLines', 'importedSome']),
            target: 'failedLines',
            actions: { type: 'imported', params: ({ context }) => context.outcome!.importedCount },
          },
          { guard: 'hasFailedLines', target: 'failedLines' },
          {
            target: 'closed',
            actions: [
              { type: 'notifySuccess', params: ({ context }) => context.outcome!.importedCount },
              { type: 'imported', params: ({ context }) => context.outcome!.importedCount },
            ],
          },
        ],
      },
    },
    failedLines: {
      on: { CLOSE: 'closed' },
    },
    closed: {
      type: 'final',
      entry: 'closed',
    },
  },
});
