import type { Logger } from '@svc/telemetry';

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits (0 when it finished, 1 when it threw or
 * outlived `hardLimitMs`). A second signal exits at once.
 */
export function onShutdownSignal(logger: Logger, stop: () => Promise<void>, hardLimitMs: number): void {
  let started = false;
  const handler = (signal: NodeJS.Signals) => {
    if (started) process.exit(1);
    started = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown did not finish in time');
      process.exit(1);
    }, hardLimitMs);
    timer.unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
