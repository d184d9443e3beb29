import { DomainError } from '@svc/errors';
import { LockUnavailableError } from '@svc/lock';
import { StoreUnavailableError } from '@svc/store';

/**
 * The one place where an unreachable lock or store becomes the spec's answer:
 * BOOKING_POLICY_BLOCKED with HTTP 503 (docs/decisions.md "Booking"). Anything else passes through.
 */
export async function answeringOutagesWith503<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LockUnavailableError || err instanceof StoreUnavailableError) {
      throw new DomainError('BOOKING_POLICY_BLOCKED', 'Bookings are temporarily unavailable; please retry.', [], 503);
    }
    throw err;
  }
}
