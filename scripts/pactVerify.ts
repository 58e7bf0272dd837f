/**
 * Verifies a running backend against the consumer pacts:
 *   npm run pact:verify -- --provider-base-url URL [--provider-states-setup-url URL] [--pact FILE ...]
 * Provider states are set up (and torn down) by POSTing { state, params, action } to the setup URL, whose JSON answer
 * { values, headers, changeHeaders } gives the state's values and what to add to the interaction's requests (docs/pact-provider-states.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** What a state hands back to the verifier for the pact's provider-state expressions. */
type StateValues = { [key: string]: Json };

const ROOT = path.resolve(import.meta.dirname, '..');
const PROVIDER = 'portal-api';
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface StateAnswer {
  /** Values the pact's requests take from the provider state (Pact's provider-state injected values). */
  values?: StateValues;
  headers?: Record<string, string>;
  changeHeaders?: Record<string, string>;
}

const usage =
  'usage: npm run pact:verify -- --provider-base-url URL [--provider-states-setup-url URL] [--pact FILE ...]';

function options() {
  const { values } = parseArgs({
    options: {
      'provider-base-url': { type: 'string' },
      'provider-states-setup-url': { type: 'string' },
      pact: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help || !values['provider-base-url']) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const pactDir = path.join(ROOT, 'pacts');
  const pacts =
    values.pact ??
    (existsSync(pactDir)
      ? readdirSync(pactDir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => path.join(pactDir, f))
      : []);
  if (pacts.length === 0) {
    console.error('No pact file: run `npm run test:pact` first, or name one with --pact.');
    process.exit(2);
  }
  return { baseUrl: values['provider-base-url'], setupUrl: values['provider-states-setup-url'], pacts };
}

/** Every provider state the pact files name. */
function stateNames(pacts: string[]): string[] {
  const names = new Set<string>();
  for (const file of pacts) {
    const pact = JSON.parse(readFileSync(file, 'utf8')) as {
      interactions: { providerStates?: { name: string }[]; providerState?: string }[];
    };
    for (const i of pact.interactions) {
      for (const s of i.providerStates ?? []) names.add(s.name);
      if (i.providerState) names.add(i.providerState);
    }
  }
  return [...names];
}

async function changeState(
  setupUrl: string,
  state: string,
  params: unknown,
  action: 'setup' | 'teardown',
): Promise<StateAnswer> {
  const answer = await fetch(setupUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state, params: params ?? {}, action }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await answer.text();
  if (!answer.ok) {
    throw new Error(`state "${state}" (${action}): the setup URL answered ${answer.status} ${text.slice(0, 300)}`);
  }
  return text.trim() === '' ? {} : (JSON.parse(text) as StateAnswer);
}

/** The verifier rejects with its whole report as JSON; the failures are printed above it already. */
function failureSummary(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  try {
    const report = JSON.parse(message) as { errors?: unknown[] };
    return `${report.errors?.length ?? 0} interaction(s) do not match, listed under "Failures" above.`;
  } catch {
    return message;
  }
}

async function main() {
  const { baseUrl, setupUrl, pacts } = options();
  let current: Required<Omit<StateAnswer, 'values'>> = { headers: {}, changeHeaders: {} };
  const stateHandlers = Object.fromEntries(
    stateNames(pacts).map((name) => [
      name,
      {
        setup: async (params: unknown) => {
          if (!setupUrl) return undefined;
          const answer = await changeState(setupUrl, name, params, 'setup');
          current = {
            headers: { ...current.headers, ...answer.headers },
            changeHeaders: { ...current.changeHeaders, ...answer.changeHeaders },
          };
          return answer.values;
        },
        teardown: async (params: unknown) => {
          if (setupUrl) await changeState(setupUrl, name, params, 'teardown');
          return undefined;
        },
      },
    ]),
  );
  const verifier = new Verifier({
    provider: PROVIDER,
    providerBaseUrl: baseUrl,
    pactUrls: pacts,
    stateHandlers,
    beforeEach: () => {
      current = { headers: {}, changeHeaders: {} };
      return Promise.resolve();
    },
    requestFilter: (req: { method: string; headers: Record<string, string> }, _res: unknown, next: () => void) => {
      Object.assign(req.headers, current.headers, CHANGING.has(req.method) ? current.changeHeaders : {});
      next();
    },
    logLevel: 'error',
  } as VerifierOptions);
  try {
    await verifier.verifyProvider();
    console.log(`The provider at ${baseUrl} honours every interaction of ${pacts.length} pact file(s).`);
  } catch (error) {
    console.error(`Verification failed: ${failureSummary(error)}`);
    process.exit(1);
  }
}

await main();
