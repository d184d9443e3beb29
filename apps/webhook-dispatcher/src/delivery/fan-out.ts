/**
 * Fan-out (docs/architecture.md "Webhook dispatcher"): each booking event becomes one delivery
 * per active subscription of its tenant whose filter takes it. Deliveries are unique per
 * (eventId, subscriptionId), so an event the bus hands over again creates nothing new; the
 * handler resolves only once every delivery is stored, so the bus commits the event's offset
 * after that and a crash in between means the event comes again, never that it is lost.
 */
import { BOOKING_EVENTS_TOPIC, type EventBus, type ReceivedMessage, type Subscription } from '@svc/events';
import type { Logger } from '@svc/telemetry';
import { filterTakes, parseBookingEvent } from '../domain/booking-event.js';
import { newId } from '../domain/ids.js';
import type { DeliveryRepository } from '../store/delivery-repository.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';

/** The dispatcher's consumer group: replicas share the topic's partitions. */
export const DISPATCHER_GROUP = 'webhook-dispatcher';

export interface FanOutDeps {
  subscriptions: SubscriptionRepository;
  deliveries: DeliveryRepository;
  logger: Logger;
  now: () => number;
  /** Told when deliveries were stored (the worker looks for due work). */
  onStored: () => void;
}

/** Stores the deliveries of one event; answers how many were new. */
export async function fanOut(deps: FanOutDeps, message: ReceivedMessage): Promise<number> {
  const parsed = parseBookingEvent(message.value, message.headers);
  if ('problem' in parsed) {
    // Retrying cannot fix a malformed event; it is skipped, loudly.
    deps.logger.error({ offset: message.offset, key: message.key, problem: parsed.problem }, 'booking event skipped');
    return 0;
  }
  const { event } = parsed;
  const targets = (await deps.subscriptions.active(event.tenantId)).filter((s) => filterTakes(s.events, event.type));
  let created = 0;
  // One at a time: the embedded store serializes writes anyway, and a failure part-way leaves
  // the rest to the redelivery (the stored ones are then skipped by the unique index).
  for (const subscription of targets) {
    const now = deps.now();
    const stored = await deps.deliveries.insertIfAbsent({
      _id: newId('delivery'),
      tenantId: event.tenantId,
      subscriptionId: subscription._id,
      eventId: event.id,
      eventType: event.type,
      bookingId: event.bookingId,
      body: event.body,
      traceparent: event.traceparent,
      status: 'pending',
      series: 1,
      attemptCount: 0,
      nextAttemptAtMs: now,
      dueAtMs: now,
      leaseToken: null,
      leaseUntilMs: null,
      revision: 0,
      createdAtMs: now,
      updatedAtMs: now,
    });
    if (stored) created++;
  }
  if (created > 0) deps.onStored();
  return created;
}

/** Subscribes the fan-out to the booking topic in the dispatcher's group. */
export function consumeBookingEvents(bus: EventBus, deps: FanOutDeps): Promise<Subscription> {
  return bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: DISPATCHER_GROUP }, async (message) => {
    await fanOut(deps, message);
  });
}
