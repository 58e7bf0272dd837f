import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type Actor } from 'xstate';
import { NOTIFICATION_POLL_MS } from '../contract/limits';
import { badgeText, unreadCountMachine } from './unreadCount.machine';

let actor: Actor<typeof unreadCountMachine> | undefined;
afterEach(() => actor?.stop());

describe('unread count', () => {
  it('fetches at start and then every 15 minutes, not sooner', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    actor = createActor(
      unreadCountMachine.provide({ actors: { fetchUnreadCount: fromPromise(async () => ++calls) } }),
      {
        clock,
      },
    ).start();
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.count).toBe(1);
    clock.increment(NOTIFICATION_POLL_MS - 1);
    expect(calls).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('waiting') && s.context.count === 2);
    expect(calls).toBe(2);
  });

  it('keeps the last count when a fetch fails, and polls again', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    actor = createActor(
      unreadCountMachine.provide({
        actors: {
          fetchUnreadCount: fromPromise(async () => {
            calls++;
            if (calls === 2) throw new Error('offline');
            return 5;
          }),
        },
      }),
      { clock },
    ).start();
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(NOTIFICATION_POLL_MS);
    await waitFor(actor, () => calls === 2);
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.count).toBe(5);
    clock.increment(NOTIFICATION_POLL_MS);
    await waitFor(actor, () => calls === 3);
  });

  it('refreshes on demand', async () => {
    let calls = 0;
    actor = createActor(
      unreadCountMachine.provide({ actors: { fetchUnreadCount: fromPromise(async () => ++calls) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.context.count === 2);
  });

  it('takes a count pushed by the hub', async () => {
    actor = createActor(
      unreadCountMachine.provide({ actors: { fetchUnreadCount: fromPromise(async () => 3) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'SET', count: 12 });
    expect(actor.getSnapshot().context.count).toBe(12);
  });

  it('caps the badge at 99+ and hides it at zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(null)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
