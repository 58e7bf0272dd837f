import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/pact/**/*.pact.test.ts'],
    environment: 'node',
    globalSetup: ['tests/pact/consumerGlobalSetup.ts'],
    fileParallelism: false,
    // The files share one module graph (the contract and the pact core load once); each still has its own mock servers.
    isolate: false,
    testTimeout: 30_000,
    // pact-core 19 can report an answered request as not received when the machine is busy
    // (pact-foundation/pact-reference#535); a real mismatch fails every attempt.
    retry: 2,
  },
});
