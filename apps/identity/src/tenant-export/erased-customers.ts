/**
 * Tenant export archives leave with an erased customer whichever way the erase finishes
 * (docs/decisions.md "Tenant export"): within the erase route's wait, after it (the route answered
 * 503 and the booking service's job went on), or after a crash (the job resumed at start-up). The
 * identity service reads the booking service's `customer.erased` event off the booking topic in one
 * consumer group shared by every replica, so each event is handled once per deployment
 * and again only on a redelivery (at least once: everything here is idempotent).
 *
 * The event is written before the customer record is erased (ERASE_STEPS: announce, then
 * customer), and `customers.ndjson` is read from that record. So the archives there are now go at
 * once, and the event is handled again until the record reads erased; then every archive whose
 * export was asked for before that moment goes too. An export asked for later read the erased
 * record and the stripped bookings, and stays: a redelivered or replayed event never removes it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '@svc/errors';
import {
  BOOKING_EVENTS_TOPIC,
  validCustomerErasure as erasureOf,
  type CustomerErasure,
  type EventBus,
  type Subscription,
} from '@svc/events';
import type { CustomerClient } from '@svc/grpc';
import type { Logger } from '@svc/telemetry';
import type { TenantExports } from './tenant-exports.js';

/**
 * The replicas' one consumer group for this: each erasure handled once, not once per replica. The
 * name is the one the gateway used before the export moved to the identity service, so Kafka's
 * committed offsets carry over and no erasure is missed or handled twice at the move
 * (docs/architecture.md "Privacy").
 */
export const ERASED_ARCHIVES_GROUP = 'gateway-tenant-exports';

/**
 * Clocks of two hosts may differ: an export asked for up to this long after the record was erased
 * (by the customer service's clock) is removed as well. Costs at worst one export to start again.
 */
export const CLOCK_MARGIN_MS = 60_000;

/** How long one delivery waits for the customer record to read erased before the bus redelivers it. */
const PENDING_WAIT_MS = 10_000;
const PENDING_POLL_MS = 500;

/** The customer record is not erased yet: the bus delivers the event again after a pause. */
export class ErasePending extends Error {
  override readonly name = 'ErasePending';
  constructor() {
    super('customer.erased: the customer record is not erased yet; the archives are looked at again');
  }
}

/** The erasure a booking topic message announces, or null for any other message. */
export { erasureOf };

export interface ErasedArchivesDeps {
  exports: Pick<TenantExports, 'forgetArchives'>;
  customer: Pick<CustomerClient, 'getCustomer'>;
  logger: Logger;
  /** Aborted when the service stops: a wait ends at once. */
  signal: AbortSignal;
}

/**
 * When the customer record was erased: its `erasedAtMs` (0 for a record erased before it kept
 * one: then every archive goes); the event's own time when the customer service does not know the
 * record (no archive made after that can hold it, so a replay leaves those alone); null while it
 * is not erased yet.
 */
async function erasedAt(deps: ErasedArchivesDeps, erasure: CustomerErasure): Promise<number | null> {
  try {
    const { customer } = await deps.customer.getCustomer({
      tenantId: erasure.tenantId,
      customerId: erasure.customerId,
    });
    if (customer?.status !== 'erased') return null;
    return customer.erasedAtMs ?? 0;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') return erasure.erasedAtMs;
    throw err;
  }
}

/** Handles one `customer.erased` event; throws ErasePending (or an outage) to have it delivered again. */
export async function removeErasedArchives(deps: ErasedArchivesDeps, erasure: CustomerErasure): Promise<void> {
  const { tenantId } = erasure;
  const deadline = Date.now() + PENDING_WAIT_MS;
  let at = await erasedAt(deps, erasure);
  if (at === null) {
    // Still running: what is there now may hold the customer, so it goes now, not at the end.
    await deps.exports.forgetArchives(tenantId);
    while (at === null && Date.now() < deadline && !deps.signal.aborted) {
      await sleep(PENDING_POLL_MS, undefined, { signal: deps.signal }).catch(() => undefined);
      at = await erasedAt(deps, erasure);
    }
    if (at === null) throw new ErasePending();
  }
  await deps.exports.forgetArchives(tenantId, at === 0 ? undefined : at + CLOCK_MARGIN_MS);
}

/** Subscribes the tenant export to `customer.erased`; stopped with the service. */
export function consumeErasures(bus: EventBus, deps: ErasedArchivesDeps): Promise<Subscription> {
  return bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: ERASED_ARCHIVES_GROUP }, async (message) => {
    const erasure = erasureOf(message.value);
    if (!erasure) return;
    try {
      await removeErasedArchives(deps, erasure);
    } catch (err) {
      // Ids only: the event names no person.
      deps.logger.info(
        { tenantId: erasure.tenantId, eventId: erasure.eventId, reason: (err as Error).message },
        'tenant export archives of an erase: looked at again shortly',
      );
      throw err;
    }
  });
}
