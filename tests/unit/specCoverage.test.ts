import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/testServer';
import { normalise, SPEC_DIR, specCalls } from '../support/specCalls';

/** The spec's "METHOD path" pairs, kept in the repo so that every clone checks them. */
const KEPT_CALLS = JSON.parse(readFileSync(path.join(ROOT, 'tests/support/specCalls.json'), 'utf8')) as string[];

describe('the contract covers the spec', () => {
  it('every method and path of the spec call tables is in docs/openapi.json', () => {
    const openapi = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(openapi.paths).flatMap(([p, ops]) => Object.keys(ops).map((method) => normalise(method, p))),
    );
    expect(KEPT_CALLS.length).toBeGreaterThan(80);
    expect(KEPT_CALLS.filter((c) => !documented.has(c))).toEqual([]);
  });

  it.skipIf(!existsSync(SPEC_DIR))('the kept list is the spec documents’ calls, none missing and none extra', () => {
    expect(KEPT_CALLS).toEqual(specCalls());
  });
});
