import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import {
  releaseNoteMachine,
  shouldShowReleaseNote,
  type ReleaseNoteChoice,
  type ReleaseNoteSummary,
} from './releaseNote.machine';

let actor: Actor<typeof releaseNoteMachine> | undefined;
afterEach(() => actor?.stop());

const newest: ReleaseNoteSummary = {
  VersionNum: '0.5.0',
  VersionName: 'Clear rules and messages',
  ChangeLog: ['Every limit applies the same way on screen and on the server.'],
};

interface Stubs {
  read?: (userId: number) => Promise<ReleaseNoteChoice | null>;
  load?: () => Promise<ReleaseNoteSummary | null>;
}

function start({ read = async () => null, load = async () => newest }: Stubs = {}, userId = 7) {
  const stored: Array<{ userId: number; choice: ReleaseNoteChoice }> = [];
  const readFor: number[] = [];
  actor = createActor(
    releaseNoteMachine.provide({
      actors: {
        readChoice: fromPromise(({ input }) => {
          readFor.push(input.userId);
          return read(input.userId);
        }),
        loadNewest: fromPromise(() => load()),
      },
      actions: { storeChoice: (_, params) => void stored.push(params) },
    }),
    { input: { userId } },
  ).start();
  return { actor, stored, readFor };
}

const settled = (a: Actor<typeof releaseNoteMachine>) => waitFor(a, (s) => s.matches('showing') || s.status === 'done');

describe('the decision rule', () => {
  it('shows when no choice is stored for the user', () => {
    expect(shouldShowReleaseNote(null, '0.5.0')).toBe(true);
  });

  it('shows when "never show again" was not ticked and the last seen version is older', () => {
    expect(shouldShowReleaseNote({ neverShow: false, version: '0.4.0' }, '0.5.0')).toBe(true);
  });

  it('does not show again for the version the user already closed', () => {
    expect(shouldShowReleaseNote({ neverShow: false, version: '0.5.0' }, '0.5.0')).toBe(false);
  });

  it('never shows once "never show again" was ticked, not even for a newer version', () => {
    expect(shouldShowReleaseNote({ neverShow: true, version: '0.5.0' }, '0.5.0')).toBe(false);
    expect(shouldShowReleaseNote({ neverShow: true, version: '0.4.0' }, '0.5.0')).toBe(false);
  });
});

describe('release-note modal', () => {
  it('a user without a stored choice sees the newest release note', async () => {
    const { actor, readFor } = start();
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.newest).toEqual(newest);
    expect(actor.getSnapshot().context.neverShow).toBe(false);
    expect(readFor).toEqual([7]);
  });

  it('closing with the box unticked stores neverShow false and the newest version for that user', async () => {
    const { actor, stored } = start({}, 42);
    await settled(actor);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(stored).toEqual([{ userId: 42, choice: { neverShow: false, version: '0.5.0' } }]);
  });

  it('ticking "never show again" then closing stores neverShow true', async () => {
    const { actor, stored } = start();
    await settled(actor);
    actor.send({ type: 'SET_NEVER_SHOW', neverShow: true });
    expect(actor.getSnapshot().context.neverShow).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(stored).toEqual([{ userId: 7, choice: { neverShow: true, version: '0.5.0' } }]);
  });

  it('unticking the box again stores what is shown when the user closes', async () => {
    const { actor, stored } = start();
    await settled(actor);
    actor.send({ type: 'SET_NEVER_SHOW', neverShow: true });
    actor.send({ type: 'SET_NEVER_SHOW', neverShow: false });
    actor.send({ type: 'CLOSE' });
    expect(stored[0]!.choice.neverShow).toBe(false);
  });

  it('comes back for a newer version when the box was not ticked', async () => {
    const { actor } = start({ read: async () => ({ neverShow: false, version: '0.4.0' }) });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('stays hidden for the version already seen, and stores nothing', async () => {
    const { actor, stored } = start({ read: async () => ({ neverShow: false, version: '0.5.0' }) });
    await settled(actor);
    expect(actor.getSnapshot().status).toBe('done');
    expect(stored).toEqual([]);
  });

  it('stays hidden after "never show again", even when a newer version is out', async () => {
    const { actor } = start({ read: async () => ({ neverShow: true, version: '0.4.0' }) });
    await settled(actor);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a stored choice that cannot be read counts as no choice', async () => {
    const { actor } = start({
      read: async () => {
        throw new Error('storage disabled');
      },
    });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('shows nothing when the release notes cannot be loaded or are empty', async () => {
    const failing = start({
      load: async () => {
        throw new Error('offline');
      },
    });
    await settled(failing.actor);
    expect(failing.actor.getSnapshot().status).toBe('done');
    failing.actor.stop();

    const empty = start({ load: async () => null });
    await settled(empty.actor);
    expect(empty.actor.getSnapshot().status).toBe('done');
    expect(empty.stored).toEqual([]);
  });

  it('ignores the checkbox and the close button before the modal is shown', () => {
    const { actor } = start({ load: () => new Promise(() => {}) });
    expect(actor.getSnapshot().value).not.toBe('showing');
    expect(actor.getSnapshot().can({ type: 'CLOSE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SET_NEVER_SHOW', neverShow: true })).toBe(false);
  });
});
