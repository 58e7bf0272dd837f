import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { unsavedGuardMachine } from './unsavedGuard.machine';

let actor: Actor<typeof unsavedGuardMachine> | undefined;
afterEach(() => actor?.stop());

function start() {
  const calls: string[] = [];
  actor = createActor(
    unsavedGuardMachine.provide({
      actions: { proceed: () => void calls.push('proceed'), stay: () => void calls.push('stay') },
    }),
  ).start();
  return { actor, calls };
}

describe('unsaved-data guard', () => {
  it('lets the user leave when nothing is unsaved', () => {
    const { actor, calls } = start();
    actor.send({ type: 'LEAVE', from: '/app/product', to: '/app/calendar' });
    expect(calls).toEqual(['proceed']);
  });

  it.each(['SET_UNSAVED_DATA', 'SET_UNSAVED_VIEW'] as const)(
    'asks first with %s; confirming leaves and clears the flags',
    (type) => {
      const { actor, calls } = start();
      actor.send({ type, value: true });
      actor.send({ type: 'LEAVE', from: '/app/product', to: '/app/calendar' });
      expect(actor.getSnapshot().value).toBe('confirming');
      expect(calls).toEqual([]);
      actor.send({ type: 'CONFIRM' });
      expect(calls).toEqual(['proceed']);
      expect(actor.getSnapshot().context).toEqual({ unsavedData: false, unsavedView: false });
    },
  );

  it('cancelling stays and keeps the unsaved data', () => {
    const { actor, calls } = start();
    actor.send({ type: 'SET_UNSAVED_DATA', value: true });
    actor.send({ type: 'LEAVE', from: '/app/product', to: '/app/calendar' });
    actor.send({ type: 'CANCEL' });
    expect(calls).toEqual(['stay']);
    expect(actor.getSnapshot().context.unsavedData).toBe(true);
  });

  it('does not ask when the path is unchanged (only the query differs)', () => {
    const { actor, calls } = start();
    actor.send({ type: 'SET_UNSAVED_DATA', value: true });
    actor.send({ type: 'LEAVE', from: '/app/product?page=1', to: '/app/product?page=2' });
    expect(calls).toEqual(['proceed']);
  });

  it('every navigation resets both flags', () => {
    const { actor } = start();
    actor.send({ type: 'SET_UNSAVED_DATA', value: true });
    actor.send({ type: 'SET_UNSAVED_VIEW', value: true });
    actor.send({ type: 'NAVIGATED' });
    expect(actor.getSnapshot().context).toEqual({ unsavedData: false, unsavedView: false });
  });
});
