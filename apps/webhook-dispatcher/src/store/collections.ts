import { filteredListIndex, listIndex, type DocumentStore, type IndexSpec } from '@svc/store';

export const COLLECTIONS = {
  subscriptions: 'webhook_subscriptions',
  deliveries: 'webhook_deliveries',
  attempts: 'webhook_attempts',
  /** One per tenant: a version every subscription create counts up (SubscriptionRepository.insertWithin). */
  tenantSubscriptions: 'webhook_tenant_subscriptions',
  /** One per booking whose customer was erased (records.ts ErasedBookingDoc). */
  erasedBookings: 'erased_bookings',
} as const;

/** The retention sweep's index: a tenant's deliveries still holding a body, oldest first. */
export const HELD_BODY_INDEX = 'by_tenant_held_created';

/** The unique index that makes a redelivered event create nothing new. */
export const EVENT_SUBSCRIPTION_INDEX = 'by_event_subscription';

export const DISPATCHER_INDEXES: IndexSpec[] = [
  listIndex(COLLECTIONS.subscriptions),
  // Fan-out: the active subscriptions of the event's tenant.
  { collection: COLLECTIONS.subscriptions, name: 'by_tenant_status', fields: ['tenantId', 'status'] },
  {
    collection: COLLECTIONS.deliveries,
    name: EVENT_SUBSCRIPTION_INDEX,
    fields: ['eventId', 'subscriptionId'],
    unique: true,
  },
  listIndex(COLLECTIONS.deliveries),
  // The delivery list's filters, each in list order.
  ...['subscriptionId', 'bookingId', 'status'].map((field) => filteredListIndex(COLLECTIONS.deliveries, field)),
  // Retention (retention/body-sweeper.ts): by tenant and age, only the bodies still held, so a
  // sweep reads what it removes rather than every old delivery again each time.
  {
    collection: COLLECTIONS.deliveries,
    name: HELD_BODY_INDEX,
    fields: ['tenantId', 'bodyRemovedAtMs', 'createdAtMs'],
  },
  // Workers: what is due.
  { collection: COLLECTIONS.deliveries, name: 'by_due', fields: ['dueAtMs'] },
  { collection: COLLECTIONS.attempts, name: 'by_delivery', fields: ['deliveryId', 'series', 'attemptNo'] },
  // Created before any transaction writes it (DocumentStore.ensureIndexes).
  { collection: COLLECTIONS.tenantSubscriptions, name: 'by_tenant', fields: ['tenantId'] },
  { collection: COLLECTIONS.erasedBookings, name: 'by_tenant_customer', fields: ['tenantId', 'customerId'] },
];

export function ensureDispatcherIndexes(store: DocumentStore): Promise<void> {
  return store.ensureIndexes(DISPATCHER_INDEXES);
}
