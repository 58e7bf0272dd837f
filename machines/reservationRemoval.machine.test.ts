import { afterEach, describe, expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import { createActor, fromPromise, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { RESERVATION_COMMENT_MAX, type Reservation } from '../contract/reservations';
import {
  inSeries,
  isOwnRemoval,
  reservationRemovalMachine,
  shownCommentError,
  type RemoveReservationInput,
  type ReservationRemovalEvent,
} from './reservationRemoval.machine';

const ME = 1;
const SOMEONE = 2;

let nextId = 300;
const reservation = (overrides: Partial<Reservation> = {}): Reservation => ({
  reservationId: ++nextId,
  equipmentId: 7,
  serial: 'SN-1',
  instrumentName: 'Acme X100',
  city: null,
  building: null,
  floor: null,
  room: null,
  comments: null,
  startDate: '2099-01-05T09:00:00.000Z',
  endDate: '2099-01-05T10:00:00.000Z',
  reservedBy: { userId: ME, userName: 'Uma User', avatarThumbnailUrl: null },
  seriesId: null,
  lastUpdateTime: '2026-11-20T08:00:00.000Z',
  ...overrides,
});
const mine = reservation();
const mineInSeries = reservation({ seriesId: 40 });
const theirs = reservation({ reservedBy: { userId: SOMEONE, userName: 'Sam Someone', avatarThumbnailUrl: null } });

interface Pending {
  input: RemoveReservationInput;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The machine with a deletion call the test answers by hand, and the effects the screen would carry out. */
function start() {
  const calls: Pending[] = [];
  const effects: unknown[] = [];
  const machine = reservationRemovalMachine.provide({
    actors: {
      removeReservation: fromPromise(
        ({ input }: { input: RemoveReservationInput }) =>
          new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
      ),
    },
    actions: {
      notifyRemoved: (_, { reservation: r, isSeriesDelete }) =>
        void effects.push(['removed', r.reservationId, isSeriesDelete]),
      notifyFailed: (_, cause) => void effects.push(['failed', cause]),
    },
  });
  const actor = createActor(machine, { input: { userId: ME } }).start();
  current = actor;
  const snapshot = () => actor.getSnapshot();
  return { actor, calls, effects, snapshot, ctx: () => snapshot().context };
}

let current: Actor<typeof reservationRemovalMachine> | undefined;
afterEach(() => current?.stop());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reservation removal: the reserver', () => {
  it('confirms, and the reservation is deleted alone', async () => {
    const { actor, snapshot, ctx, calls, effects } = start();
    expect(snapshot().value).toBe('idle');
    actor.send({ type: 'REMOVE', reservation: mine });
    expect(snapshot().value).toBe('confirming');
    expect(isOwnRemoval(ctx())).toBe(true);
    expect(inSeries(ctx())).toBe(false);
    actor.send({ type: 'CONFIRM' });
    expect(snapshot().value).toBe('deleting');
    expect(calls[0]!.input).toEqual({ reservationId: mine.reservationId, isSeriesDelete: false });
    calls[0]!.resolve(null);
    await settle();
    expect(snapshot().value).toBe('idle');
    expect(ctx().reservation).toBeNull();
    expect(effects).toEqual([['removed', mine.reservationId, false]]);
  });

  it('of a repeated reservation chooses this occurrence or the whole series', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'REMOVE', reservation: mineInSeries });
    actor.send({ type: 'SET_SCOPE', scope: 'series' });
    actor.send({ type: 'CONFIRM' });
    expect(calls[0]!.input).toEqual({ reservationId: mineInSeries.reservationId, isSeriesDelete: true });
    calls[0]!.resolve(null);
    await settle();

    actor.send({ type: 'REMOVE', reservation: mineInSeries });
    expect(actor.getSnapshot().context.scope).toBe('one');
    actor.send({ type: 'CONFIRM' });
    expect(calls[1]!.input.isSeriesDelete).toBe(false);
  });

  it('a single reservation is never a series delete, whatever the scope', () => {
    const { actor, calls } = start();
    actor.send({ type: 'REMOVE', reservation: mine });
    actor.send({ type: 'SET_SCOPE', scope: 'series' });
    actor.send({ type: 'CONFIRM' });
    expect(calls[0]!.input.isSeriesDelete).toBe(false);
  });

  it('cancelling deletes nothing', () => {
    const { actor, snapshot, calls, effects } = start();
    actor.send({ type: 'REMOVE', reservation: mine });
    actor.send({ type: 'CANCEL' });
    expect(snapshot().value).toBe('idle');
    expect(snapshot().context.reservation).toBeNull();
    expect(calls).toEqual([]);
    expect(effects).toEqual([]);
  });

  it('a failed deletion keeps the confirmation and its choice, for another try', async () => {
    const { actor, snapshot, ctx, calls, effects } = start();
    actor.send({ type: 'REMOVE', reservation: mineInSeries });
    actor.send({ type: 'SET_SCOPE', scope: 'series' });
    actor.send({ type: 'CONFIRM' });
    const cause = new Error('network');
    calls[0]!.reject(cause);
    await settle();
    expect(snapshot().value).toBe('confirming');
    expect(ctx()).toMatchObject({ reservation: mineInSeries, scope: 'series' });
    expect(effects).toEqual([['failed', cause]]);
    actor.send({ type: 'CONFIRM' });
    expect(calls[1]!.input.isSeriesDelete).toBe(true);
  });
});

describe('reservation removal: someone else’s reservation (an admin)', () => {
  it('asks for a comment, required before anything is sent', () => {
    const { actor, snapshot, ctx, calls } = start();
    actor.send({ type: 'REMOVE', reservation: theirs });
    expect(snapshot().value).toBe('commenting');
    expect(isOwnRemoval(ctx())).toBe(false);
    expect(shownCommentError(ctx())).toBeNull();
    actor.send({ type: 'CONFIRM' });
    expect(snapshot().value).toBe('commenting');
    expect(shownCommentError(ctx())).toBe('required_field');
    expect(calls).toEqual([]);
  });

  it('blank typing shows nothing yet; typed text checks the comment from then on', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'REMOVE', reservation: theirs });
    actor.send({ type: 'EDIT_COMMENT', value: '   ' });
    expect(shownCommentError(ctx())).toBeNull();
    actor.send({ type: 'EDIT_COMMENT', value: 'x'.repeat(RESERVATION_COMMENT_MAX + 1) });
    expect(shownCommentError(ctx())).toBe('comments_too_long');
    actor.send({ type: 'EDIT_COMMENT', value: '' });
    expect(shownCommentError(ctx())).toBe('required_field');
  });

  it('sends the trimmed comment with a single delete, and the prompt closes', async () => {
    const { actor, snapshot, calls, effects } = start();
    actor.send({ type: 'REMOVE', reservation: theirs });
    actor.send({ type: 'EDIT_COMMENT', value: '  Needed for service  ' });
    actor.send({ type: 'CONFIRM' });
    expect(snapshot().value).toBe('deleting');
    expect(calls[0]!.input).toEqual({
      reservationId: theirs.reservationId,
      isSeriesDelete: false,
      comments: 'Needed for service',
    });
    calls[0]!.resolve(null);
    await settle();
    expect(snapshot().value).toBe('idle');
    expect(effects).toEqual([['removed', theirs.reservationId, false]]);
  });

  it('a refused deletion keeps the comment dialog with what was typed', async () => {
    const { actor, snapshot, ctx, calls, effects } = start();
    actor.send({ type: 'REMOVE', reservation: theirs });
    actor.send({ type: 'EDIT_COMMENT', value: 'Needed' });
    actor.send({ type: 'CONFIRM' });
    const cause = Object.assign(new Error('http 403'), { error: { kind: 'http', status: 403 } });
    calls[0]!.reject(cause);
    await settle();
    expect(snapshot().value).toBe('commenting');
    expect(ctx().comment).toBe('Needed');
    expect(effects).toEqual([['failed', cause]]);
  });

  it('a new removal starts afresh', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'REMOVE', reservation: theirs });
    actor.send({ type: 'EDIT_COMMENT', value: 'Needed' });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'REMOVE', reservation: theirs });
    expect(ctx()).toMatchObject({ comment: '', checked: false, scope: 'one' });
  });
});

describe('reservation removal: one at a time', () => {
  it('while deleting nothing is cancelled, confirmed again, or asked about', () => {
    const { actor, snapshot } = start();
    actor.send({ type: 'REMOVE', reservation: mine });
    actor.send({ type: 'CONFIRM' });
    for (const event of [
      { type: 'CANCEL' },
      { type: 'CONFIRM' },
      { type: 'REMOVE', reservation: theirs },
      { type: 'SET_SCOPE', scope: 'series' },
    ] as const) {
      expect(snapshot().can(event)).toBe(false);
    }
    expect(snapshot().can({ type: 'REMOVE', reservation: theirs })).toBe(false);
  });

  it('a prompt that is open takes no other reservation', () => {
    const { actor, snapshot } = start();
    actor.send({ type: 'REMOVE', reservation: mine });
    expect(snapshot().can({ type: 'REMOVE', reservation: theirs })).toBe(false);
  });
});

describe('reservation removal, model-based', () => {
  type Snapshot = SnapshotFrom<typeof reservationRemovalMachine>;
  const done = { type: 'xstate.done.actor.removeReservation', output: null } as unknown as ReservationRemovalEvent;
  const error = {
    type: 'xstate.error.actor.removeReservation',
    error: new Error('refused'),
  } as unknown as ReservationRemovalEvent;

  function events(s: Snapshot): ReservationRemovalEvent[] {
    if (s.matches('deleting')) return [done, error];
    return [
      { type: 'REMOVE', reservation: mine },
      { type: 'REMOVE', reservation: mineInSeries },
      { type: 'REMOVE', reservation: theirs },
      { type: 'SET_SCOPE', scope: 'series' },
      { type: 'EDIT_COMMENT', value: 'Needed for service' },
      { type: 'EDIT_COMMENT', value: '' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
    ];
  }

  const observed = (s: Snapshot) =>
    JSON.stringify([
      s.value,
      s.context.reservation?.reservationId ?? null,
      s.context.scope,
      s.context.comment,
      s.context.checked,
    ]);

  const paths = getShortestPaths(reservationRemovalMachine, {
    input: { userId: ME },
    events,
    serializeState: observed,
  });

  it('the sample events reach every state of the machine', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(reservationRemovalMachine.root.states).sort());
  });

  for (const path of paths) {
    const steps = path.steps.slice(1);
    const description = steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');
    it(`${String(path.state.value)}: ${description || 'start'}`, async () => {
      const { actor, calls } = start();
      for (const step of steps) {
        const answer = /^xstate\.(done|error)\.actor\.removeReservation$/.exec(step.event.type);
        if (answer) {
          const event = step.event as unknown as { output?: unknown; error?: unknown };
          if (answer[1] === 'done') calls.at(-1)!.resolve(event.output);
          else calls.at(-1)!.reject(event.error);
        } else {
          actor.send(step.event);
        }
        const expected = observed(step.state);
        await waitFor(actor, (s) => observed(s) === expected, { timeout: 1_000 });
      }
    });
  }
});
