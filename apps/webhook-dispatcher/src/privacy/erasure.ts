/**
 * A customer's erasure as the dispatcher applies it (docs/decisions.md "Privacy"): the
 * `customer.erased` event names the erased customer's bookings; the dispatcher marks each one
 * and removes the bodies of their final deliveries (the event's JSON is the only personal data
 * it holds: attempts record a status, a duration and a short transport error, never a response
 * body). Pending deliveries, such as those of the cancellations the erase made, are sent as
 * they are and lose their bodies once final (DeliveryRepository.recordIn). Idempotent: the bus
 * delivers at least once.
 */
import type { Logger } from '@svc/telemetry';
import type { CustomerErasure } from '@svc/events';
import type { DeliveryRepository } from '../store/delivery-repository.js';
import type { ErasureRepository } from '../store/erasure-repository.js';

export interface ErasureDeps {
  erasures: ErasureRepository;
  deliveries: DeliveryRepository;
  /** DocumentStore.scrubFreed: what the removal overwrote leaves the store's files too. */
  scrubFreed: () => Promise<void>;
  logger: Logger;
  now: () => number;
}

/** Applies the erasure; answers how many bodies it removed now. */
export async function applyErasure(deps: ErasureDeps, erased: CustomerErasure): Promise<number> {
  const { tenantId, customerId, bookingIds, erasedAtMs } = erased;
  // The markers commit first: DeliveryRepository.redactErased says why nothing escapes then.
  const marked = await deps.erasures.mark(tenantId, customerId, bookingIds, erasedAtMs);
  const removed = await deps.deliveries.redactErased(tenantId, bookingIds, erasedAtMs, deps.now());
  // Every time, a redelivery too: the run before may have stopped right before it.
  await deps.scrubFreed();
  deps.logger.info(
    { eventId: erased.eventId, tenantId, bookings: bookingIds.length, marked, bodiesRemoved: removed },
    'customer erasure applied to webhook deliveries',
  );
  return removed;
}
