// The tests Stryker runs against each mutant of the availability engine (`npm run mutation`):
// the engine's own unit tests, which need no server and no free port, so two Stryker workers
// can run them side by side; luxon's clock pinned as in `npm test` (test/domain/pinned-clock.ts).
import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: { include: ['test/domain/**/*.test.ts'], setupFiles: ['test/domain/pinned-clock.ts'], testTimeout: 30_000 },
});
