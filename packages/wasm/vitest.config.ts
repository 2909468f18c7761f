import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The host tests run the real simulator and wait on wall-clock pacing.
    testTimeout: 30_000,
  },
});
