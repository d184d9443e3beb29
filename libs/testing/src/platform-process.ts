// The embedded platform as `npm start` runs it: its own process (apps/platform/dist/main.js) over
// a data folder, on a free port, found through the runtime file it publishes there. The benches
// run their load against it, and the SDK's tests their client.
import { readPlatformRuntime } from '@svc/config';
import { runApp, type AppProcess, type RunAppOptions } from './app-process.js';

export interface PlatformProcess {
  app: AppProcess;
  url: string;
  /** The gRPC address of each service, by name. */
  services: Record<string, string>;
  /** SIGTERM, then its exit: anything but 0 throws with its output. */
  stop(): Promise<void>;
}

/** Starts it over `dataDir` with `env` on top of a free port and `LOG_LEVEL=warn`; `args` after main.js (`--demo`). */
export async function startPlatformProcess(
  dataDir: string,
  env: Record<string, string> = {},
  options: Pick<RunAppOptions, 'nodeArgs' | 'dev' | 'args'> = {},
): Promise<PlatformProcess> {
  const app = runApp('platform', { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env }, options);
  await app.waitFor('is running at', 120_000);
  const runtime = readPlatformRuntime(dataDir);
  if (!runtime) throw new Error(`the platform did not publish its runtime file:\n${app.output()}`);
  return {
    app,
    url: runtime.url,
    services: runtime.services,
    async stop() {
      app.kill('SIGTERM');
      const code = await app.exited;
      if (code !== 0) throw new Error(`the platform exited with ${code}:\n${app.output()}`);
    },
  };
}
