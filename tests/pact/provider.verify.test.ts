import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestServer, TEST_PUBLIC_ORIGIN } from '../support/testServer';
import { implementations } from '../../api-mock/src/routes';
import { PACT_FILE } from './support';
import { startStateSetupServer } from './stateSetupServer';
import { startBrokenRouteProxy } from './brokenRouteProxy';
import { startCustomerCheckingProxy } from './customerCheckingProxy';
import { VERIFY_EXACT_COUNT_MAX } from './workOrderStates';

let server: Awaited<ReturnType<typeof startTestServer>>;
let states: Awaited<ReturnType<typeof startStateSetupServer>>;

beforeAll(async () => {
  server = await startTestServer({ listen: true, exactCountMax: VERIFY_EXACT_COUNT_MAX });
  states = await startStateSetupServer(server.app, server.database.db);
});
afterAll(async () => {
  await states?.close();
  await server?.close();
});

/** `npm run pact:verify` as a backend team runs it; its exit code and everything it printed. */
const pactVerify = (providerBaseUrl: string, env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const args = ['run', '--silent', 'pact:verify', '--', '--provider-base-url', providerBaseUrl];
    const child = spawn('npm', [...args, '--provider-states-setup-url', states.url], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    // eslint-disable-next-line no-control-regex -- the verifier colours its report
    child.on('close', (code) => resolve({ code, output: output.replace(/\x1b\[[0-9;]*m/g, '') }));
  });

interface PactFile {
  interactions: Array<{ description: string; request: { method: string; path: string } }>;
}
const readPact = () => JSON.parse(readFileSync(PACT_FILE, 'utf8')) as PactFile;

describe('provider verification (portal-api)', () => {
  it('npm run pact:verify passes against our server started on a port, every interaction honoured', async () => {
    const { code, output } = await pactVerify(server.url);
    expect(output).toContain('honours every interaction');
    expect(code).toBe(0);
  });

  it('npm run pact:verify fails against a server with one route broken, naming that interaction and field', async () => {
    const broken = await startBrokenRouteProxy(server.url);
    try {
      // The broken route and a changing call beside it, which must still pass through the same proxy.
      const { code, output } = await pactVerify(broken.url, {
        PACT_DESCRIPTION: '^(a request for the current user|a new saved view)$',
      });
      expect(code).toBe(1);
      expect(output).toContain('There were 1 pact failures');
      const failures = output.slice(output.indexOf('Failures:'), output.indexOf('pact failures'));
      expect(failures).toContain('a request for the current user');
      expect(failures).toContain('emailAddress');
      expect(failures).not.toContain('a new saved view');
      expect(output).toMatch(/a new saved view[\s\S]*returns a response which[\s\S]*has status code 200 \(OK\)/);
    } finally {
      await broken.close();
    }
  });

  it('every route the server implements has at least one pact interaction', () => {
    const interactions = readPact().interactions.map((i) => i.request);
    const routes = implementations({
      db: server.database.db,
      config: {
        secureCookies: false,
        publicOrigin: TEST_PUBLIC_ORIGIN,
        validateResponses: true,
        rateLimits: false,
        devPages: false,
      },
    }).flatMap((impl) => impl.routes);
    const uncovered = routes.filter((route) => {
      const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`, 'i');
      return !interactions.some((r) => r.method === route.method && pattern.test(r.path));
    });
    expect(uncovered.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('the state setup answers the customer of the session it leaves, which the verifier sends as userCustomerId', async () => {
    const setUp = async (state: string, params: Record<string, unknown>) => {
      const res = await fetch(states.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ state, params, action: 'setup' }),
      });
      return ((await res.json()) as { values: Record<string, unknown> }).values;
    };
    const customerOf = async (email: string) =>
      (
        await server.database.db
          .selectFrom('users')
          .select('customer_id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).customer_id;
    for (const email of ['user@acme-labs.example', 'user@globex.example']) {
      expect(await setUp('a signed-in user', { email })).toMatchObject({ userCustomerId: await customerOf(email) });
    }
    expect(await setUp('no session', {})).not.toHaveProperty('userCustomerId');
  });

  it('passes against a backend that checks userCustomerId against the session, for users of two customers', async () => {
    const checking = await startCustomerCheckingProxy(server.url);
    try {
      const { code, output } = await pactVerify(checking.url, {
        // A Globex user's page views, an Acme user's history and a signed-out sign-in.
        PACT_DESCRIPTION:
          '^(a batch of page views|a request for a page of an instrument’s history|a sign-in with the right password)$',
      });
      expect(checking.refused).toEqual([]);
      expect(output).toContain('honours every interaction');
      expect(code).toBe(0);
    } finally {
      await checking.close();
    }
  });
});
