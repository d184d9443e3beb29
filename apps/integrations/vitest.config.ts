// The process's own zone is set far from every zone the tests' staff members and calendars are
// in (UTC+14), so a reading that fell back on it would show (docs/testing.md "Recurring and
// all-day events"); test/process-zone.ts checks the workers run in it.
import { defineConfig } from 'vitest/config';

const PROCESS_ZONE = 'Pacific/Kiritimati';
process.env.TZ = PROCESS_ZONE;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: ['test/process-zone.ts'],
    env: { TZ: PROCESS_ZONE },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
