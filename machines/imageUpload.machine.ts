import { assign, fromPromise, setup } from 'xstate';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  hasAllowedExtension,
  type UploadKind,
} from '../contract/images';
import type { InstrumentImageData } from '../contract/images';
import type { UiMessage } from '../contract/errors';
import { MB } from '../contract/limits';
import type { PickedFile } from './documentUpload.machine';

/** Uploads of equipment images go to the equipment folder with the image limits. */
export const IMAGE_UPLOAD_KIND: UploadKind = 'EquipmentImage';

export const TOO_MANY: UiMessage = { key: 'Attach_smaller_maxFile', values: { maxFiles: IMAGE_MAX_FILES } };
export const TOO_LARGE: UiMessage = { key: FILE_SIZE_MESSAGE, values: { maxSize: IMAGE_MAX_BYTES / MB } };
export const WRONG_TYPE: UiMessage = { key: FILE_TYPE_MESSAGE };
export const EMPTY_FILE: UiMessage = { key: 'images:file_empty' };

/** What is wrong with picked files by the image rules (spec 2 section 5): 1 file, 5 MB, jpg jpeg png gif bmp. */
export function checkPickedFiles(files: ReadonlyArray<{ name: string; size: number }>): UiMessage | null {
  if (files.length > IMAGE_MAX_FILES) return TOO_MANY;
  const file = files[0];
  if (!file) return null;
  if (!hasAllowedExtension(IMAGE_UPLOAD_KIND, file.name)) return WRONG_TYPE;
  if (file.size > IMAGE_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return EMPTY_FILE;
  return null;
}

/** The photo the user picked and the thumbnail made from it. */
export interface ChosenImage {
  file: PickedFile;
  thumbnail: Blob;
}

export interface ImageUploadContext {
  chosen: ChosenImage | null;
  /** The picked file whose thumbnail is being made. */
  pending: PickedFile | null;
  /** Why the last pick was refused (type, size, count, or not an image). */
  problem: UiMessage | null;
  /** Why the last upload failed, as the upload call threw it. */
  failure: unknown;
  asDefault: boolean;
  /** Bytes of the photo and its thumbnail sent so far. */
  sent: number;
}

export type ImageUploadEvent =
  | { type: 'PICK'; files: readonly PickedFile[] }
  | { type: 'CLEAR' }
  | { type: 'SET_DEFAULT'; on: boolean }
  | { type: 'UPLOAD' }
  | { type: 'PROGRESS'; sent: number };

export interface UploadImageInput {
  chosen: ChosenImage;
  asDefault: boolean;
  /** Bytes sent so far, as the transfer reports them. */
  report(sent: number): void;
}

type Pick = Extract<ImageUploadEvent, { type: 'PICK' }>;
const picked = (event: ImageUploadEvent) => (event as Pick).files;
const filesOf = (context: ImageUploadContext, event: ImageUploadEvent) =>
  context.chosen ? [context.chosen.file, ...picked(event)] : picked(event);

/**
 * Upload of one instrument image (spec 2 sections 5 and 9): a pick is checked (with a photo already chosen it
 * counts as a second file), then its thumbnail is made; Upload sends both and registers them, reporting progress;
 * a failure keeps the choice for another try. The upload actor is stopped (and its transfer aborted) when the
 * dialog closes.
 */
export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
  },
  actors: {
    prepare: fromPromise<ChosenImage, PickedFile>(() => Promise.reject(new Error('prepare must be provided'))),
    upload: fromPromise<InstrumentImageData | null, UploadImageInput>(() =>
      Promise.reject(new Error('upload must be provided')),
    ),
  },
  actions: {
    uploaded: (_, _result: InstrumentImageData | null) => {},
    failed: (_, _error: unknown) => {},
    clear: assign({ chosen: null, pending: null, problem: null, failure: null }),
    refusePick: assign({ problem: ({ context, event }) => checkPickedFiles(filesOf(context, event)), failure: null }),
    takePick: assign({ pending: ({ event }) => picked(event)[0]!, chosen: null, problem: null, failure: null }),
  },
  guards: {
    nothingPicked: ({ event }) => picked(event).length === 0,
    pickRefused: ({ context, event }) => checkPickedFiles(filesOf(context, event)) !== null,
  },
}).createMachine({
  id: 'imageUpload',
  context: { chosen: null, pending: null, problem: null, failure: null, asDefault: false, sent: 0 },
  initial: 'empty',
  on: {
    SET_DEFAULT: { actions: assign({ asDefault: ({ event }) => event.on }) },
  },
  states: {
    empty: {
      on: {
        PICK: [
          { guard: 'nothingPicked' },
          { guard: 'pickRefused', actions: 'refusePick' },
          { target: 'preparing', actions: 'takePick' },
        ],
      },
    },
    preparing: {
      invoke: {
        src: 'prepare',
        input: ({ context }) => context.pending!,
        onDone: { target: 'chosen', actions: assign({ chosen: ({ event }) => event.output, pending: null }) },
        onError: { target: 'empty', actions: assign({ pending: null, problem: WRONG_TYPE }) },
      },
      on: { CLEAR: { target: 'empty', actions: 'clear' } },
    },
    chosen: {
      on: {
        PICK: [
          { guard: 'nothingPicked' },
          { guard: 'pickRefused', actions: 'refusePick' },
          { target: 'preparing', actions: 'takePick' },
        ],
        CLEAR: { target: 'empty', actions: 'clear' },
        UPLOAD: 'uploading',
      },
    },
    uploading: {
      entry: assign({ sent: 0, problem: null, failure: null }),
      invoke: {
        src: 'upload',
        input: ({ context, self }) => ({
          chosen: context.chosen!,
          asDefault: context.asDefault,
          report: (sent: number) => self.send({ type: 'PROGRESS', sent }),
        }),
        onDone: {
          target: 'empty',
          actions: [
            assign({ chosen: null, asDefault: false }),
            { type: 'uploaded', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'chosen',
          actions: [
            assign({ failure: ({ event }) => event.error }),
            { type: 'failed', params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
      on: { PROGRESS: { actions: assign({ sent: ({ event }) => event.sent }) } },
    },
  },
});

/** The share of the chosen photo and thumbnail sent, 0 to 100. */
export const percentSent = ({ chosen, sent }: ImageUploadContext) =>
  chosen ? Math.min(100, Math.floor((sent / Math.max(1, chosen.file.size + chosen.thumbnail.size)) * 100)) : 0;
