import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['machines/**/*.test.ts', 'tests/unit/**/*.test.ts', 'contract/**/*.test.ts'],
    environment: 'node',
  },
});
