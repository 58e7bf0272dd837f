import { assign, fromCallback, setup } from 'xstate';
import type { Document } from '../contract/documents';
import { MessageKey, type UiMessage } from '../contract/errors';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  hasAllowedExtension,
} from '../contract/images';
import { MB, UPLOAD_DEBOUNCE_MS } from '../contract/limits';

/** A message for the user, with the file it is about. */
export type UploadProblem = UiMessage & { fileName?: string };

/** The message key of an empty file (the store refuses one). */
export const EMPTY_FILE_MESSAGE = 'documents:file_empty';

/** What the picker hands over: a browser File, or anything with its name, size and bytes. */
export type PickedFile = Blob & { readonly name: string };

export interface PendingUpload {
  id: number;
  file: PickedFile;
  /** 0 to 100: the bytes sent to storage. */
  percent: number;
}

export interface DocumentUploadContext {
  uploads: PendingUpload[];
  /** Files refused before upload (type, size, count), or why the upload failed. */
  problems: UploadProblem[];
  nextId: number;
}

export type DocumentUploadEvent =
  | { type: 'PICK'; files: readonly PickedFile[] }
  | { type: 'PROGRESS'; id: number; percent: number }
  | { type: 'UPLOADED'; documents: Document[] }
  | { type: 'FAILED'; problem: UploadProblem }
  | { type: 'RETRY' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' };

export interface PickCheck {
  accepted: PickedFile[];
  problems: UploadProblem[];
}

/**
 * The rules of a pick (spec 2 section 5 "Attachments", documents): at most DOCUMENT_MAX_FILES files together with
 * those already waiting, else none is taken; of the rest, a file of another type, larger than 5 MB or empty is
 * refused with its message and the others go ahead.
 */
export function checkPick(files: readonly PickedFile[], alreadyWaiting = 0): PickCheck {
  if (files.length + alreadyWaiting > DOCUMENT_MAX_FILES) {
    return {
      accepted: [],
      problems: [{ key: MessageKey.attachSmallerMaxFile, values: { maxFiles: DOCUMENT_MAX_FILES } }],
    };
  }
  const accepted: PickedFile[] = [];
  const problems: UploadProblem[] = [];
  for (const file of files) {
    if (!hasAllowedExtension('EquipmentDocument', file.name)) {
      problems.push({ key: FILE_TYPE_MESSAGE, fileName: file.name });
    } else if (file.size > DOCUMENT_MAX_BYTES) {
      problems.push({ key: FILE_SIZE_MESSAGE, values: { maxSize: DOCUMENT_MAX_BYTES / MB }, fileName: file.name });
    } else if (file.size === 0) {
      problems.push({ key: EMPTY_FILE_MESSAGE, fileName: file.name });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}

const withPick = (context: DocumentUploadContext, files: readonly PickedFile[], keep: PendingUpload[]) => {
  const { accepted, problems } = checkPick(files, keep.length);
  return {
    uploads: [...keep, ...accepted.map((file, i) => ({ id: context.nextId + i, file, percent: 0 }))],
    problems,
    nextId: context.nextId + accepted.length,
  };
};

/**
 * Uploading documents (spec 2 section 4): picked or dropped files are checked at once; the valid ones start
 * uploading by themselves UPLOAD_DEBOUNCE_MS after the last pick (a second pick within it joins the same batch).
 * The injected `uploadBatch` sends each file to storage, reporting PROGRESS, then registers the batch and answers
 * UPLOADED or FAILED. A failed batch can be retried or dismissed.
 */
export const documentUploadMachine = setup({
  types: {
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
  },
  actors: {
    uploadBatch: fromCallback<DocumentUploadEvent, { uploads: PendingUpload[] }>(() => {
      throw new Error('uploadBatch must be provided');
    }),
  },
  actions: {
    uploaded: (_, _documents: Document[]) => {},
  },
  guards: {
    /** The pick starts a new batch and has a file to upload. */
    startsBatch: ({ event }) => event.type === 'PICK' && checkPick(event.files).accepted.length > 0,
    /** The pick joins the waiting batch and has a file to upload. */
    joinsBatch: ({ context, event }) =>
      event.type === 'PICK' && checkPick(event.files, context.uploads.length).accepted.length > 0,
  },
  delays: { debounce: UPLOAD_DEBOUNCE_MS },
}).createMachine({
  id: 'documentUpload',
  context: { uploads: [], problems: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        PICK: [
          {
            guard: 'startsBatch',
            target: 'debouncing',
            actions: assign(({ context, event }) => withPick(context, event.files, [])),
          },
          { actions: assign(({ context, event }) => withPick(context, event.files, [])) },
        ],
        DISMISS: { actions: assign({ problems: [] }) },
      },
    },
    debouncing: {
      after: { debounce: 'uploading' },
      on: {
        PICK: [
          {
            guard: 'joinsBatch',
            target: 'debouncing',
            reenter: true,
            actions: assign(({ context, event }) => withPick(context, event.files, context.uploads)),
          },
          // A refused pick leaves the waiting batch as it is, and it still starts.
          {
            actions: assign(({ event, context }) => ({
              problems: withPick(context, event.files, context.uploads).problems,
            })),
          },
        ],
        CANCEL: { target: 'idle', actions: assign({ uploads: [], problems: [] }) },
      },
    },
    uploading: {
      invoke: {
        src: 'uploadBatch',
        input: ({ context }) => ({ uploads: context.uploads }),
      },
      on: {
        PROGRESS: {
          actions: assign({
            uploads: ({ context, event }) =>
              context.uploads.map((u) =>
                u.id === event.id ? { ...u, percent: Math.max(u.percent, event.percent) } : u,
              ),
          }),
        },
        UPLOADED: {
          target: 'idle',
          actions: [assign({ uploads: [] }), { type: 'uploaded', params: ({ event }) => event.documents }],
        },
        FAILED: { target: 'failed', actions: assign({ problems: ({ event }) => [event.problem] }) },
        CANCEL: { target: 'idle', actions: assign({ uploads: [], problems: [] }) },
      },
    },
    failed: {
      on: {
        RETRY: {
          target: 'uploading',
          actions: assign({
            problems: [],
            uploads: ({ context }) => context.uploads.map((u) => ({ ...u, percent: 0 })),
          }),
        },
        DISMISS: { target: 'idle', actions: assign({ uploads: [], problems: [] }) },
        PICK: [
          {
            guard: 'startsBatch',
            target: 'debouncing',
            actions: assign(({ context, event }) => withPick(context, event.files, [])),
          },
          { actions: assign(({ context, event }) => ({ problems: withPick(context, event.files, []).problems })) },
        ],
      },
    },
  },
});
