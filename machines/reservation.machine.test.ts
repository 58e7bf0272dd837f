import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { getShortestPaths } from '@xstate/graph';
import { createActor, fromPromise, waitFor, type Actor, type AnyStateNode, type SnapshotFrom } from 'xstate';
import { ErrorCode } from '../contract/errors';
import {
  RESERVATION_COMMENT_MAX,
  ReservationMessage,
  type Reservation,
  type ReservationUpdate,
} from '../contract/reservations';
import {
  apiErrorCodeOf,
  editedDraft,
  isDraftDirty,
  reservationMachine,
  saveFailureOf,
  shownErrorOf,
  snappedDraft,
  type CreateReservationInput,
  type ReservationDialogEvent,
  type ReservationDialogInput,
} from './reservation.machine';
import { toCreateBody, toUpdateBody } from './reservationForm';

/** A local time `days` from today at hh:mm, as the datetime-local inputs hold it. */
const at = (days: number, hour: number, minute = 0) =>
  dayjs().startOf('day').add(days, 'day').hour(hour).minute(minute);
const typed = (time: dayjs.Dayjs) => time.format('YYYY-MM-DDTHH:mm');

const INSTRUMENT = { equipmentId: 7, label: 'SN-1 · Acme X100' };
const OTHER_INSTRUMENT = { equipmentId: 8, label: 'SN-2 · Acme X200' };

let nextId = 100;
const reservation = (overrides: Partial<Reservation> = {}): Reservation => ({
  reservationId: ++nextId,
  equipmentId: INSTRUMENT.equipmentId,
  serial: 'SN-1',
  instrumentName: 'Acme X100',
  city: 'Boston',
  building: null,
  floor: null,
  room: null,
  comments: 'Calibration run',
  startDate: at(3, 9).toISOString(),
  endDate: at(3, 11).toISOString(),
  reservedBy: { userId: 1, userName: 'Uma User', avatarThumbnailUrl: null },
  seriesId: null,
  lastUpdateTime: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

/** An error as the web's request layer throws it for a business error (RequestFailure: `error.kind` api). */
const apiError = (errorCode: number) =>
  Object.assign(new Error(`api error ${errorCode}`), { error: { kind: 'api' as const, errorCode } });
const conflict = () => apiError(ErrorCode.ReservationConflict);
const stale = () => apiError(ErrorCode.ReservationChanged);
const network = () => new TypeError('Failed to fetch');

interface Pending<I, O> {
  input: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** The machine with save calls the test answers by hand, and the effects the screen would carry out, in order. */
function start(input: ReservationDialogInput) {
  const creates: Array<Pending<CreateReservationInput, Reservation[]>> = [];
  const updates: Array<Pending<ReservationUpdate, Reservation>> = [];
  const effects: unknown[] = [];
  const machine = reservationMachine.provide({
    actors: {
      createReservation: fromPromise(
        ({ input: call }: { input: CreateReservationInput }) =>
          new Promise<Reservation[]>((resolve, reject) => creates.push({ input: call, resolve, reject })),
      ),
      updateReservation: fromPromise(
        ({ input: call }: { input: ReservationUpdate }) =>
          new Promise<Reservation>((resolve, reject) => updates.push({ input: call, resolve, reject })),
      ),
    },
    actions: {
      notifyInvalid: () => void effects.push('invalid'),
      failed: (_, cause) => void effects.push(['failed', cause]),
      notifySaved: (_, saved) => void effects.push(['saved', saved.length]),
      close: () => void effects.push('close'),
    },
  });
  const actor = createActor(machine, { input }).start();
  current = actor;
  const snapshot = () => actor.getSnapshot();
  return { actor, creates, updates, effects, snapshot, ctx: () => snapshot().context };
}

let current: Actor<typeof reservationMachine> | undefined;
afterEach(() => current?.stop());

/** Promise actors answer on the microtask queue. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const addAtSlot = (): ReservationDialogInput => ({ mode: 'add', equipment: INSTRUMENT, start: at(2, 9).toDate() });

describe('reservation dialog: editing', () => {
  it('opens at the slot with an hour proposed, nothing shown wrong and nothing to lose', () => {
    const { snapshot, ctx } = start(addAtSlot());
    expect(snapshot().value).toEqual({ editing: 'ready' });
    expect(ctx().draft).toMatchObject({ instrument: INSTRUMENT, start: typed(at(2, 9)), end: typed(at(2, 10)) });
    expect(ctx().touched).toEqual([]);
    expect(isDraftDirty(ctx())).toBe(false);
    expect(shownErrorOf(ctx(), 'start')).toBeUndefined();
  });

  it('without a slot a new reservation starts at the next working half hour after now', () => {
    // A Wednesday morning: later the same day; a Friday evening: Monday at the start of the working hours.
    const { ctx } = start({ mode: 'add', now: dayjs('2026-12-02T10:07').valueOf() });
    expect(ctx().draft).toMatchObject({ instrument: null, start: '2026-12-02T10:30', end: '2026-12-02T11:30' });
    const late = start({ mode: 'add', now: dayjs('2026-12-04T23:20').valueOf() });
    expect(late.ctx().draft).toMatchObject({ start: '2026-12-07T08:00', end: '2026-12-07T09:00' });
    expect(ctx().errors.instrument).toBe(ReservationMessage.equipment);
    expect(shownErrorOf(ctx(), 'instrument')).toBeUndefined();
  });

  it('shows a field’s error once the field was changed; copy shows the times’ errors from the start', () => {
    const { actor, ctx } = start(addAtSlot());
    actor.send({ type: 'EDIT', field: 'comments', value: 'x'.repeat(RESERVATION_COMMENT_MAX + 1) });
    expect(ctx().touched).toEqual(['comments']);
    expect(shownErrorOf(ctx(), 'comments')).toBe('comments_too_long');
    actor.send({ type: 'EDIT', field: 'comments', value: 'ok' });
    expect(shownErrorOf(ctx(), 'comments')).toBeUndefined();

    const past = reservation({ startDate: at(-2, 9).toISOString(), endDate: at(-2, 10).toISOString() });
    const copy = start({ mode: 'copy', reservation: past });
    expect(copy.ctx().touched).toEqual(['start', 'end']);
    expect(shownErrorOf(copy.ctx(), 'start')).toBe(ReservationMessage.startFuture);
    expect(copy.ctx().draft).toMatchObject({ instrument: INSTRUMENT, comments: 'Calibration run' });
  });

  it('a new start moves the end along; leaving the end snaps it to the half hour without touching it', () => {
    const { actor, ctx } = start(addAtSlot());
    actor.send({ type: 'EDIT', field: 'start', value: typed(at(4, 13, 10)) });
    expect(ctx().draft).toMatchObject({ start: typed(at(4, 13)), end: typed(at(4, 14)) });
    actor.send({ type: 'EDIT', field: 'end', value: typed(at(4, 15, 20)) });
    expect(ctx().draft.end).toBe(typed(at(4, 15, 20)));
    actor.send({ type: 'LEAVE', field: 'end' });
    expect(ctx().draft.end).toBe(typed(at(4, 15, 30)));
    expect(ctx().touched).toEqual(['start', 'end']);
    expect(isDraftDirty(ctx())).toBe(true);
  });

  it('choosing to repeat proposes an end-by date; the series fields are the recurrence', () => {
    const { actor, ctx } = start(addAtSlot());
    actor.send({ type: 'SET_REPEAT', repeat: 'weekly' });
    expect(ctx().draft).toMatchObject({ repeat: 'weekly', endBy: at(2, 9).add(4, 'week').format('YYYY-MM-DD') });
    actor.send({ type: 'EDIT', field: 'interval', value: '0' });
    expect(ctx().touched).toEqual(['recurrence']);
    expect(shownErrorOf(ctx(), 'recurrence')).toBeDefined();
  });

  it('an invalid draft is not saved: every error shows, the times snap, and the screen is told', () => {
    const { actor, ctx, snapshot, creates, effects } = start({ mode: 'add', now: at(1, 8).valueOf() });
    actor.send({ type: 'EDIT', field: 'end', value: typed(at(1, 9, 40)) });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().value).toEqual({ editing: 'ready' });
    expect(ctx().submitted).toBe(true);
    expect(ctx().draft.end).toBe(typed(at(1, 9, 30)));
    expect(shownErrorOf(ctx(), 'instrument')).toBe(ReservationMessage.equipment);
    expect(effects).toEqual(['invalid']);
    expect(creates).toEqual([]);
  });
});

describe('reservation dialog: saving', () => {
  it('adds a series with the create call and ends saved with every reservation made', async () => {
    const { actor, snapshot, creates, effects } = start(addAtSlot());
    actor.send({ type: 'SET_REPEAT', repeat: 'daily' });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().value).toEqual({ saving: 'creating' });
    const draft = snapshot().context.draft;
    expect(creates[0]!.input).toEqual({ equipmentId: INSTRUMENT.equipmentId, body: toCreateBody(draft) });
    const made = [reservation(), reservation(), reservation()];
    creates[0]!.resolve(made);
    await settle();
    expect(snapshot().status).toBe('done');
    expect(snapshot().value).toBe('saved');
    expect(snapshot().output).toEqual({ saved: made });
    expect(effects).toEqual([['saved', 3], 'close']);
  });

  it('copy creates a new reservation on the instrument picked', async () => {
    const { actor, snapshot, creates } = start({ mode: 'copy', reservation: reservation() });
    actor.send({ type: 'CHOOSE_INSTRUMENT', instrument: OTHER_INSTRUMENT });
    actor.send({ type: 'EDIT', field: 'start', value: typed(at(5, 9)) });
    actor.send({ type: 'SUBMIT' });
    expect(creates[0]!.input.equipmentId).toBe(OTHER_INSTRUMENT.equipmentId);
    creates[0]!.resolve([reservation()]);
    await settle();
    expect(snapshot().value).toBe('saved');
  });

  it('edit updates the reservation with the time it was read at, and outputs the one saved', async () => {
    const edited = reservation();
    const { actor, snapshot, updates, creates, effects } = start({ mode: 'edit', reservation: edited });
    actor.send({ type: 'EDIT', field: 'comments', value: '  Longer run  ' });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().value).toEqual({ saving: 'updating' });
    expect(updates[0]!.input).toEqual(toUpdateBody(snapshot().context.draft, edited));
    expect(updates[0]!.input).toMatchObject({ comments: 'Longer run', lastUpdateTime: edited.lastUpdateTime });
    const saved = { ...edited, comments: 'Longer run' };
    updates[0]!.resolve(saved);
    await settle();
    expect(snapshot().output).toEqual({ saved: [saved] });
    expect(creates).toEqual([]);
    expect(effects).toEqual([['saved', 1], 'close']);
  });

  it('while saving nothing changes and nothing closes', () => {
    const { actor, snapshot } = start(addAtSlot());
    actor.send({ type: 'SUBMIT' });
    for (const event of [
      { type: 'CLOSE' },
      { type: 'SUBMIT' },
      { type: 'EDIT', field: 'comments', value: 'x' },
      { type: 'LEAVE', field: 'start' },
      { type: 'CHOOSE_INSTRUMENT', instrument: null },
    ] as const) {
      expect(snapshot().can(event)).toBe(false);
    }
  });

  it('16201: another reservation is in the way; the input stays with the conflict shown until the next change', async () => {
    const { actor, snapshot, ctx, creates, effects } = start(addAtSlot());
    actor.send({ type: 'EDIT', field: 'comments', value: 'Overlap' });
    actor.send({ type: 'SUBMIT' });
    const cause = conflict();
    creates[0]!.reject(cause);
    await settle();
    expect(snapshot().value).toEqual({ editing: 'conflict' });
    expect(ctx().failure).toEqual({ kind: 'conflict', cause });
    expect(ctx().draft.comments).toBe('Overlap');
    expect(effects).toEqual([['failed', cause]]);

    actor.send({ type: 'LEAVE', field: 'start' });
    expect(snapshot().value).toEqual({ editing: 'conflict' });
    actor.send({ type: 'EDIT', field: 'start', value: typed(at(6, 14)) });
    expect(snapshot().value).toEqual({ editing: 'ready' });
    expect(ctx().failure).toBeNull();

    actor.send({ type: 'SUBMIT' });
    creates[1]!.resolve([reservation()]);
    await settle();
    expect(snapshot().value).toBe('saved');
  });

  it('16202: the reservation changed meanwhile; the input stays with the message, closing asks first', async () => {
    const { actor, snapshot, ctx, updates, effects } = start({ mode: 'edit', reservation: reservation() });
    actor.send({ type: 'EDIT', field: 'comments', value: 'Mine now' });
    actor.send({ type: 'SUBMIT' });
    const cause = stale();
    updates[0]!.reject(cause);
    await settle();
    expect(snapshot().value).toEqual({ editing: 'stale' });
    expect(ctx().failure).toEqual({ kind: 'stale', cause });

    actor.send({ type: 'CLOSE' });
    expect(snapshot().value).toBe('confirmingDiscard');
    expect(ctx().failure?.kind).toBe('stale');
    actor.send({ type: 'KEEP_EDITING' });
    expect(snapshot().value).toEqual({ editing: 'stale' });

    actor.send({ type: 'SUBMIT' });
    expect(snapshot().value).toEqual({ saving: 'updating' });
    expect(ctx().failure).toBeNull();
    updates[1]!.reject(stale());
    await settle();
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'DISCARD' });
    expect(snapshot().value).toBe('closed');
    expect(snapshot().output).toEqual({ saved: null });
    expect(effects.at(-1)).toBe('close');
  });

  it('any other failure keeps the input too; the cause goes to the screen', async () => {
    const { actor, snapshot, ctx, creates, effects } = start(addAtSlot());
    actor.send({ type: 'SUBMIT' });
    const cause = network();
    creates[0]!.reject(cause);
    await settle();
    expect(snapshot().value).toEqual({ editing: 'failed' });
    expect(ctx().failure).toEqual({ kind: 'other', cause });
    expect(effects).toEqual([['failed', cause]]);
    actor.send({ type: 'SET_REPEAT', repeat: 'weekly' });
    expect(snapshot().value).toEqual({ editing: 'ready' });
  });
});

describe('reservation dialog: closing', () => {
  it('closes at once when nothing was changed', () => {
    const { actor, snapshot, effects } = start(addAtSlot());
    actor.send({ type: 'LEAVE', field: 'start' });
    actor.send({ type: 'CLOSE' });
    expect(snapshot().value).toBe('closed');
    expect(snapshot().output).toEqual({ saved: null });
    expect(effects).toEqual(['close']);
  });

  it('asks before losing a change: keep editing returns to the form, discard closes', () => {
    const { actor, snapshot, ctx, effects } = start(addAtSlot());
    actor.send({ type: 'EDIT', field: 'comments', value: 'Draft' });
    actor.send({ type: 'CLOSE' });
    expect(snapshot().value).toBe('confirmingDiscard');
    expect(snapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'KEEP_EDITING' });
    expect(snapshot().value).toEqual({ editing: 'ready' });
    expect(ctx().draft.comments).toBe('Draft');
    expect(effects).toEqual([]);
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'DISCARD' });
    expect(snapshot().value).toBe('closed');
    expect(effects).toEqual(['close']);
  });
});

describe('reservation dialog: pure helpers', () => {
  it('reads the business code of the request layer’s error, and nothing from other errors', () => {
    expect(apiErrorCodeOf(conflict())).toBe(16201);
    expect(apiErrorCodeOf({ error: { kind: 'http', status: 403 } })).toBeNull();
    expect(apiErrorCodeOf(new Error('x'))).toBeNull();
    expect(apiErrorCodeOf(null)).toBeNull();
    expect(apiErrorCodeOf(undefined)).toBeNull();
    expect(saveFailureOf(stale()).kind).toBe('stale');
    expect(saveFailureOf(apiError(ErrorCode.EquipmentNotFound)).kind).toBe('other');
  });

  it('snaps both times of a submitted draft and leaves other events’ drafts alone', () => {
    const { ctx } = start(addAtSlot());
    const draft = { ...ctx().draft, start: typed(at(2, 9, 14)), end: typed(at(2, 9, 50)) };
    expect(snappedDraft(draft)).toMatchObject({ start: typed(at(2, 9)), end: typed(at(2, 10)) });
    expect(editedDraft(draft, { type: 'SUBMIT' })).toBe(draft);
  });
});

describe('reservation dialog, model-based', () => {
  type Snapshot = SnapshotFrom<typeof reservationMachine>;
  const done = (id: string, output: unknown) =>
    ({ type: `xstate.done.actor.${id}`, output }) as unknown as ReservationDialogEvent;
  const error = (id: string, cause: unknown) =>
    ({ type: `xstate.error.actor.${id}`, error: cause }) as unknown as ReservationDialogEvent;
  const answers = (id: string, output: unknown) => [
    done(id, output),
    error(id, conflict()),
    error(id, stale()),
    error(id, network()),
  ];
  const edited = reservation();

  /** One sample event per equivalence class: valid and invalid changes, closing, and each answer of a save. */
  function events(s: Snapshot): ReservationDialogEvent[] {
    if (s.matches({ saving: 'creating' })) return answers('createReservation', [reservation()]);
    if (s.matches({ saving: 'updating' })) return answers('updateReservation', edited);
    return [
      { type: 'CHOOSE_INSTRUMENT', instrument: INSTRUMENT },
      { type: 'CHOOSE_INSTRUMENT', instrument: null },
      { type: 'EDIT', field: 'comments', value: 'Calibration' },
      { type: 'LEAVE', field: 'start' },
      { type: 'SUBMIT' },
      { type: 'CLOSE' },
      { type: 'KEEP_EDITING' },
      { type: 'DISCARD' },
    ];
  }

  /** What makes two states different here: the state, whether the draft is complete and changed, the failure. */
  const observed = (s: Snapshot) =>
    JSON.stringify([
      s.value,
      s.context.draft.instrument !== null,
      s.context.draft.comments,
      s.context.submitted,
      s.context.failure?.kind ?? null,
    ]);

  // Add without a slot (the instrument picked) creates; edit updates: together they reach every state.
  const inputs: Record<string, ReservationDialogInput> = {
    add: { mode: 'add', now: at(1, 8).valueOf() },
    edit: { mode: 'edit', reservation: edited },
  };
  const paths = Object.entries(inputs).flatMap(([name, input]) =>
    getShortestPaths(reservationMachine, { input, events, serializeState: observed }).map((path) => ({
      name,
      input,
      path,
    })),
  );

  /** The states a snapshot can rest in: every leaf but the history pseudo-state. */
  const leafStates = (node: AnyStateNode, prefix: string[] = []): string[] =>
    Object.values(node.states).flatMap((child) => {
      const path = [...prefix, child.key];
      if (child.type === 'history') return [];
      return Object.keys(child.states).length === 0 ? [path.join('.')] : leafStates(child, path);
    });
  const stateOf = (s: Snapshot) =>
    typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${String(v)}`)[0]!;

  it('the sample events reach every state of the machine', () => {
    const reached = new Set(paths.map(({ path }) => stateOf(path.state)));
    expect([...reached].sort()).toEqual(leafStates(reservationMachine.root).sort());
    expect([...reached].sort()).toEqual([
      'closed',
      'confirmingDiscard',
      'editing.conflict',
      'editing.failed',
      'editing.ready',
      'editing.stale',
      'saved',
      'saving.creating',
      'saving.updating',
    ]);
  });

  for (const { name, input, path } of paths) {
    const steps = path.steps.slice(1);
    const description = steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');
    it(`${name}, ${stateOf(path.state)}: ${description || 'start'}`, async () => {
      const { actor, creates, updates } = start(input);
      for (const step of steps) {
        const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.event.type);
        if (answer) {
          const pending = (answer[2] === 'createReservation' ? creates : updates) as Array<Pending<unknown, unknown>>;
          const event = step.event as unknown as { output?: unknown; error?: unknown };
          if (answer[1] === 'done') pending.at(-1)!.resolve(event.output);
          else pending.at(-1)!.reject(event.error);
        } else {
          actor.send(step.event);
        }
        const expected = observed(step.state);
        await waitFor(actor, (s) => observed(s) === expected, { timeout: 1_000 });
      }
      expect(actor.getSnapshot().status).toBe(path.state.status);
    });
  }
});
