import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { noticeMachine, shouldShowNotice, type NoticeChoice } from './notice.machine';

let actor: Actor<typeof noticeMachine> | undefined;
afterEach(() => actor?.stop());

function start(stored: NoticeChoice | null, current: string | number | null, signIn?: string) {
  const storedChoices: NoticeChoice[] = [];
  actor = createActor(
    noticeMachine.provide({
      actors: { readChoice: fromPromise(async () => stored) },
      actions: { storeChoice: (_, c) => void storedChoices.push(c) },
    }),
    { input: { current, signIn } },
  ).start();
  return { actor, storedChoices };
}

describe('notice decisions', () => {
  it('cookie banner: shows without a stored choice, and unless the stored flag is false', () => {
    expect(shouldShowNotice(null, 'cookies')).toBe(true);
    expect(shouldShowNotice({ show: true, about: 'cookies' }, 'cookies')).toBe(true);
    expect(shouldShowNotice({ show: false, about: 'cookies' }, 'cookies')).toBe(false);
  });

  it("notification message: don't-show-again hides that message, a new message shows again", () => {
    expect(shouldShowNotice({ show: false, about: 4 }, 4)).toBe(false);
    expect(shouldShowNotice({ show: false, about: 4 }, 5)).toBe(true);
    expect(shouldShowNotice(null, null)).toBe(false);
  });

  it('notification message: closed without the tick it stays away for the rest of that sign-in only', () => {
    const closed: NoticeChoice = { show: true, about: 4, seenIn: 'sign-in-1' };
    expect(shouldShowNotice(closed, 4, 'sign-in-1')).toBe(false);
    expect(shouldShowNotice(closed, 4, 'sign-in-2')).toBe(true);
    expect(shouldShowNotice(closed, 5, 'sign-in-1')).toBe(true);
    expect(shouldShowNotice({ show: false, about: 4, seenIn: 'sign-in-1' }, 4, 'sign-in-2')).toBe(false);
  });

  it('closing without the tick remembers the sign-in it was closed in', async () => {
    const { actor, storedChoices } = start(null, 7, 'sign-in-1');
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'CLOSE', dontShowAgain: false });
    expect(storedChoices).toEqual([{ show: true, about: 7, seenIn: 'sign-in-1' }]);
  });

  it('closing with dont-show-again stores the choice for the current message', async () => {
    const { actor, storedChoices } = start(null, 7);
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'CLOSE', dontShowAgain: true });
    expect(actor.getSnapshot().status).toBe('done');
    expect(storedChoices).toEqual([{ show: false, about: 7 }]);
  });

  it('closing without the tick shows it again next time', async () => {
    const { actor, storedChoices } = start(null, 'cookies');
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'CLOSE', dontShowAgain: false });
    expect(storedChoices).toEqual([{ show: true, about: 'cookies' }]);
  });

  it('stays hidden when the stored choice says so', async () => {
    const { actor } = start({ show: false, about: 7 }, 7);
    await waitFor(actor, (s) => s.status === 'done');
  });
});
