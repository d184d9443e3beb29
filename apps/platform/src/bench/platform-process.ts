// The embedded platform as its own process for a bench (as `npm start` runs it): the bench process
// is then only the load generator, and the platform's one Node thread is not shared with it.
import { readPlatformRuntime } from '@svc/config';
import { runApp, type AppProcess } from '@svc/testing';

export interface Platform {
  app: AppProcess;
  url: string;
  services: Record<string, string>;
}

/** Starts it on a free port over `dataDir`, optionally with node options (a CPU profile). */
export async function startPlatform(dataDir: string, nodeArgs: string[] = []): Promise<Platform> {
  const app = runApp(
    'platform',
    {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      BASE_URL: 'http://127.0.0.1',
      RATE_LIMITS: 'off',
      // As deployed: large answers are not validated again (docs/operations.md "Response validation").
      NODE_ENV: 'production',
    },
    { nodeArgs },
  );
  await app.waitFor('is running at', 120_000);
  const runtime = readPlatformRuntime(dataDir);
  if (!runtime) throw new Error(`the platform did not publish its runtime file:\n${app.output()}`);
  return { app, url: runtime.url, services: runtime.services };
}

export async function stopPlatform(p: Platform): Promise<void> {
  p.app.kill('SIGTERM');
  const code = await p.app.exited;
  if (code !== 0) throw new Error(`the platform exited with ${code}:\n${p.app.output()}`);
}
