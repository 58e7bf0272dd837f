import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import type { ProfileCompletion } from '../contract/users';
import { profileCompletionMachine } from './profileCompletion.machine';

let actor: Actor<typeof profileCompletionMachine> | undefined;
afterEach(() => actor?.stop());

const details = { firstName: 'Nora', lastName: 'Newcomer', officePhone: null };

function start(save: (input: ProfileCompletion) => Promise<unknown>) {
  const completed: string[] = [];
  actor = createActor(
    profileCompletionMachine.provide({
      actors: { saveProfile: fromPromise(({ input }) => save(input)) },
      actions: { completed: () => void completed.push('done') },
    }),
  ).start();
  return { actor, completed };
}

describe('profile completion', () => {
  it('Next is refused until a location is chosen', () => {
    const { actor } = start(async () => null);
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    actor.send({ type: 'CHOOSE_LOCATION', locationId: 4 });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true);
  });

  it('saves the chosen location with the personal details, then completes', async () => {
    const saved: ProfileCompletion[] = [];
    const { actor, completed } = start(async (input) => saved.push(input));
    actor.send({ type: 'CHOOSE_LOCATION', locationId: 4 });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('personal');
    actor.send({ type: 'SUBMIT', details });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved).toEqual([{ locationId: 4, ...details }]);
    expect(completed).toEqual(['done']);
  });

  it('Back returns to the company step and keeps the location', () => {
    const { actor } = start(async () => null);
    actor.send({ type: 'CHOOSE_LOCATION', locationId: 9 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('company');
    expect(actor.getSnapshot().context.locationId).toBe(9);
  });

  it('a failed save stays on the personal step with the error, and can be sent again', async () => {
    let attempt = 0;
    const { actor } = start(async () => {
      attempt++;
      if (attempt === 1) throw new Error('offline');
      return null;
    });
    actor.send({ type: 'CHOOSE_LOCATION', locationId: 1 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT', details });
    await waitFor(actor, (s) => s.matches('personal') && s.context.error !== null);
    actor.send({ type: 'SUBMIT', details });
    await waitFor(actor, (s) => s.status === 'done');
  });
});
