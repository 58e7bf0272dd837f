import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/pact/**/*.pact.test.ts'],
    environment: 'node',
    globalSetup: ['tests/pact/consumerGlobalSetup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
  },
});
