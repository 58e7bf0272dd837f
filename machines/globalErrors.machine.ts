import { assign, setup } from 'xstate';
import { ErrorCode } from '../contract/errors';

/** A request-layer error as the machine needs it (the web's RequestError is structurally compatible). */
export type ReportedError =
  | { kind: 'api'; errorCode: number; errorMessage?: string }
  | { kind: 'http'; status: number; errorMessage?: string }
  | { kind: 'network' }
  | { kind: 'aborted' };

export type SessionModal =
  'sessionExpired' | 'customerChanged' | 'userChanged' | 'loggedOut' | 'profileIncomplete' | 'accountRemoved';

export interface Toast {
  /** i18n key with namespace, e.g. `errorMessage:error_msg_10002`. */
  messageKey: string;
  /** Shown when the key has no translation (the server's message). */
  fallback?: string;
  /** The message names the customer's label of the asset id (code 3014). */
  withAssetIdLabel?: boolean;
}

/** What another tab of the same browser announced (BroadcastChannel). */
export type CrossTabMessage =
  { type: 'signedIn'; userId: number } | { type: 'signedOut' } | { type: 'customerChanged'; customerId: number };

export type GlobalErrorsEvent =
  | { type: 'REQUEST_ERROR'; error: ReportedError }
  | { type: 'CROSS_TAB'; message: CrossTabMessage; currentUserId: number; currentCustomerId: number }
  | { type: 'ACKNOWLEDGE' };

/** The modal a message from another tab calls for in this tab, if any. */
export function crossTabModal(
  message: CrossTabMessage,
  currentUserId: number,
  currentCustomerId: number,
): SessionModal | null {
  switch (message.type) {
    case 'signedIn':
      return message.userId === currentUserId ? null : 'userChanged';
    case 'signedOut':
      return 'loggedOut';
    case 'customerChanged':
      return message.customerId === currentCustomerId ? null : 'customerChanged';
  }
}

const MODAL_OF_CODE: Record<number, SessionModal> = {
  [ErrorCode.CustomerChanged]: 'customerChanged',
  [ErrorCode.LoggedInUserChanged]: 'userChanged',
  [ErrorCode.ProfileIncomplete]: 'profileIncomplete',
  [ErrorCode.AccountRemoved]: 'accountRemoved',
};

/** What a request error means for the whole app (spec 1 section 8): a modal, a toast, or nothing. */
export function classify(error: ReportedError): { modal: SessionModal } | { toast: Toast } | null {
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return { toast: { messageKey: 'errorMessage:network_error' } };
    case 'http':
      if (error.status === 401) return { modal: 'sessionExpired' };
      if (error.status === 403) return { toast: { messageKey: 'errorMessage:permissions_changed' } };
      if (error.status === 429) return { toast: { messageKey: 'errorMessage:too_many_requests' } };
      return { toast: { messageKey: 'errorMessage:system_error' } };
    case 'api': {
      const modal = MODAL_OF_CODE[error.errorCode];
      if (modal) return { modal };
      if (error.errorCode === ErrorCode.AssetIdLabel) {
        return { toast: { messageKey: 'errorMessage:error_msg_3014', withAssetIdLabel: true } };
      }
      return { toast: { messageKey: `errorMessage:error_msg_${error.errorCode}`, fallback: error.errorMessage } };
    }
  }
}

/**
 * The global handlers of request errors: toasts, and the session modals, one at a time. Acknowledging a modal
 * runs its follow-up (sign in again, reload, or sign out).
 */
export const globalErrorsMachine = setup({
  types: {
    context: {} as { modal: SessionModal | null },
    events: {} as GlobalErrorsEvent,
  },
  actions: {
    showToast: (_, _toast: Toast) => {},
    goToLogin: () => {},
    reloadPage: () => {},
    signOut: () => {},
  },
}).createMachine({
  id: 'globalErrors',
  context: { modal: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        CROSS_TAB: {
          guard: ({ event }) => crossTabModal(event.message, event.currentUserId, event.currentCustomerId) !== null,
          target: 'modal',
          actions: assign({
            modal: ({ event }) => crossTabModal(event.message, event.currentUserId, event.currentCustomerId),
          }),
        },
        REQUEST_ERROR: [
          {
            guard: ({ event }) => {
              const c = classify(event.error);
              return c !== null && 'modal' in c;
            },
            target: 'modal',
            actions: assign({
              modal: ({ event }) => {
                const c = classify(event.error);
                return c && 'modal' in c ? c.modal : null;
              },
            }),
          },
          {
            guard: ({ event }) => {
              const c = classify(event.error);
              return c !== null && 'toast' in c;
            },
            actions: {
              type: 'showToast',
              params: ({ event }) => {
                const c = classify(event.error);
                return c && 'toast' in c ? c.toast : { messageKey: 'errorMessage:system_error' };
              },
            },
          },
        ],
      },
    },
    modal: {
      on: {
        ACKNOWLEDGE: [
          {
            guard: ({ context }) => context.modal === 'sessionExpired' || context.modal === 'loggedOut',
            target: 'idle',
            actions: ['goToLogin', assign({ modal: null })],
          },
          {
            guard: ({ context }) => context.modal === 'accountRemoved',
            target: 'idle',
            actions: ['signOut', assign({ modal: null })],
          },
          { target: 'idle', actions: ['reloadPage', assign({ modal: null })] },
        ],
      },
    },
  },
});
