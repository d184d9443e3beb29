// The embedded platform as its own process for a bench, exactly as `npm start` runs it (production
// settings, docs/operations.md "Production and development settings"): the bench process is then
// only the load generator.
import { startPlatformProcess, type PlatformProcess } from '@svc/testing';

export type Platform = PlatformProcess;

/**
 * Starts it on a free port over `dataDir`: node options (a CPU profile), the development checks
 * (`dev`: as `npm run dev` runs it) or more variables (`env`) when asked.
 */
export function startPlatform(
  dataDir: string,
  options: { nodeArgs?: string[]; dev?: boolean; env?: Record<string, string> } = {},
): Promise<Platform> {
  return startPlatformProcess(
    dataDir,
    { BASE_URL: 'http://127.0.0.1', RATE_LIMITS: 'off', ...options.env },
    { nodeArgs: options.nodeArgs ?? [], dev: options.dev ?? false },
  );
}

export const stopPlatform = (p: Platform): Promise<void> => p.stop();
