import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { InstrumentImageData } from '../contract/images';
import type { PickedFile } from './documentUpload.machine';
import {
  checkPickedFiles,
  EMPTY_FILE,
  imageUploadMachine,
  percentSent,
  TOO_LARGE,
  TOO_MANY,
  WRONG_TYPE,
  type ChosenImage,
  type UploadImageInput,
} from './imageUpload.machine';

const file = (name: string, size = 1000): PickedFile => Object.assign(new Blob([new Uint8Array(size)]), { name });
const thumbnail = new Blob([new Uint8Array(100)], { type: 'image/png' });
const RESULT = { images: [] } as unknown as InstrumentImageData;

interface Answers {
  prepare?: (file: PickedFile) => Promise<ChosenImage>;
  upload?: (input: UploadImageInput) => Promise<InstrumentImageData | null>;
}

function start(answers: Answers = {}) {
  const uploaded: Array<InstrumentImageData | null> = [];
  const failed: unknown[] = [];
  const actor = createActor(
    imageUploadMachine.provide({
      actors: {
        prepare: fromPromise<ChosenImage, PickedFile>(({ input }) =>
          (answers.prepare ?? (async (f) => ({ file: f, thumbnail })))(input),
        ),
        upload: fromPromise<InstrumentImageData | null, UploadImageInput>(({ input }) =>
          (answers.upload ?? (async () => RESULT))(input),
        ),
      },
      actions: {
        uploaded: (_, result) => uploaded.push(result),
        failed: (_, error) => failed.push(error),
      },
    }),
  ).start();
  return { actor, uploaded, failed };
}

describe('image rules', () => {
  it('one file of an image type, up to 5 MB, not empty', () => {
    expect(checkPickedFiles([file('a.png')])).toBeNull();
    expect(checkPickedFiles([file('a.png'), file('b.png')])).toBe(TOO_MANY);
    expect(checkPickedFiles([file('a.pdf')])).toBe(WRONG_TYPE);
    expect(checkPickedFiles([file('a.jpg', 5 * 1024 * 1024 + 1)])).toBe(TOO_LARGE);
    expect(checkPickedFiles([file('a.gif', 0)])).toBe(EMPTY_FILE);
  });
});

describe('image upload machine', () => {
  it('a good pick makes its thumbnail, then Upload sends it with progress and registers it', async () => {
    let report: (sent: number) => void = () => {};
    let finish: (r: InstrumentImageData) => void = () => {};
    const { actor, uploaded } = start({
      upload: (input) => {
        report = input.report;
        return new Promise((resolve) => (finish = resolve));
      },
    });
    actor.send({ type: 'PICK', files: [file('photo.png')] });
    await waitFor(actor, (s) => s.matches('chosen'));
    expect(actor.getSnapshot().context.chosen?.file.name).toBe('photo.png');
    actor.send({ type: 'SET_DEFAULT', on: true });
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    report(550);
    expect(percentSent(actor.getSnapshot().context)).toBe(50);
    finish(RESULT);
    await waitFor(actor, (s) => s.matches('empty'));
    expect(uploaded).toEqual([RESULT]);
    expect(actor.getSnapshot().context).toMatchObject({ chosen: null, asDefault: false, problem: null });
  });

  it('a refused pick says why and keeps what was chosen; a second file while one is chosen is too many', async () => {
    const { actor } = start();
    actor.send({ type: 'PICK', files: [file('notes.txt')] });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(WRONG_TYPE);
    actor.send({ type: 'PICK', files: [file('a.png')] });
    await waitFor(actor, (s) => s.matches('chosen'));
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'PICK', files: [file('b.png')] });
    expect(actor.getSnapshot().matches('chosen')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(TOO_MANY);
    expect(actor.getSnapshot().context.chosen?.file.name).toBe('a.png');
    actor.send({ type: 'PICK', files: [] });
    expect(actor.getSnapshot().context.problem).toBe(TOO_MANY);
  });

  it('a file the browser cannot read as an image is refused as the wrong type', async () => {
    const { actor } = start({ prepare: () => Promise.reject(new Error('not an image')) });
    actor.send({ type: 'PICK', files: [file('fake.png')] });
    await waitFor(actor, (s) => s.matches('empty') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toBe(WRONG_TYPE);
  });

  it('a failed upload keeps the choice and the reason; a retry clears the reason and can succeed', async () => {
    let attempt = 0;
    const refusal = new Error('refused');
    const { actor, failed, uploaded } = start({
      upload: async () => {
        attempt += 1;
        if (attempt === 1) throw refusal;
        return RESULT;
      },
    });
    actor.send({ type: 'PICK', files: [file('a.png')] });
    await waitFor(actor, (s) => s.matches('chosen'));
    actor.send({ type: 'UPLOAD' });
    await waitFor(actor, (s) => s.matches('chosen') && s.context.failure !== null);
    expect(failed).toEqual([refusal]);
    expect(actor.getSnapshot().context.chosen?.file.name).toBe('a.png');
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (s) => s.matches('empty'));
    expect(uploaded).toEqual([RESULT]);
  });

  it('Clear forgets the choice, also while its thumbnail is being made', async () => {
    const { actor } = start({ prepare: () => new Promise(() => {}) });
    actor.send({ type: 'PICK', files: [file('a.png')] });
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('closing the dialog mid-upload stops the upload actor, which aborts its transfer', async () => {
    let aborted = false;
    const actor = createActor(
      imageUploadMachine.provide({
        actors: {
          prepare: fromPromise<ChosenImage, PickedFile>(async ({ input }) => ({ file: input, thumbnail })),
          upload: fromPromise<InstrumentImageData | null, UploadImageInput>(
            ({ signal }) =>
              new Promise(() => {
                signal.addEventListener('abort', () => (aborted = true));
              }),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'PICK', files: [file('a.png')] });
    await waitFor(actor, (s) => s.matches('chosen'));
    actor.send({ type: 'UPLOAD' });
    actor.stop();
    expect(aborted).toBe(true);
  });
});
