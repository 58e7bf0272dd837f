import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { equipmentListRemovalMachine, type RemovalItem, type RemovalReport } from './equipmentListRemoval.machine';

const items: RemovalItem[] = [
  { id: 11, name: 'Acme X100 (SN-1)' },
  { id: 12, name: 'Acme X200 (SN-2)' },
  { id: 13, name: 'Acme X300 (SN-3)' },
];

interface Pending {
  input: RemovalItem;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const SESSION_ENDED = new Error('session ended');

/** The machine with a removal call the test answers by hand, and the effects the screen would carry out. */
function start() {
  const calls: Pending[] = [];
  const reports: RemovalReport[] = [];
  const stopped: unknown[] = [];
  const machine = equipmentListRemovalMachine.provide({
    actors: {
      removeItem: fromPromise(
        ({ input }: { input: RemovalItem }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
      ),
    },
    guards: { endsRun: (_, cause) => cause === SESSION_ENDED },
    actions: {
      notifyDone: (_, report) => void reports.push(report),
      notifyStopped: (_, cause) => void stopped.push(cause),
    },
  });
  const actor = createActor(machine).start();
  current = actor;
  const snapshot = () => actor.getSnapshot();
  return { actor, calls, reports, stopped, snapshot };
}

let current: Actor<typeof equipmentListRemovalMachine> | undefined;
afterEach(() => current?.stop());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('removing several instruments from the list', () => {
  it('asks nothing for an empty selection', () => {
    const { actor, snapshot } = start();
    actor.send({ type: 'OPEN', items: [] });
    expect(snapshot().value).toBe('idle');
  });

  it('after the confirmation removes each instrument in turn, with the progress, and reports all removed', async () => {
    const { actor, snapshot, calls, reports } = start();
    actor.send({ type: 'OPEN', items });
    expect(snapshot().value).toBe('confirming');
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    for (const [index, item] of items.entries()) {
      expect(snapshot().matches('removing')).toBe(true);
      expect(snapshot().context.index).toBe(index);
      expect(calls).toHaveLength(index + 1);
      expect(calls[index]!.input).toEqual(item);
      calls[index]!.resolve(null);
      await settle();
    }
    expect(snapshot().value).toBe('idle');
    expect(reports).toEqual([{ count: 3, removed: [11, 12, 13], failed: [] }]);
  });

  it('goes on after a failed instrument and reports it with its cause, so it stays selected', async () => {
    const { actor, snapshot, calls, reports, stopped } = start();
    actor.send({ type: 'OPEN', items });
    actor.send({ type: 'CONFIRM' });
    const refused = new Error('http 403');
    calls[0]!.resolve(null);
    await settle();
    calls[1]!.reject(refused);
    await settle();
    expect(snapshot().context.index).toBe(2);
    calls[2]!.resolve(null);
    await settle();
    expect(snapshot().value).toBe('idle');
    expect(reports).toEqual([{ count: 3, removed: [11, 13], failed: [{ item: items[1], cause: refused }] }]);
    expect(stopped).toEqual([]);
  });

  it('stops at an error that ends every call: the rest are not tried and are reported as failed', async () => {
    const { actor, snapshot, calls, reports, stopped } = start();
    actor.send({ type: 'OPEN', items });
    actor.send({ type: 'CONFIRM' });
    calls[0]!.resolve(null);
    await settle();
    calls[1]!.reject(SESSION_ENDED);
    await settle();
    expect(snapshot().value).toBe('idle');
    expect(calls).toHaveLength(2);
    expect(stopped).toEqual([SESSION_ENDED]);
    expect(reports).toEqual([
      { count: 3, removed: [11], failed: [{ item: items[1], cause: SESSION_ENDED }, { item: items[2] }] },
    ]);
  });

  it('cancelling removes nothing and reports nothing', () => {
    const { actor, snapshot, calls, reports } = start();
    actor.send({ type: 'OPEN', items });
    actor.send({ type: 'CANCEL' });
    expect(snapshot().value).toBe('idle');
    expect(snapshot().context.items).toEqual([]);
    expect(calls).toEqual([]);
    expect(reports).toEqual([]);
  });

  it('while removing nothing is cancelled, confirmed again or asked about', () => {
    const { actor, snapshot } = start();
    actor.send({ type: 'OPEN', items });
    actor.send({ type: 'CONFIRM' });
    for (const event of [{ type: 'CANCEL' }, { type: 'CONFIRM' }, { type: 'OPEN', items }] as const) {
      expect(snapshot().can(event)).toBe(false);
    }
  });

  it('a new run starts afresh', async () => {
    const { actor, snapshot, calls, reports } = start();
    actor.send({ type: 'OPEN', items: [items[0]!] });
    actor.send({ type: 'CONFIRM' });
    calls[0]!.reject(new Error('network'));
    await settle();
    actor.send({ type: 'OPEN', items: [items[2]!] });
    expect(snapshot().context).toMatchObject({ index: 0, removed: [], failed: [] });
    actor.send({ type: 'CONFIRM' });
    calls[1]!.resolve(null);
    await settle();
    expect(reports[1]).toEqual({ count: 1, removed: [13], failed: [] });
  });
});
