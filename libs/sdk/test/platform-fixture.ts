// The SDK's tests run against the platform as `npm start` runs it (@svc/testing
// startPlatformProcess) over a fresh DATA_DIR, with a tenant, a session and an API key made by
// the operator CLI as the README shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runApp, startPlatformProcess } from '@svc/testing';

export interface RunningPlatform {
  url: string;
  /** Runs one operator CLI command and answers the JSON object it prints. */
  admin(...args: string[]): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startPlatform(env: Record<string, string> = {}): Promise<RunningPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdk-platform-'));
  const platform = await startPlatformProcess(dataDir, env);
  return {
    url: platform.url,
    async admin(...args) {
      const cli = runApp('admin', { DATA_DIR: dataDir }, { args });
      const code = await cli.exited;
      if (code !== 0) throw new Error(`admin ${args.join(' ')} exited with ${code}: ${cli.output()}`);
      return JSON.parse(cli.output()) as Record<string, string>;
    },
    async stop() {
      try {
        await platform.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
