import { createActor, fromPromise } from 'xstate';
import type { LoggedInUser } from '../../../contract/users';
import { appStatusMachine, type LoadFailure } from '../../../machines/appStatus.machine';
import { client, resultOf } from '../lib/api';
import { changeLanguage, resolveLanguage } from '../lib/i18n';
import { RequestFailure } from '../lib/requestErrors';
import { setUserCustomerId } from '../lib/requestLayer';

async function loadCurrentUser(): Promise<LoggedInUser> {
  try {
    return await resultOf(client.users.me({ silent: true }));
  } catch (e) {
    const unauthorized = e instanceof RequestFailure && e.error.kind === 'http' && e.error.status === 401;
    throw { unauthorized } satisfies LoadFailure;
  }
}

/** The app-status machine with its real effects: load the user, then follow the user's customer and language. */
export const appStatusActor = createActor(
  appStatusMachine.provide({
    actors: { loadCurrentUser: fromPromise(loadCurrentUser) },
    actions: {
      userChanged: (_, user) => {
        setUserCustomerId(user?.userLocation.customerId ?? null);
        void changeLanguage(resolveLanguage(user?.languageCode ?? navigator.language));
      },
    },
  }),
);
