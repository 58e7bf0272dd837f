import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import type { LoggedInUser } from '../contract/users';
import { appStatusMachine, type LoadFailure } from './appStatus.machine';

const user = (locationId: number | null) =>
  ({ userId: 7, locationId, userLocation: { customerId: 3 } }) as unknown as LoggedInUser;

let actor: Actor<typeof appStatusMachine> | undefined;
afterEach(() => actor?.stop());

function start(load: () => Promise<LoggedInUser>, seen: Array<LoggedInUser | null> = []) {
  actor = createActor(
    appStatusMachine.provide({
      actors: { loadCurrentUser: fromPromise(load) },
      actions: { userChanged: (_, u) => void seen.push(u) },
    }),
  ).start();
  return actor;
}

describe('app status', () => {
  it('starts initialising', () => {
    expect(start(() => new Promise(() => {})).getSnapshot().value).toBe('initialising');
  });

  it('is ready with location when the user has one, and tells who the user is', async () => {
    const seen: Array<LoggedInUser | null> = [];
    const a = start(async () => user(12), seen);
    await waitFor(a, (s) => s.matches('readyWithLocation'));
    expect(a.getSnapshot().context.user?.userId).toBe(7);
    expect(seen.map((u) => u?.userId)).toEqual([7]);
  });

  it('is ready without location when the user has none (profile completion)', async () => {
    const a = start(async () => user(null));
    await waitFor(a, (s) => s.matches('readyWithoutLocation'));
  });

  it('is ready for no-login when the session is missing', async () => {
    const a = start(() => Promise.reject({ unauthorized: true } satisfies LoadFailure));
    await waitFor(a, (s) => s.matches('readyForNoLogin'));
    expect(a.getSnapshot().context.user).toBeNull();
  });

  it('fails on any other error and retries on request', async () => {
    let calls = 0;
    const a = start(async () => {
      calls++;
      if (calls === 1) throw { unauthorized: false } satisfies LoadFailure;
      return user(1);
    });
    await waitFor(a, (s) => s.matches('failed'));
    a.send({ type: 'RETRY' });
    await waitFor(a, (s) => s.matches('readyWithLocation'));
    expect(calls).toBe(2);
  });

  it('signing in goes straight to the ready state of the signed-in user', async () => {
    const a = start(() => Promise.reject({ unauthorized: true }));
    await waitFor(a, (s) => s.matches('readyForNoLogin'));
    a.send({ type: 'SIGNED_IN', user: user(null) });
    expect(a.getSnapshot().value).toBe('readyWithoutLocation');
    a.send({ type: 'SIGNED_OUT' });
    a.send({ type: 'SIGNED_IN', user: user(4) });
    expect(a.getSnapshot().value).toBe('readyWithLocation');
  });

  it('signing out forgets the user', async () => {
    const seen: Array<LoggedInUser | null> = [];
    const a = start(async () => user(2), seen);
    await waitFor(a, (s) => s.matches('readyWithLocation'));
    a.send({ type: 'SIGNED_OUT' });
    expect(a.getSnapshot().value).toBe('readyForNoLogin');
    expect(a.getSnapshot().context.user).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });

  it('a completed profile reloads the user', async () => {
    let located = false;
    const a = start(async () => user(located ? 5 : null));
    await waitFor(a, (s) => s.matches('readyWithoutLocation'));
    located = true;
    a.send({ type: 'RELOAD' });
    await waitFor(a, (s) => s.matches('readyWithLocation'));
  });

  it('ignores a sign-in while still initialising', () => {
    const a = start(() => new Promise(() => {}));
    expect(a.getSnapshot().can({ type: 'SIGNED_IN', user: user(1) })).toBe(false);
  });
});
