import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@svc/testing';
import {
  platformConfigSchema,
  startEmbeddedPlatform,
  type EmbeddedPlatform,
  type EmbeddedPlatformOptions,
  type PlatformConfig,
} from '../src/index.js';
import { WriteWatch } from './audit-check.js';

/**
 * The embedded platform on a free port. The port is picked before the gateway listens (its
 * BASE_URL, and so every manage link, names it), so a parallel test file can take it in
 * between: then it tries another. A PORT in `settings` is used as it is. Booking stays on the
 * main thread unless `settings` says otherwise: vitest runs the TypeScript source, which a worker
 * thread cannot load; the tests that spawn the built platform (platform-process.ts) run the thread.
 */
export async function startOnFreePort(
  settings: Record<string, unknown>,
  options: EmbeddedPlatformOptions = {},
): Promise<EmbeddedPlatform> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmbeddedPlatform(
        platformConfigSchema.parse({ PORT: await freePort(), BOOKING_THREAD: 'off', ...settings }),
        options,
      );
    } catch (err) {
      const retry = (err as { code?: string }).code === 'EADDRINUSE' && settings.PORT === undefined;
      if (!retry || attempt === 5) throw err;
    }
  }
}

/**
 * The embedded platform on a free port with a throw-away data folder. Rate limits are off (the
 * suites book far more than 20 times a minute from 127.0.0.1); the rate limit suite turns them on.
 * Every dashboard, /v1 and MCP write the test file makes must leave exactly one audit record:
 * `cleanup()` checks it after the stop and throws otherwise (audit-check.ts).
 */
export async function startTestPlatform(
  overrides: Partial<PlatformConfig> = {},
  options: EmbeddedPlatformOptions = {},
): Promise<EmbeddedPlatform & { dataDir: string; auditCheck: WriteWatch; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  const platform = await startOnFreePort(
    {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SHUTDOWN_GRACE_MS: 2_000,
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      ...overrides,
    },
    options,
  );
  const writes = new WriteWatch(platform.url, dataDir);
  return {
    ...platform,
    dataDir,
    /** The audit check of this platform (cleanup runs it; its own test runs it earlier too). */
    auditCheck: writes,
    async cleanup() {
      await platform.stop();
      try {
        await writes.verify();
      } finally {
        await writes.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
