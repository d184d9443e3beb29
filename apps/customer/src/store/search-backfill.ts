/**
 * The start-up backfill of search keys (docs/decisions.md "Customers"): customers written before
 * search keys existed, or by an older key rule, get the current ones. It runs in the background
 * (the service answers meanwhile; such a customer is found by search once its batch is written),
 * again after `retryMs` when the store fails, until one pass completes. A customer an older
 * process writes during a rolling upgrade is picked up at the next start.
 */
import type { Logger } from '@svc/telemetry';
import type { CustomerRepository } from './customer-repository.js';

const RETRY_MS = 30_000;

export function startSearchBackfill(
  repo: Pick<CustomerRepository, 'backfillSearchKeys'>,
  logger: Logger,
  retryMs = RETRY_MS,
): { done: Promise<void>; stop(): Promise<void> } {
  let stopped = false;
  let wake: (() => void) | undefined;
  const done = (async () => {
    while (!stopped) {
      try {
        const written = await repo.backfillSearchKeys(() => stopped);
        if (written > 0) logger.info({ written }, 'wrote search keys of customers that had none or older ones');
        return;
      } catch (err) {
        if (stopped) return;
        logger.warn({ err }, 'writing search keys of older customers failed; will retry');
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, retryMs).unref();
        });
      }
    }
  })();
  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
