import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_MATRIX_FILE, renderAccessMatrix } from '../../scripts/accessMatrixTable';

describe('the access matrix', () => {
  it(`${ACCESS_MATRIX_FILE} is what the contract's declarations give (run npm run access:matrix)`, () => {
    const written = readFileSync(path.resolve(import.meta.dirname, '../..', ACCESS_MATRIX_FILE), 'utf8').split('\n');
    const generated = renderAccessMatrix().split('\n');
    const differing = generated.flatMap((line, i) =>
      line === written[i] ? [] : [`line ${i + 1}: ${JSON.stringify(written[i])} should be ${JSON.stringify(line)}`],
    );
    if (written.length > generated.length) differing.push(`${written.length - generated.length} line(s) too many`);
    expect(differing.slice(0, 5), `${ACCESS_MATRIX_FILE} is stale: run npm run access:matrix`).toEqual([]);
  });
});
