import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/testServer';
import { normalise, SPEC_DIR, specCalls } from '../support/specCalls';

describe.skipIf(!existsSync(SPEC_DIR))('the contract covers the spec', () => {
  it('every method and path of the spec call tables is in docs/openapi.json', () => {
    const openapi = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(openapi.paths).flatMap(([p, ops]) => Object.keys(ops).map((method) => normalise(method, p))),
    );
    const calls = specCalls();
    expect(calls.length).toBeGreaterThan(80);
    expect(calls.filter((c) => !documented.has(c))).toEqual([]);
  });
});
