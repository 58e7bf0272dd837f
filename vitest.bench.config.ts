import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [],
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
    environment: 'node',
    hookTimeout: 600_000,
  },
});
