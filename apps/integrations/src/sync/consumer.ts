/**
 * Write-back intake: the booking topic in the integrations consumer group. Each event's wish
 * is stored on the booking's sync record (one per booking) before the offset is committed; the
 * worker then makes the calendar match it.
 */
import { BOOKING_EVENTS_TOPIC, type EventBus, type Subscription } from '@svc/events';
import type { ConnectionRepository } from '../store/connection-repository.js';
import type { SyncRepository } from '../store/sync-repository.js';
import { calendarWish } from './booking-event.js';

export const INTEGRATIONS_GROUP = 'integrations';

export interface ConsumerDeps {
  connections: ConnectionRepository;
  syncs: SyncRepository;
  now: () => number;
  onStored: () => void;
}

/** Stores the wish of one event; answers whether anything is due. */
export async function recordWish(deps: ConsumerDeps, value: string): Promise<boolean> {
  const wish = calendarWish(value);
  if (!wish || wish.tenantId === '' || wish.bookingId === '') return false;
  const existing = await deps.syncs.get(wish.tenantId, wish.bookingId);
  if (!existing) {
    // Only staff with a calendar that receives bookings get a sync record; a removal of a
    // booking that was never written needs none.
    if (wish.want === 'absent') return false;
    const conns = await deps.connections.ofStaff(wish.tenantId, [wish.staffId]);
    if (!conns.some((c) => c.bookingCalendarId !== null)) return false;
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
    createdAtMs: now,
    updatedAtMs: now,
  });
  deps.onStored();
  return true;
}

export function consumeBookingEvents(bus: EventBus, deps: ConsumerDeps): Promise<Subscription> {
  return bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: INTEGRATIONS_GROUP }, async (message) => {
    await recordWish(deps, message.value);
  });
}
