import { ConfigError } from '@svc/config';
import { createLogger, initTracing, shutdownTracing, startMetricsServer, type Logger } from '@svc/telemetry';
import { onShutdownSignal } from './shutdown.js';

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The life of one process, for every main.ts: logger and tracing (its spans named `name` unless
 * OTEL_SERVICE_NAME says otherwise), configuration validated before anything starts (a missing
 * setting logs CONFIG_MISSING and exits 1), then `start`, the metrics listener when the
 * configuration has a METRICS_PORT, then graceful shutdown on SIGTERM/SIGINT.
 */
export async function startConfiguredProcess<
  C extends { SHUTDOWN_GRACE_MS: number; METRICS_PORT?: number; GRPC_HOST?: string },
>(name: string, loadConfig: () => C, start: (config: C, logger: Logger) => Promise<Stoppable>): Promise<void> {
  const logger = createLogger(name, logLevel(process.env.LOG_LEVEL));
  let config: C;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      logger.fatal({ code: err.code, problems: err.problems }, `CONFIG_MISSING: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  initTracing({ service: name });
  try {
    const running = await start(config, logger);
    const metrics =
      config.METRICS_PORT === undefined
        ? undefined
        : // Beside the gRPC port, on the same interface.
          await startMetricsServer(config.GRPC_HOST ?? '127.0.0.1', config.METRICS_PORT, logger);
    onShutdownSignal(
      logger,
      async () => {
        await running.stop();
        await metrics?.close();
        await shutdownTracing();
      },
      config.SHUTDOWN_GRACE_MS + 5_000,
    );
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start`);
    process.exit(1);
  }
}

const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
function logLevel(value: string | undefined): (typeof levels)[number] {
  return levels.find((l) => l === value) ?? 'info';
}
