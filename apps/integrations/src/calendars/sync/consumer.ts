/**
 * Write-back intake: the booking topic in the integrations consumer group. Each event's wish
 * is stored on the booking's sync record (one per booking) before the offset is committed; the
 * worker then makes the calendar match it. A `customer.erased` event marks the customer's
 * bookings erased and removes their calendar events (docs/decisions.md "Privacy").
 */
import { BOOKING_EVENTS_TOPIC, type EventBus, type Subscription } from '@svc/events';
import type { ConnectionRepository } from '../../connections/store/connection-repository.js';
import type { ErasureRepository } from '../../store/erasure-repository.js';
import type { SyncRepository } from '../../store/sync-repository.js';
import { calendarWish } from './booking-event.js';
import { customerErasure, type CustomerErasure } from './customer-erased.js';

export const INTEGRATIONS_GROUP = 'integrations';

export interface ConsumerDeps {
  connections: ConnectionRepository;
  syncs: SyncRepository;
  erasures: ErasureRepository;
  /** The store's `scrubFreed`: removed personal data leaves its files too. */
  scrubFreed: () => Promise<void>;
  now: () => number;
  onStored: () => void;
}

/** Stores the wish of one event; answers whether anything is due. */
export async function recordWish(deps: ConsumerDeps, value: string): Promise<boolean> {
  const wish = calendarWish(value);
  if (!wish || wish.tenantId === '' || wish.bookingId === '') return false;
  // An event of an erased booking (e.g. its cancellation, keyed by the booking, read after the
  // erasure keyed by the customer) carries the customer's data again: it only asks removal.
  const erased = await deps.erasures.get(wish.tenantId, wish.bookingId);
  if (erased) return eraseRecord(deps, wish.tenantId, wish.bookingId, erased.erasedAtMs);
  const existing = await deps.syncs.get(wish.tenantId, wish.bookingId);
  if (!existing) {
    // Only staff with a calendar that receives bookings or a Zoom account (the meeting of a Zoom
    // service, docs/decisions.md "Integrations") get a sync record; a removal of a booking that
    // was never written needs none.
    if (wish.want === 'absent') return false;
    const conns = await deps.connections.ofStaff(wish.tenantId, [wish.staffId]);
    if (!conns.some((c) => c.bookingCalendarId !== null || c.provider === 'zoom')) return false;
  }
  const now = deps.now();
  await deps.syncs.want({
    _id: wish.bookingId,
    tenantId: wish.tenantId,
    staffId: wish.staffId,
    serviceId: wish.serviceId,
    want: wish.want,
    startsAtMs: wish.startsAtMs,
    endsAtMs: wish.endsAtMs,
    title: wish.title,
    eventAtMs: wish.eventAtMs,
    status: 'pending',
    provider: null,
    connectionId: null,
    calendarId: null,
    externalEventId: null,
    meetingUrl: null,
    writes: 0,
    attempts: 0,
    dueAtMs: now,
    leaseUntilMs: 0,
    lastError: null,
    summary: '',
    description: '',
    createdAtMs: now,
    updatedAtMs: now,
  });
  // The erasure may have been handled between the look above and this write (another partition,
  // another consumer): it writes its markers before it reads the records, this reads the marker
  // after its write, so one of the two always sees the other.
  const erasedMeanwhile = await deps.erasures.get(wish.tenantId, wish.bookingId);
  if (erasedMeanwhile) return eraseRecord(deps, wish.tenantId, wish.bookingId, erasedMeanwhile.erasedAtMs);
  deps.onStored();
  return true;
}

/** The erased booking's record keeps nothing personal and its calendar event is due to go. */
async function eraseRecord(deps: ConsumerDeps, tenantId: string, bookingId: string, erasedAtMs: number) {
  const changed = await deps.syncs.erase(tenantId, bookingId, erasedAtMs, deps.now());
  if (!changed) return false;
  await deps.scrubFreed();
  deps.onStored();
  return true;
}

/**
 * Handles a `customer.erased` event (idempotent: the bus delivers at least once). The markers
 * are committed before any record is read (see recordWish); each booking's record is then
 * erased, its calendar event removed by the worker (retries, lease), and the store scrubbed.
 */
export async function recordErasure(deps: ConsumerDeps, erasure: CustomerErasure): Promise<void> {
  const { tenantId, customerId, bookingIds, erasedAtMs } = erasure;
  await deps.erasures.mark(tenantId, customerId, bookingIds, erasedAtMs);
  let changed = false;
  const now = deps.now();
  for (const bookingId of bookingIds) {
    if (await deps.syncs.erase(tenantId, bookingId, erasedAtMs, now)) changed = true;
  }
  await deps.scrubFreed();
  if (changed) deps.onStored();
}

/** One event of the booking topic: an erasure, or a booking's change for its calendar. */
export async function consumeEvent(deps: ConsumerDeps, value: string): Promise<void> {
  const erasure = customerErasure(value);
  if (erasure) await recordErasure(deps, erasure);
  else await recordWish(deps, value);
}

export function consumeBookingEvents(bus: EventBus, deps: ConsumerDeps): Promise<Subscription> {
  return bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: INTEGRATIONS_GROUP }, (message) =>
    consumeEvent(deps, message.value),
  );
}
