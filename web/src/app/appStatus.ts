import { createActor, fromPromise } from 'xstate';
import type { LoggedInUser } from '../../../contract/users';
import { appStatusMachine, type LoadFailure } from '../../../machines/appStatus.machine';
import { client, resultOf } from '../lib/api';
import { setCustomerFieldLabels } from '../lib/customerLabels';
import { changeLanguage, resolveLanguage } from '../lib/i18n';
import { RequestFailure } from '../lib/requestErrors';
import { setAdminMode, setPageUserId, setUserCustomerId } from '../lib/requestLayer';

const isHttp = (e: unknown, status: number) =>
  e instanceof RequestFailure && e.error.kind === 'http' && e.error.status === status;
const failure = (e: unknown): LoadFailure => ({ unauthorized: isHttp(e, 401) });
const fetchMe = () => resultOf(client.users.me({ silent: true }));

/** The signed-in user; on an admin URL through the admin API, in normal mode when the admin API refuses. */
async function loadCurrentUser(): Promise<LoggedInUser> {
  const admin = /^\/admin(\/|$)/i.test(window.location.pathname);
  setAdminMode(admin);
  try {
    return await fetchMe();
  } catch (e) {
    if (!(admin && isHttp(e, 403))) throw failure(e);
  }
  setAdminMode(false);
  try {
    return await fetchMe();
  } catch (e) {
    throw failure(e);
  }
}

/** The app-status machine with its real effects: load the user, then follow the user's customer and language. */
export const appStatusActor = createActor(
  appStatusMachine.provide({
    actors: { loadCurrentUser: fromPromise(loadCurrentUser) },
    actions: {
      userChanged: (_, user) => {
        setUserCustomerId(user?.userLocation.customerId ?? null);
        setPageUserId(user?.userId ?? null);
        setCustomerFieldLabels(user?.userLocation.customer ?? null);
        // Spec 1 section 1: the user's language code, or the browser's when the user has no location yet.
        const code = user && user.locationId !== null ? (user.languageCode ?? navigator.language) : navigator.language;
        void changeLanguage(resolveLanguage(code));
      },
    },
  }),
);
