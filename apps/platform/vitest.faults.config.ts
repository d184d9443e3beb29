import { defineConfig } from 'vitest/config';

// The fault suite (faults/, `npm run faults`): not part of `npm test`; .ci/run runs it after.
export default defineConfig({
  test: { include: ['faults/**/*.test.ts'], testTimeout: 600_000, hookTimeout: 300_000, fileParallelism: false },
});
