// Writes docs/openapi.json from the contract (npm run openapi). A test fails when the committed file is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildOpenApi } from '../contract/openapi';

mkdirSync('docs', { recursive: true });
writeFileSync('docs/openapi.json', JSON.stringify(buildOpenApi(), null, 2) + '\n');
console.log('wrote docs/openapi.json');
