import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/testWorldGlobalSetup.ts'],
    testTimeout: 60_000,
    // A page answers an action a render or a server call later, which a loaded machine stretches past the 1 s
    // default of expect.poll.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Two files at a time, each with its own server and browser: one alone leaves a core idle while it waits on
    // the other process. The modules load once per worker.
    maxWorkers: 2,
    // On CI, a test that fails runs once more (Playwright's own default for CI), so one timing accident on a loaded
    // machine does not block a submission; a test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    isolate: false,
  },
});
