import type { webhooksV1 } from '@svc/proto';
import type { AttemptDoc, DeliveryDoc, SubscriptionDoc } from '../store/records.js';

/** A subscription as the API shows it: never with its secret. */
export const toSubscriptionMessage = (doc: SubscriptionDoc): webhooksV1.Subscription => ({
  subscriptionId: doc._id,
  tenantId: doc.tenantId,
  url: doc.url,
  events: doc.events,
  description: doc.description,
  status: doc.status,
  createdAtMs: doc.createdAtMs,
  updatedAtMs: doc.updatedAtMs,
});

export const toAttemptMessage = (doc: AttemptDoc): webhooksV1.Attempt => ({
  series: doc.series,
  attemptNo: doc.attemptNo,
  startedAtMs: doc.startedAtMs,
  durationMs: doc.durationMs,
  ...(doc.responseStatus === null ? {} : { responseStatus: doc.responseStatus }),
  ...(doc.error === null ? {} : { error: doc.error }),
  ...(doc.nextAttemptAtMs === null ? {} : { nextAttemptAtMs: doc.nextAttemptAtMs }),
});

/**
 * A delivery as the API shows it. `withBody`: the body as held (GetDelivery and the export; ''
 * once removed, bodyRemovedAtMs saying when); lists leave it out.
 */
export const toDeliveryMessage = (
  doc: DeliveryDoc,
  attempts: AttemptDoc[] = [],
  { withBody = false }: { withBody?: boolean } = {},
): webhooksV1.Delivery => ({
  deliveryId: doc._id,
  tenantId: doc.tenantId,
  subscriptionId: doc.subscriptionId,
  eventId: doc.eventId,
  eventType: doc.eventType,
  bookingId: doc.bookingId,
  status: doc.status,
  series: doc.series,
  attemptCount: doc.attemptCount,
  ...(doc.nextAttemptAtMs === null ? {} : { nextAttemptAtMs: doc.nextAttemptAtMs }),
  createdAtMs: doc.createdAtMs,
  updatedAtMs: doc.updatedAtMs,
  attempts: attempts.map(toAttemptMessage),
  body: withBody ? doc.body : '',
  ...(doc.bodyRemovedAtMs == null ? {} : { bodyRemovedAtMs: doc.bodyRemovedAtMs }),
});
