import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../contract/openapi';
import { ROOT } from '../support/testServer';

describe('OpenAPI document', () => {
  it('docs/openapi.json is up to date with the contract (run npm run openapi)', () => {
    const committed = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });
});
