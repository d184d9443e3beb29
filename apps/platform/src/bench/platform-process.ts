// The embedded platform as its own process for a bench, exactly as `npm start` runs it (production
// settings, docs/operations.md "Production and development settings"): the bench process is then
// only the load generator.
import { startPlatformProcess, type PlatformProcess } from '@svc/testing';

export type Platform = PlatformProcess;

/** Starts it on a free port over `dataDir`, optionally with node options (a CPU profile). */
export function startPlatform(dataDir: string, nodeArgs: string[] = []): Promise<Platform> {
  return startPlatformProcess(
    dataDir,
    {
      BASE_URL: 'http://127.0.0.1',
      RATE_LIMITS: 'off',
    },
    { nodeArgs, dev: false },
  );
}

export const stopPlatform = (p: Platform): Promise<void> => p.stop();
