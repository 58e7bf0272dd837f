import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/pact/**/*.verify.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
