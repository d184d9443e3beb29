import { DuplicateKeyError } from '@svc/store';

/**
 * Runs a transaction again when it lost a race on a unique key: the next attempt reads what the
 * winner committed (the existing customer, or the conflict to report). Bounded, so a real
 * duplicate that reads cannot explain still surfaces.
 */
export async function retryOnDuplicateKey<R>(fn: () => Promise<R>, attempts = 5): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof DuplicateKeyError) || attempt >= attempts) throw err;
    }
  }
}
