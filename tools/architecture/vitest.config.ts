import { defineConfig } from 'vitest/config';
// Each cruise parses the whole source once (about 10 s on the shared 2-core machine).
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 120_000 } });
