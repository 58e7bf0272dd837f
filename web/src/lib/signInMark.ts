import { readLocal, writeLocal } from './localSettings';

const KEY = 'signIn';

/**
 * Starts a new sign-in of this browser (one session cookie per browser): what was remembered for the previous one,
 * such as a notice closed once, no longer counts. Called when someone signs in and when they sign out.
 */
export function newSignIn(): string {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeLocal(KEY, id);
  return id;
}

/** The current sign-in of this browser (a new one if none was marked, as for a sign-in before this was kept). */
export function currentSignIn(): string {
  const known = readLocal<unknown>(KEY, null);
  return typeof known === 'string' ? known : newSignIn();
}
