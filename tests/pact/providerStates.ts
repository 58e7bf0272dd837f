import type { FastifyInstance } from 'fastify';
import type { VerifierOptions } from '@pact-foundation/pact';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
import { injectClient, signedIn } from '../support/injectClient';

/**
 * Provider states of the pact, on a running server: each state prepares the data and the cookie jar whose
 * session and anti-forgery token the request filter puts on the replayed request.
 */
export function providerStates(app: FastifyInstance) {
  let jar = new Map<string, string>();
  const stateHandlers: StateHandlers = {
    'the demo world exists': async () => {
      jar = injectClient(app).jar;
      await injectClient(app).client.users.me();
      return undefined;
    },
    'no session': async () => {
      jar = new Map();
      return undefined;
    },
    'a signed-in user': async (params?: unknown) => {
      const { email } = params as { email: string };
      jar = (await signedIn(app, email)).jar;
      return undefined;
    },
  };
  /** Headers of the current state's browser: its cookies, and the anti-forgery token on changing calls. */
  const headersFor = (method: string): Record<string, string> => {
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') {
      const token = jar.get('XSRF-TOKEN') ?? 'none';
      headers['x-xsrf-token'] = token;
      headers.cookie = [headers.cookie, `XSRF-TOKEN=${token}`].filter(Boolean).join('; ');
    }
    return headers;
  };
  return { stateHandlers, headersFor };
}
