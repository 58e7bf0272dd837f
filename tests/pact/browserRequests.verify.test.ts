import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/testServer';
import { PACT_FILE, SIGNED_OUT_STATES } from './support';

interface Rule {
  matchers: { match: string; regex?: string }[];
}
interface Generator {
  type: string;
  expression?: string;
}
interface PactFile {
  interactions: Array<{
    description: string;
    providerStates?: { name: string }[];
    request: {
      query?: Record<string, string[]>;
      matchingRules?: { query?: Record<string, Rule> };
      generators?: { query?: Record<string, Generator> };
    };
  }>;
}
const readPact = () => JSON.parse(readFileSync(PACT_FILE, 'utf8')) as PactFile;
const PACT_TESTS = path.join(ROOT, 'tests/pact');
const source = (file: string) => readFileSync(path.join(PACT_TESTS, file), 'utf8');

/** The states docs/pact-provider-states.md lists with "none (signed out)" as the session of the request. */
function documentedSignedOutStates(): string[] {
  const doc = readFileSync(path.join(ROOT, 'docs/pact-provider-states.md'), 'utf8');
  return [...doc.matchAll(/^\| `([^`]+)`\s*\|\s*\d+\s*\|\s*none \(signed out\)\s*\|$/gm)].map((m) => m[1]!);
}

describe('the pact is what the browser sends', () => {
  it('the consumer tests call through the web app’s own client and request layer, not a client of their own', () => {
    const support = source('support.ts');
    expect(support).toMatch(/^import \{ client \} from '\.\.\/\.\.\/web\/src\/lib\/api';$/m);
    for (const file of readdirSync(PACT_TESTS).filter((f) => f.endsWith('.ts') && !f.endsWith('.verify.test.ts'))) {
      const text = source(file);
      expect(text, file).not.toMatch(/\binitClient\b|@ts-rest\/core/);
      if (file.endsWith('.pact.test.ts')) expect(text, file).not.toMatch(/node:https?'|\bfetch\(/);
    }
  });

  it('every recorded request carries timeZoneDiff, and userCustomerId of the state’s session unless the browser is signed out', () => {
    expect([...SIGNED_OUT_STATES].sort()).toEqual(documentedSignedOutStates().sort());
    const { interactions } = readPact();
    expect(interactions.length).toBeGreaterThan(0);
    const signedOut: string[] = [];
    for (const { description, providerStates = [], request } of interactions) {
      const query = request.query ?? {};
      const rules = request.matchingRules?.query ?? {};
      expect(query.timeZoneDiff, description).toHaveLength(1);
      expect(query.timeZoneDiff![0], description).toMatch(/^-?\d+$/);
      const browserSignedOut = providerStates.every((s) => SIGNED_OUT_STATES.includes(s.name));
      if (browserSignedOut) signedOut.push(description);
      expect('userCustomerId' in query, description).toBe(!browserSignedOut);
      if (!browserSignedOut) {
        expect(query.userCustomerId, description).toEqual(['1']);
        // The verifier sends the customer the state's session works for, which the state setup answers.
        expect(request.generators?.query?.userCustomerId, description).toEqual({
          type: 'ProviderState',
          expression: '${userCustomerId}',
        });
        expect(rules.userCustomerId?.matchers, description).toEqual([{ match: 'type' }]);
      }
    }
    // Sign-in, the contact request without an account, users/me without a session, the sign-up page, and a calendar
    // app with an unknown feed address.
    expect(signedOut.sort()).toEqual([
      'a calendar app reading an unknown feed address',
      'a check of an invitation link',
      'a contact request without an account',
      'a request for the current user without a session',
      'a sign-in with a wrong password',
      'a sign-in with the right password',
      'a sign-in without an e-mail address',
      'an acceptance of an invitation link',
      'an acceptance of an invitation link with a weak password',
      'an acceptance of an unknown invitation link',
    ]);
  });

  it('the examples do not depend on the machine: timeZoneDiff 0 unless an interaction pins a zone', () => {
    const pinned = readPact()
      .interactions.filter((i) => i.request.query?.timeZoneDiff?.[0] !== '0')
      .map((i) => [i.description, i.request.query!.timeZoneDiff, i.request.matchingRules?.query?.timeZoneDiff]);
    expect(pinned).toEqual([['the reservation overview of a month', ['60'], undefined]]);
  });
});
