import { client, resultOf } from '../../../lib/api';

/** Sign in with an e-mail address and a password. */
export const signIn = (emailAddress: string, password: string) =>
  resultOf(client.account.login({ body: { emailAddress, password }, silent: true }));

/** End the session on the server; a failure is of no interest, the page signs out anyway. */
export const signOut = () =>
  client.account.logout({ body: {}, silent: true, ignoreCancel: true }).catch(() => undefined);
