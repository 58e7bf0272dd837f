import { initClient, type ApiFetcherArgs } from '@ts-rest/core';
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';

/**
 * The typed client of the contract, sending through `app.inject` with a cookie jar: what a browser does,
 * including the anti-forgery cookie (`__Host-` prefixed over HTTPS) and header (leave them out with `xsrf: false`).
 */
export function injectClient(app: FastifyInstance) {
  const jar = new Map<string, string>();
  const api = async (args: ApiFetcherArgs & { xsrf?: boolean }) => {
    const xsrfCookie = () => jar.get('__Host-XSRF-TOKEN') ?? jar.get('XSRF-TOKEN');
    if (xsrfCookie() === undefined && args.method !== 'GET') {
      await api({ ...args, method: 'GET', path: '/api/users/me', body: undefined, headers: {} });
    }
    const headers: Record<string, string> = { ...args.headers };
    if (args.method !== 'GET' && args.xsrf !== false) headers['x-xsrf-token'] = xsrfCookie() ?? '';
    const res = await app.inject({
      method: args.method as 'GET',
      url: args.path,
      headers,
      payload: args.body ?? undefined,
      cookies: Object.fromEntries(jar),
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    const contentType = (res.headers['content-type'] ?? '').toString();
    const isText = contentType === '' || contentType.startsWith('text/');
    return {
      status: res.statusCode,
      // a file (an export) comes as its bytes
      body: contentType.includes('json') ? res.json() : isText ? res.body : res.rawPayload,
      headers: new Headers(res.headers as Record<string, string>),
    };
  };
  const client = initClient(contract, { baseUrl: '', baseHeaders: {}, api });
  /** The same session calling in admin mode: every path under /admin/api, as the browser does there. */
  const adminClient = initClient(contract, {
    baseUrl: '',
    baseHeaders: {},
    api: (args: ApiFetcherArgs) => api({ ...args, path: args.path.replace(/^\/api(?=\/|$)/, '/admin/api') }),
  });
  return { client, adminClient, jar };
}

export type InjectClient = ReturnType<typeof injectClient>['client'];

/** Sign in a demo account and return its client. */
export async function signedIn(app: FastifyInstance, email: string, password = 'Portal2026') {
  const agent = injectClient(app);
  const res = await agent.client.account.login({ body: { emailAddress: email, password } });
  if (res.status !== 200 || res.body.errorCode !== 0)
    throw new Error(`sign-in of ${email} failed: ${JSON.stringify(res.body)}`);
  return agent;
}
