import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { startTestServer } from '../support/testServer';
import { implementations } from '../../api-mock/src/routes';
import { PACT_FILE, PROVIDER } from './support';
import { providerStates } from './providerStates';

let server: Awaited<ReturnType<typeof startTestServer>>;
let states: ReturnType<typeof providerStates>;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  states = providerStates(server.app, server.database.db);
});
afterAll(() => server.close());

const verify = (pactUrls: string[]) =>
  new Verifier({
    provider: PROVIDER,
    providerBaseUrl: server.url,
    pactUrls,
    stateHandlers: states.stateHandlers,
    requestFilter: (req: { method: string; headers: Record<string, string> }, _res: unknown, next: () => void) => {
      Object.assign(req.headers, states.headersFor(req.method));
      next();
    },
    logLevel: 'error',
  } as VerifierOptions).verifyProvider();

interface PactFile {
  interactions: Array<{ description: string; request: { method: string; path: string }; response: { body?: unknown } }>;
}
const readPact = () => JSON.parse(readFileSync(PACT_FILE, 'utf8')) as PactFile;

describe('provider verification (portal-api)', () => {
  it('the server honours every interaction of the consumer pact', async () => {
    await expect(verify([PACT_FILE])).resolves.toBeDefined();
  });

  it('fails when the server breaks an interaction (a deliberately changed copy of an expected response)', async () => {
    const pact = readPact();
    const me = pact.interactions.find((i) => i.description === 'a request for the current user')!;
    (me.response.body as { result: Record<string, unknown> }).result.costCentre = 'a field the server does not send';
    const broken = { ...pact, interactions: [me] };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pact-broken-'));
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    await expect(verify([file])).rejects.toBeDefined();
  });

  it('every route the server implements has at least one pact interaction', () => {
    const interactions = readPact().interactions.map((i) => i.request);
    const routes = implementations({
      db: server.database.db,
      config: { secureCookies: false, validateResponses: true, rateLimits: false, devPages: false },
    }).flatMap((impl) => impl.routes);
    const uncovered = routes.filter((route) => {
      const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`, 'i');
      return !interactions.some((r) => r.method === route.method && pattern.test(r.path));
    });
    expect(uncovered.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
