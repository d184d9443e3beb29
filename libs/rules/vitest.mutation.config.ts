// The tests Stryker runs against each mutant of the money rules of @svc/rules
// (`node scripts/mutation.mjs money-rules`): formatting, Stripe's units and steps, service payment terms.
import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: { include: ['test/money.test.ts', 'test/service-payment.test.ts'], testTimeout: 30_000 },
});
