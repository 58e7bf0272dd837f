import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['machines/**/*.test.ts', 'tests/unit/**/*.test.ts', 'contract/**/*.test.ts'],
    environment: 'node',
    // The files share one module graph per worker (the contract, i18n and machines load once); none keeps state
    // between files, and stubbed globals are restored after each.
    isolate: false,
    unstubGlobals: true,
  },
});
