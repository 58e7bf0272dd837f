import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/testWorldGlobalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
