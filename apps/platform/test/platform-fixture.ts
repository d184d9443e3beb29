import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPlatform, type EmbeddedPlatform } from '../src/index.js';

/** The embedded platform on a free port with a throw-away data folder. */
export async function startTestPlatform(): Promise<EmbeddedPlatform & { cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  const platform = await startEmbeddedPlatform({
    PROFILE: 'embedded',
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_MS: 2_000,
    HOST: '127.0.0.1',
    PORT: 0,
    DATA_DIR: dataDir,
  });
  return {
    ...platform,
    async cleanup() {
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
