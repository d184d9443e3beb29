// Two projects: the engine's unit tests with luxon's clock pinned (test/domain/pinned-clock.ts),
// and the service tests over real gRPC and stores, on the real clock.
import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 30_000, hookTimeout: 120_000 };
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'engine',
          include: ['test/domain/**/*.test.ts'],
          setupFiles: ['test/domain/pinned-clock.ts'],
          ...shared,
        },
      },
      {
        test: {
          name: 'service',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['test/domain/**', '**/node_modules/**'],
          ...shared,
        },
      },
    ],
  },
});
