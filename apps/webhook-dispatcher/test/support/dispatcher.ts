// The dispatcher over real gRPC with an in-memory (or given) SQLite store and an in-process bus
// the test publishes booking events to, exactly as the outbox relay does.

import { randomUUID } from 'node:crypto';
import { SecretBox } from '@svc/crypto';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost, type WebhookClient } from '@svc/grpc';
import { webhooksV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { eventually } from '@svc/testing';

export { eventually };
import { UrlPolicy, type Resolver } from '@svc/url-policy';
import { startWebhookDispatcher, type DispatcherDeps } from '../../src/index.js';

export const HOST_SETTINGS = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 2_000 };
export const SECRET_KEY = 'test-webhook-secret-key-0123456789abcdef';

/** Short enough for tests, long enough for a loaded 2-core machine. */
export const TEST_WORKER = { firstRetryMs: 50, attemptTimeoutMs: 10_000, pollMs: 100, concurrency: 8 };

export interface DispatcherOptions {
  store?: DocumentStore;
  bus?: EventBus;
  worker?: Partial<DispatcherDeps['worker']>;
  /** Loopback targets allowed (ALLOW_LOOPBACK_TARGETS); default on. */
  allowLoopback?: boolean;
  allowlist?: string[];
  resolve?: Resolver;
  send?: DispatcherDeps['send'];
  now?: () => number;
  maxSubscriptions?: number;
  retention?: DispatcherDeps['retention'];
}

export interface DispatcherHarness {
  host: RunningGrpcHost;
  client: WebhookClient;
  store: DocumentStore;
  bus: EventBus;
  stop(): Promise<void>;
}

/** The store as a second dispatcher sees it: everything but close, which stays with the owner. */
export function borrowedStore(store: DocumentStore): DocumentStore {
  return {
    collection: (name) => store.collection(name),
    ensureIndexes: (specs) => store.ensureIndexes(specs),
    dropIndex: (collection, name) => store.dropIndex(collection, name),
    withTransaction: (fn) => store.withTransaction(fn),
    ping: () => store.ping(),
    scrubFreed: () => store.scrubFreed(),
    close: async () => {},
  };
}

/** The bus as a service sees it when the test owns it. */
export function borrowedBus(bus: EventBus): EventBus {
  return {
    publish: (topic, messages) => bus.publish(topic, messages),
    subscribe: (o, handler) => bus.subscribe(o, handler),
    ping: () => bus.ping(),
    close: async () => {},
  };
}

export async function startDispatcher(opts: DispatcherOptions = {}): Promise<DispatcherHarness> {
  const store = opts.store ?? (await openSqliteStore({ file: ':memory:' }));
  const bus = opts.bus ?? new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
  const host = await startWebhookDispatcher(HOST_SETTINGS, {
    logger: createLogger('webhook-dispatcher', (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent'),
    store,
    bus,
    secrets: new SecretBox(SECRET_KEY),
    policy: new UrlPolicy({
      allowLoopback: opts.allowLoopback ?? true,
      allowlist: opts.allowlist ?? [],
      ...(opts.resolve ? { resolve: opts.resolve } : {}),
    }),
    worker: { ...TEST_WORKER, ...opts.worker },
    ...(opts.send ? { send: opts.send } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.maxSubscriptions ? { maxSubscriptions: opts.maxSubscriptions } : {}),
    ...(opts.retention ? { retention: opts.retention } : {}),
  });
  const client = connectService(webhooksV1.WebhookServiceService, host.address);
  return {
    host,
    client,
    store,
    bus,
    async stop() {
      client.close();
      await host.stop();
    },
  };
}

export interface TestEvent {
  id: string;
  type: string;
  tenantId: string;
  bookingId: string;
  traceparent?: string;
  /** data.customer; default Ann Example. */
  customer?: { customerId: string; name: string; primaryEmail: string };
}

/** Publishes a booking event as the outbox relay does (same envelope, key and headers). */
export async function publishEvent(
  bus: EventBus,
  event: Partial<TestEvent> & { tenantId: string },
): Promise<TestEvent> {
  const full: TestEvent = {
    id: event.id ?? `evt_${randomUUID()}`,
    type: event.type ?? 'booking.created',
    bookingId: event.bookingId ?? `bkg_${randomUUID().slice(0, 8)}`,
    ...event,
  };
  const envelope = {
    id: full.id,
    type: full.type,
    payloadVersion: 1,
    occurredAtMs: Date.now(),
    data: {
      booking: {
        bookingId: full.bookingId,
        tenantId: full.tenantId,
        serviceId: 'svc_1',
        status: 'held',
        startsAtMs: Date.now() + 86_400_000,
        endsAtMs: Date.now() + 88_200_000,
        timezone: 'Europe/Berlin',
      },
      service: { serviceId: 'svc_1', slug: 'checkup', name: 'Check-up' },
      customer: full.customer ?? { customerId: 'cus_1', name: 'Ann Example', primaryEmail: 'ann@example.com' },
    },
  };
  await bus.publish(BOOKING_EVENTS_TOPIC, [
    {
      key: full.bookingId,
      value: JSON.stringify(envelope),
      headers: {
        'event-id': full.id,
        'event-type': full.type,
        'tenant-id': full.tenantId,
        ...(full.traceparent ? { traceparent: full.traceparent } : {}),
      },
    },
  ]);
  return full;
}

/**
 * Publishes the internal customer.erased as the booking service's outbox relay does (the
 * customer id as the key, docs/decisions.md "Privacy"); answers its event id.
 */
export async function publishErased(
  bus: EventBus,
  erased: { tenantId: string; customerId: string; bookingIds: string[]; erasedAtMs?: number; id?: string },
): Promise<string> {
  const id = erased.id ?? `evt_${randomUUID()}`;
  const envelope = {
    id,
    type: 'customer.erased',
    payloadVersion: 1,
    occurredAtMs: Date.now(),
    data: {
      tenantId: erased.tenantId,
      customerId: erased.customerId,
      bookingIds: erased.bookingIds,
      erasedAtMs: erased.erasedAtMs ?? Date.now(),
    },
  };
  await bus.publish(BOOKING_EVENTS_TOPIC, [
    {
      key: erased.customerId,
      value: JSON.stringify(envelope),
      headers: { 'event-id': id, 'event-type': 'customer.erased', 'tenant-id': erased.tenantId },
    },
  ]);
  return id;
}

/** A tenant id no other test uses. */
export const newTenantId = (): string => `ten_${randomUUID().replace(/-/g, '').slice(0, 22)}`;

/** The delivery of (subscription, event) once its status is `status`. */
export async function deliveryWhen(
  client: WebhookClient,
  tenantId: string,
  subscriptionId: string,
  eventId: string,
  status: string,
  timeoutMs?: number,
): Promise<webhooksV1.Delivery> {
  return eventually(
    `delivery of ${eventId} to be ${status}`,
    async () => {
      const delivery = await deliveryOf(client, tenantId, subscriptionId, eventId);
      return delivery?.status === status ? delivery : undefined;
    },
    timeoutMs,
  );
}

/** The delivery of the event to the subscription with its attempts, as the delivery log has it now. */
export async function deliveryOf(
  client: WebhookClient,
  tenantId: string,
  subscriptionId: string,
  eventId: string,
): Promise<webhooksV1.Delivery | undefined> {
  const { items } = await client.listDeliveries({ tenantId, subscriptionId, status: '', eventType: '', bookingId: '' });
  const found = items.find((d) => d.eventId === eventId);
  if (!found) return undefined;
  return (await client.getDelivery({ tenantId, deliveryId: found.deliveryId })).delivery;
}
