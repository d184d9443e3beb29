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

/** The embedded platform on a free port with a throw-away data folder. */
export async function startTestPlatform(
  overrides: Partial<PlatformConfig> = {},
): Promise<EmbeddedPlatform & { dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  const platform = await startEmbeddedPlatform(
    platformConfigSchema.parse({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SHUTDOWN_GRACE_MS: 2_000,
      PORT: await freePort(),
      DATA_DIR: dataDir,
      ...overrides,
    }),
  );
  return {
    ...platform,
    dataDir,
    async cleanup() {
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
