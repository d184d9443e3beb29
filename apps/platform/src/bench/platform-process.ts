// The embedded platform as its own process for a bench (as `npm start` runs it): the bench process
// is then only the load generator, and the platform's one Node thread is not shared with it.
import { startPlatformProcess, type PlatformProcess } from '@svc/testing';

export type Platform = PlatformProcess;

/** Starts it on a free port over `dataDir`, optionally with node options (a CPU profile). */
export function startPlatform(dataDir: string, nodeArgs: string[] = []): Promise<Platform> {
  return startPlatformProcess(
    dataDir,
    {
      BASE_URL: 'http://127.0.0.1',
      RATE_LIMITS: 'off',
      // As deployed: large answers are not validated again (docs/operations.md "Response validation").
      NODE_ENV: 'production',
    },
    { nodeArgs },
  );
}

export const stopPlatform = (p: Platform): Promise<void> => p.stop();
