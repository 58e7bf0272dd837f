import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type Actor } from 'xstate';
import type { Document } from '../contract/documents';
import { DOCUMENT_MAX_BYTES } from '../contract/images';
import { UPLOAD_DEBOUNCE_MS } from '../contract/limits';
import {
  checkPick,
  documentUploadMachine,
  EMPTY_FILE_MESSAGE,
  type DocumentUploadEvent,
  type PendingUpload,
  type PickedFile,
} from './documentUpload.machine';

/** A file of `size` bytes, as the picker gives it. */
const file = (name: string, size = 1024): PickedFile => new File([new Uint8Array(size)], name);

const documentOf = (upload: PendingUpload, version = 1): Document => ({
  documentId: upload.id,
  identifier: {
    documentName: upload.file.name,
    resourceKey: `f/Equipment/${upload.id}.pdf`,
    bucketName: 'portal-equipment',
    size: 1,
  },
  documentName: upload.file.name,
  uploadDate: '2026-03-02T09:30:00.000Z',
  userName: 'Uma Standard',
  isDeleted: false,
  version,
});

let actor: Actor<typeof documentUploadMachine> | undefined;
afterEach(() => actor?.stop());

/** The machine with a fake upload: it records each batch and lets the test answer for it. */
function start() {
  const clock = new SimulatedClock();
  const batches: PendingUpload[][] = [];
  let reply: ((event: DocumentUploadEvent) => void) | null = null;
  let stopped = 0;
  const uploaded: Document[][] = [];
  actor = createActor(
    documentUploadMachine.provide({
      actors: {
        uploadBatch: fromCallback<DocumentUploadEvent, { uploads: PendingUpload[] }>(({ input, sendBack }) => {
          batches.push(input.uploads);
          reply = sendBack;
          return () => {
            stopped += 1;
          };
        }),
      },
      actions: { uploaded: (_, documents) => void uploaded.push(documents) },
    }),
    { clock },
  ).start();
  const a = actor;
  return {
    actor: a,
    clock,
    batches,
    uploaded,
    stopped: () => stopped,
    answer: (event: DocumentUploadEvent) => reply!(event),
    state: () => a.getSnapshot().value,
    context: () => a.getSnapshot().context,
  };
}

describe('the rules of a pick', () => {
  it('takes up to four files of the document types, msg included', () => {
    const files = ['a.pdf', 'b.DOCX', 'c.msg', 'd.jpe'].map((n) => file(n));
    expect(checkPick(files)).toEqual({ accepted: files, problems: [] });
  });

  it('refuses the whole pick when it makes more than four files with those already waiting', () => {
    const five = ['1', '2', '3', '4', '5'].map((n) => file(`${n}.pdf`));
    expect(checkPick(five)).toEqual({
      accepted: [],
      problems: [{ key: 'Attach_smaller_maxFile', values: { maxFiles: 4 } }],
    });
    expect(checkPick([file('a.pdf'), file('b.pdf')], 3).accepted).toEqual([]);
    expect(checkPick([file('a.pdf')], 3).accepted).toHaveLength(1);
  });

  it('refuses a file of another type, one over 5 MB and an empty one by name, and takes the rest', () => {
    const ok = file('ok.xlsx');
    const result = checkPick([file('setup.exe'), file('big.pdf', DOCUMENT_MAX_BYTES + 1), file('empty.pdf', 0), ok]);
    expect(result.accepted).toEqual([ok]);
    expect(result.problems).toEqual([
      { key: 'unsupported_file_type', fileName: 'setup.exe' },
      { key: 'Attach_smaller_maxSize', values: { maxSize: 5 }, fileName: 'big.pdf' },
      { key: EMPTY_FILE_MESSAGE, fileName: 'empty.pdf' },
    ]);
    expect(checkPick([file('exactly.pdf', DOCUMENT_MAX_BYTES)]).problems).toEqual([]);
  });
});

describe('uploading', () => {
  it('starts by itself 100 ms after the pick, not before', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf')] });
    expect(m.state()).toBe('debouncing');
    m.clock.increment(UPLOAD_DEBOUNCE_MS - 1);
    expect(m.batches).toEqual([]);
    m.clock.increment(1);
    expect(m.state()).toBe('uploading');
    expect(m.batches.map((b) => b.map((u) => u.file.name))).toEqual([['a.pdf']]);
  });

  it('puts a second pick within the debounce into the same batch and waits again from it', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf')] });
    m.clock.increment(60);
    m.actor.send({ type: 'PICK', files: [file('b.pdf'), file('c.pdf')] });
    m.clock.increment(60);
    expect(m.batches).toEqual([]);
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    expect(m.batches.map((b) => b.map((u) => u.file.name))).toEqual([['a.pdf', 'b.pdf', 'c.pdf']]);
    expect(new Set(m.batches[0]!.map((u) => u.id)).size).toBe(3);
  });

  it('refuses a pick that would make the batch larger than four, and the waiting batch still starts', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf'), file('b.pdf'), file('c.pdf')] });
    m.actor.send({ type: 'PICK', files: [file('d.pdf'), file('e.pdf')] });
    expect(m.context().problems).toEqual([{ key: 'Attach_smaller_maxFile', values: { maxFiles: 4 } }]);
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    expect(m.batches[0]!.map((u) => u.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it('stays idle with the messages when no file of a pick can be uploaded', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('virus.exe')] });
    expect(m.state()).toBe('idle');
    expect(m.context().problems).toEqual([{ key: 'unsupported_file_type', fileName: 'virus.exe' }]);
    m.clock.increment(UPLOAD_DEBOUNCE_MS * 10);
    expect(m.batches).toEqual([]);
    m.actor.send({ type: 'DISMISS' });
    expect(m.context().problems).toEqual([]);
  });

  it('uploads the valid files of a mixed pick and keeps the messages of the others', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('ok.pdf'), file('big.pdf', DOCUMENT_MAX_BYTES + 1)] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    expect(m.batches[0]!.map((u) => u.file.name)).toEqual(['ok.pdf']);
    expect(m.context().problems).toHaveLength(1);
  });

  it('shows the progress of each file, never going back', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf'), file('b.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    const [a, b] = m.batches[0]!;
    m.answer({ type: 'PROGRESS', id: a!.id, percent: 40 });
    m.answer({ type: 'PROGRESS', id: b!.id, percent: 100 });
    m.answer({ type: 'PROGRESS', id: a!.id, percent: 30 });
    expect(m.context().uploads.map((u) => u.percent)).toEqual([40, 100]);
  });

  it('tells the page what was uploaded and is ready for the next pick', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    const documents = m.batches[0]!.map((u) => documentOf(u));
    m.answer({ type: 'UPLOADED', documents });
    expect(m.state()).toBe('idle');
    expect(m.uploaded).toEqual([documents]);
    expect(m.context().uploads).toEqual([]);
    m.actor.send({ type: 'PICK', files: [file('b.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    expect(m.batches).toHaveLength(2);
  });

  it('ignores picks while a batch is uploading', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    expect(m.actor.getSnapshot().can({ type: 'PICK', files: [file('b.pdf')] })).toBe(false);
  });

  it('keeps a failed batch with its message until retried, then uploads the same files from 0 %', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    m.answer({ type: 'PROGRESS', id: m.batches[0]![0]!.id, percent: 70 });
    m.answer({ type: 'FAILED', problem: { key: 'documents:upload_failed' } });
    expect(m.state()).toBe('failed');
    expect(m.context().problems).toEqual([{ key: 'documents:upload_failed' }]);
    expect(m.uploaded).toEqual([]);
    m.actor.send({ type: 'RETRY' });
    expect(m.state()).toBe('uploading');
    expect(m.batches).toHaveLength(2);
    expect(m.batches[1]!.map((u) => [u.file.name, u.percent])).toEqual([['a.pdf', 0]]);
    expect(m.context().problems).toEqual([]);
  });

  it('drops a failed batch when dismissed, or when a new pick starts another', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    m.answer({ type: 'FAILED', problem: { key: 'documents:upload_failed' } });
    m.actor.send({ type: 'DISMISS' });
    expect(m.state()).toBe('idle');
    expect(m.context().uploads).toEqual([]);

    m.actor.send({ type: 'PICK', files: [file('b.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    m.answer({ type: 'FAILED', problem: { key: 'documents:upload_failed' } });
    m.actor.send({ type: 'PICK', files: [file('c.pdf'), file('d.pdf'), file('e.pdf'), file('f.pdf')] });
    expect(m.state()).toBe('debouncing');
    expect(m.context().uploads.map((u) => u.file.name)).toEqual(['c.pdf', 'd.pdf', 'e.pdf', 'f.pdf']);
  });

  it('stops the upload when cancelled (the dialog closes)', () => {
    const m = start();
    m.actor.send({ type: 'PICK', files: [file('a.pdf')] });
    m.actor.send({ type: 'CANCEL' });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    expect(m.batches).toEqual([]);

    m.actor.send({ type: 'PICK', files: [file('b.pdf')] });
    m.clock.increment(UPLOAD_DEBOUNCE_MS);
    m.actor.send({ type: 'CANCEL' });
    expect(m.stopped()).toBe(1);
    expect(m.state()).toBe('idle');
    expect(m.context().uploads).toEqual([]);
  });
});
