// The tests Stryker runs against each mutant of the money rules (`node scripts/mutation.mjs money`):
// the pure payment rules' own unit tests (no server, no store).
import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['test/domain/payment.test.ts'], testTimeout: 30_000 } });
