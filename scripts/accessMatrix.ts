// Writes docs/access-matrix.md from the contract's access declarations (npm run access:matrix). A test fails when
// the committed file is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { ACCESS_MATRIX_FILE, renderAccessMatrix } from './accessMatrixTable';

mkdirSync('docs', { recursive: true });
writeFileSync(ACCESS_MATRIX_FILE, renderAccessMatrix());
console.log(`wrote ${ACCESS_MATRIX_FILE}`);
