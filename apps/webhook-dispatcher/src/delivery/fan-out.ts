/**
 * Fan-out (docs/architecture.md "Webhook dispatcher"): each booking event becomes one delivery
 * per active subscription of its tenant whose filter takes it. Deliveries are unique per
 * (eventId, subscriptionId), so an event the bus hands over again creates nothing new; the
 * handler resolves only once every delivery is stored, so the bus commits the event's offset
 * after that and a crash in between means the event comes again, never that it is lost.
 * The internal `customer.erased` on the same topic is never delivered: it is applied
 * (privacy/erasure.ts), just as durably.
 */
import {
  BOOKING_EVENTS_TOPIC,
  consumeInBatches,
  inBatchSpan,
  type BatchConsumer,
  type EventBus,
  type ReceivedMessage,
  type Subscription,
} from '@svc/events';
import { SpanKind, type Span } from '@opentelemetry/api';
import { contextOf, serviceTracer, traceparentOf, type Logger } from '@svc/telemetry';
import { eventsConsumed, SERVICE } from '../metrics.js';
import { filterTakes, parseTopicMessage } from '../domain/booking-event.js';
import type { CustomerErasure } from '@svc/events';
import { newId } from '../domain/ids.js';
import { applyErasure } from '../privacy/erasure.js';
import type { DeliveryRepository } from '../store/delivery-repository.js';
import type { ErasureRepository } from '../store/erasure-repository.js';
import { pendingDelivery, type DeliveryDoc, type SubscriptionDoc } from '../store/records.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';

/** The dispatcher's consumer group: replicas share the topic's partitions. */
export const DISPATCHER_GROUP = 'webhook-dispatcher';

export interface FanOutDeps {
  subscriptions: SubscriptionRepository;
  deliveries: DeliveryRepository;
  erasures: ErasureRepository;
  /** DocumentStore.scrubFreed (after an erasure). */
  scrubFreed: () => Promise<void>;
  logger: Logger;
  now: () => number;
  /** Told when deliveries were stored (the worker looks for due work). */
  onStored: () => void;
}

/** Events handed to the fan-out at once at most (their deliveries share one transaction). */
export const FAN_OUT_BATCH = 100;

const FAN_OUT: BatchConsumer = {
  topic: BOOKING_EVENTS_TOPIC,
  groupId: DISPATCHER_GROUP,
  maxBatch: FAN_OUT_BATCH,
  service: SERVICE,
  operation: 'fan-out',
};

/** Stores the deliveries of one event; answers how many were new. */
export function fanOut(deps: FanOutDeps, message: ReceivedMessage): Promise<number> {
  return fanOutBatch(deps, [message]);
}

/**
 * Stores the deliveries of consecutive events in one transaction (docs/architecture.md "Webhook
 * dispatcher"); answers how many were new. It resolves only once all are stored, so the bus
 * commits the events' offsets after that; a failure stores none and the bus hands the same
 * events over again. The batch has a span of its own (a trace of its own, linked to the events'
 * consumer spans), so its store work is the dispatcher's even when the in-process bus runs it
 * inside the relay's publish.
 */
export function fanOutBatch(deps: FanOutDeps, messages: readonly ReceivedMessage[]): Promise<number> {
  return inBatchSpan(FAN_OUT, messages, (batch) => storeDeliveries(deps, messages, batch));
}

async function storeDeliveries(deps: FanOutDeps, messages: readonly ReceivedMessage[], batch: Span): Promise<number> {
  const activeOf = new Map<string, Promise<SubscriptionDoc[]>>();
  const docs: DeliveryDoc[] = [];
  const erasures: CustomerErasure[] = [];
  const spans: Span[] = [];
  for (const message of messages) {
    const parsed = parseTopicMessage(message.value, message.headers);
    eventsConsumed.inc({
      service: SERVICE,
      result: 'problem' in parsed ? 'skipped' : 'erasure' in parsed ? 'erasure' : 'stored',
    });
    if ('erasure' in parsed) {
      erasures.push(parsed.erasure);
      continue;
    }
    if ('problem' in parsed) {
      // Retrying cannot fix a malformed event; it is skipped, loudly.
      deps.logger.error({ offset: message.offset, key: message.key, problem: parsed.problem }, 'booking event skipped');
      continue;
    }
    const { event } = parsed;
    // The consumer span continues the booking's trace; the deliveries carry it on to the attempts.
    const span = consumerSpan(event.traceparent);
    if (span) {
      spans.push(span);
      batch.addLink({ context: span.spanContext() });
    }
    const traceparent = span ? traceparentOf(span) : event.traceparent;
    // A tenant's subscriptions are read once per batch: the events are all of this moment.
    let active = activeOf.get(event.tenantId);
    if (!active) {
      active = deps.subscriptions.active(event.tenantId);
      activeOf.set(event.tenantId, active);
    }
    const targets = (await active).filter((s) => filterTakes(s.events, event.type));
    for (const subscription of targets) {
      docs.push(
        pendingDelivery(
          {
            _id: newId('delivery'),
            tenantId: event.tenantId,
            subscriptionId: subscription._id,
            eventId: event.id,
            eventType: event.type,
            bookingId: event.bookingId,
            body: event.body,
            traceparent,
          },
          deps.now(),
        ),
      );
    }
  }
  // One transaction for all (the unique (event, subscription) pair skips what is stored already).
  let created: number;
  try {
    created = await deps.deliveries.insertAllAbsent(docs);
    if (created > 0) deps.onStored();
  } finally {
    for (const span of spans) span.end();
  }
  // After the deliveries: either order would do (a pending delivery of an erased booking loses
  // its body once final), and the batch resolves only once both are done.
  for (const erased of erasures) await applyErasure(deps, erased);
  return created;
}

function consumerSpan(traceparent: string | null): Span | undefined {
  if (!traceparent) return undefined;
  return serviceTracer(SERVICE).startSpan(
    `${BOOKING_EVENTS_TOPIC} process`,
    { kind: SpanKind.CONSUMER, attributes: { 'messaging.destination.name': BOOKING_EVENTS_TOPIC } },
    contextOf(traceparent),
  );
}

/** Subscribes the fan-out to the booking topic in the dispatcher's group, in batches where the bus can. */
export function consumeBookingEvents(bus: EventBus, deps: FanOutDeps): Promise<Subscription> {
  return consumeInBatches(bus, FAN_OUT, (messages) => fanOutBatch(deps, messages));
}
