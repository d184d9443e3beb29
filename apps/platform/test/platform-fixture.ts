import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@svc/testing';
import {
  platformConfigSchema,
  startEmbeddedPlatform,
  type EmbeddedPlatform,
  type PlatformConfig,
} from '../src/index.js';

/**
 * The embedded platform on a free port with a throw-away data folder. Rate limits are off (the
 * suites book far more than 20 times a minute from 127.0.0.1); the rate limit suite turns them on.
 */
export async function startTestPlatform(
  overrides: Partial<PlatformConfig> = {},
): Promise<EmbeddedPlatform & { dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  const start = async () =>
    startEmbeddedPlatform(
      platformConfigSchema.parse({
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        SHUTDOWN_GRACE_MS: 2_000,
        PORT: await freePort(),
        DATA_DIR: dataDir,
        RATE_LIMITS: 'off',
        ...overrides,
      }),
    );
  // A free port can be taken by a parallel test file before we listen on it: try another.
  let platform: EmbeddedPlatform | undefined;
  for (let attempt = 1; !platform; attempt++) {
    try {
      platform = await start();
    } catch (err) {
      if ((err as { code?: string }).code !== 'EADDRINUSE' || attempt === 5) throw err;
    }
  }
  return {
    ...platform,
    dataDir,
    async cleanup() {
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
