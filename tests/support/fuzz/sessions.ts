import type { startApiServer } from '../apiServer';
import { signedIn } from '../injectClient';
import type { Finding } from './findings';
import type { FuzzRequest } from './requests';

/** The fuzzing users' sessions (their cookie jars), and sending a fuzz request in one. */

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;

export interface Session {
  email: string;
  jar: Map<string, string>;
}

/** Sign the user in; a failed sign-in is repaired, noted in `findings`, and tried once more. */
export async function signIn(server: ApiServer, email: string, findings: Finding[]): Promise<Session> {
  try {
    return { email, jar: (await signedIn(server.app, email)).jar };
  } catch (error) {
    // The fuzz may have locked the account (failed password checks), disabled or removed it: undo that.
    const db = server.database.db;
    await db.deleteFrom('sign_in_throttle').execute();
    const restored = await db
      .updateTable('users')
      .set({ is_active: true, deleted_at: null })
      .where('email', '=', email)
      .execute();
    findings.push({
      kind: 'note',
      user: email,
      fuzzCase: -1,
      route: 'account.login',
      method: 'POST',
      url: '/api/Account/login',
      status: 0,
      note: `sign-in failed and was repaired (${restored.length} row): ${String(error).slice(0, 200)}`,
      detail: '',
    });
    return { email, jar: (await signedIn(server.app, email)).jar };
  }
}

/** Is the session still signed in, as the user? */
export async function sessionAlive(server: ApiServer, session: Session): Promise<boolean> {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/users/me',
    cookies: Object.fromEntries(session.jar),
  });
  updateJar(session.jar, res.cookies);
  if (res.statusCode !== 200) return false;
  const body = res.json() as { errorCode: number; result?: { emailAddress?: string } };
  return body.errorCode === 0 && body.result?.emailAddress === session.email;
}

function updateJar(jar: Map<string, string>, cookies: Array<{ name: string; value: string; expires?: Date }>) {
  for (const c of cookies) {
    if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
}

/** Send the request in the session (the anti-forgery header as the request says), keeping the cookies it sets. */
export async function send(server: ApiServer, session: Session, r: FuzzRequest, fuzzCase: number) {
  const headers: Record<string, string> = {};
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  if (r.method !== 'GET' && r.xsrf !== 'missing') {
    headers['x-xsrf-token'] = r.xsrf === 'ok' ? (session.jar.get('XSRF-TOKEN') ?? '') : 'forged.token';
  }
  const res = await server.app.inject({
    method: r.method,
    url: r.url,
    headers,
    payload: r.payload,
    cookies: Object.fromEntries(session.jar),
    // The sign-in throttle counts per address: the fuzz's wrong passwords must not lock out the sign-ins below.
    remoteAddress: `10.77.${(fuzzCase >> 8) & 255}.${fuzzCase & 255}`,
  });
  updateJar(session.jar, res.cookies);
  return res;
}
