import { defineConfig } from 'vitest/config';

/**
 * The api tests on both databases in one run: the two projects share the workers, so neither waits for the other's
 * slowest files. `--project pglite` or `--project postgres` runs one.
 */
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/testWorldGlobalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database; only the modules are shared, which saves seconds per file.
    isolate: false,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'pglite', env: { API_DB: 'pglite' } } },
      { extends: true, test: { name: 'postgres', env: { API_DB: 'postgres' } } },
    ],
  },
});
