// The tests Stryker runs against each mutant of the erasure rules (`node scripts/mutation.mjs erasure`):
// the pure erase rules' own unit tests (no server, no store).
import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['test/domain/erasure.test.ts'], testTimeout: 30_000 } });
