// The SDK's tests run against the platform as `npm start` runs it: its own process, over a fresh
// DATA_DIR, with a tenant, a session and an API key made by the operator CLI as the README shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPlatformRuntime } from '@svc/config';
import { runApp, type AppProcess } from '@svc/testing';

export interface RunningPlatform {
  url: string;
  dataDir: string;
  /** Runs one operator CLI command and answers the JSON object it prints. */
  admin(...args: string[]): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startPlatform(env: Record<string, string> = {}): Promise<RunningPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdk-platform-'));
  const app: AppProcess = runApp('platform', { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env });
  await app.waitFor('is running at', 120_000);
  const runtime = readPlatformRuntime(dataDir);
  if (!runtime) throw new Error(`the platform did not publish its runtime file:\n${app.output()}`);
  return {
    url: runtime.url,
    dataDir,
    async admin(...args) {
      const cli = runApp('admin', { DATA_DIR: dataDir }, { args });
      const code = await cli.exited;
      if (code !== 0) throw new Error(`admin ${args.join(' ')} exited with ${code}: ${cli.output()}`);
      return JSON.parse(cli.output()) as Record<string, string>;
    },
    async stop() {
      app.kill('SIGTERM');
      const code = await app.exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`the platform exited with ${code}:\n${app.output()}`);
    },
  };
}
