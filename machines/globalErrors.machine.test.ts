import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { globalErrorsMachine, type Toast } from './globalErrors.machine';

let actor: Actor<typeof globalErrorsMachine> | undefined;
afterEach(() => actor?.stop());

function start() {
  const calls: string[] = [];
  const toasts: Toast[] = [];
  actor = createActor(
    globalErrorsMachine.provide({
      actions: {
        showToast: (_, t) => void toasts.push(t),
        goToLogin: () => void calls.push('goToLogin'),
        reloadPage: () => void calls.push('reloadPage'),
        signOut: () => void calls.push('signOut'),
      },
    }),
  ).start();
  return { actor, calls, toasts };
}

describe('global request errors', () => {
  it('401 opens the session-expired modal; OK goes to sign-in', () => {
    const { actor, calls } = start();
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'http', status: 401 } });
    expect(actor.getSnapshot().context.modal).toBe('sessionExpired');
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(calls).toEqual(['goToLogin']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('shows one modal at a time: a second error while a modal is open is ignored', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'api', errorCode: 1041 } });
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'http', status: 401 } });
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'http', status: 500 } });
    expect(actor.getSnapshot().context.modal).toBe('customerChanged');
    expect(toasts).toEqual([]);
  });

  it.each([
    [1041, 'customerChanged', 'reloadPage'],
    [1084, 'userChanged', 'reloadPage'],
    [16006, 'profileIncomplete', 'reloadPage'],
    [30005, 'accountRemoved', 'signOut'],
  ] as const)('code %i opens the %s modal, then %s', (errorCode, modal, followUp) => {
    const { actor, calls } = start();
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'api', errorCode } });
    expect(actor.getSnapshot().context.modal).toBe(modal);
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(calls).toEqual([followUp]);
  });

  it('403 shows the permissions-changed toast, other HTTP errors the system-error toast', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'http', status: 403 } });
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'http', status: 502 } });
    expect(toasts.map((t) => t.messageKey)).toEqual(['errorMessage:permissions_changed', 'errorMessage:system_error']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('other codes show the translation of the code, with the server message as fallback', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'api', errorCode: 10002, errorMessage: 'not found' } });
    expect(toasts).toEqual([{ messageKey: 'errorMessage:error_msg_10002', fallback: 'not found' }]);
  });

  it('code 3014 shows its message with the asset id label of the customer', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'api', errorCode: 3014 } });
    expect(toasts).toEqual([{ messageKey: 'errorMessage:error_msg_3014', withAssetIdLabel: true }]);
  });

  it('a network error shows a toast; an aborted call stays silent', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'aborted' } });
    expect(toasts).toEqual([]);
    actor.send({ type: 'REQUEST_ERROR', error: { kind: 'network' } });
    expect(toasts.map((t) => t.messageKey)).toEqual(['errorMessage:network_error']);
  });

  it('another user signing in in another tab shows the changed-user modal; OK reloads', () => {
    const { actor, calls } = start();
    actor.send({ type: 'CROSS_TAB', message: { type: 'signedIn', userId: 9 }, currentUserId: 1, currentCustomerId: 1 });
    expect(actor.getSnapshot().context.modal).toBe('userChanged');
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(calls).toEqual(['reloadPage']);
  });

  it('the same user signing in again in another tab changes nothing', () => {
    const { actor } = start();
    actor.send({ type: 'CROSS_TAB', message: { type: 'signedIn', userId: 1 }, currentUserId: 1, currentCustomerId: 1 });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a sign-out in another tab shows the logged-out modal; OK goes to sign-in', () => {
    const { actor, calls } = start();
    actor.send({ type: 'CROSS_TAB', message: { type: 'signedOut' }, currentUserId: 1, currentCustomerId: 1 });
    expect(actor.getSnapshot().context.modal).toBe('loggedOut');
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(calls).toEqual(['goToLogin']);
  });

  it('a customer switch in another tab shows the customer-changed modal, but only one modal at a time', () => {
    const { actor } = start();
    actor.send({
      type: 'CROSS_TAB',
      message: { type: 'customerChanged', customerId: 2 },
      currentUserId: 1,
      currentCustomerId: 1,
    });
    actor.send({ type: 'CROSS_TAB', message: { type: 'signedOut' }, currentUserId: 1, currentCustomerId: 1 });
    expect(actor.getSnapshot().context.modal).toBe('customerChanged');
  });
});
