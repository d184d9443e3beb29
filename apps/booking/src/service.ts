import type { EventBus } from '@svc/events';
import {
  serviceNameOf,
  startGrpcHost,
  type HostSettings,
  unprobed,
  type RunningGrpcHost,
  type CatalogClient,
  type CustomerClient,
  type IntegrationClient,
} from '@svc/grpc';
import type { LockManager } from '@svc/lock';
import { bookingV1 } from '@svc/proto';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { startBufferMigration } from './application/buffer-migration.js';
import { CustomerErasure, type EraseOptions } from './application/erase-customer.js';
import { HoldExpiry } from './application/hold-expiry.js';
import { DEFAULT_PAYMENT_POLL_MS, PaymentWorker } from './application/payment-worker.js';
import { catalogSchedules } from './clients/catalog-schedules.js';
import { catalogServices } from './clients/catalog-services.js';
import { customerDirectory } from './clients/customer-directory.js';
import { integrationBusyTimes, noBusyTimes } from './clients/busy-times.js';
import { integrationCalendarSyncs, noCalendarSyncs } from './clients/calendar-syncs.js';
import { integrationPayments, noPayments } from './clients/payments.js';
import { OutboxRelay } from './events/outbox-relay.js';
import { bookingService } from './rpc/booking-rpc.js';
import { BookingStore } from './store/booking-store.js';

export const BOOKING_SERVICE_NAME = serviceNameOf(bookingV1.BookingServiceService);

export interface BookingDeps {
  logger: Logger;
  store: DocumentStore;
  lock: LockManager;
  /** Where the outbox relay publishes booking events. */
  bus: EventBus;
  catalog: CatalogClient;
  customers: CustomerClient;
  /** Busy times and write-back states of connected calendars; absent when no integrations service is configured. */
  integrations?: IntegrationClient | undefined;
  lockWaitMs: number;
  /** Pause between hold-expiry sweeps (application/hold-expiry.ts). */
  holdSweepMs: number;
  /** Pause between the payment worker's passes (application/payment-worker.ts). */
  paymentPollMs?: number;
  /** The erase jobs' timing (application/erase-customer.ts); defaults for production. */
  erase?: EraseOptions;
  now?: () => number;
}

/** Availability, booking create under lock and the lifecycle over gRPC. Owns its dependencies. */
export async function startBookingService(settings: HostSettings, deps: BookingDeps): Promise<RunningGrpcHost> {
  const store = new BookingStore(deps.store);
  const relay = new OutboxRelay(store, deps.bus, deps.logger, { now: deps.now ?? Date.now });
  let migration: { stop(): Promise<void> } | undefined;
  const services = catalogServices(deps.catalog);
  const lifecycle = {
    store,
    lock: deps.lock,
    schedules: catalogSchedules(deps.catalog),
    services,
    customers: customerDirectory(deps.customers),
    now: deps.now ?? Date.now,
    lockWaitMs: deps.lockWaitMs,
    busyTimes: deps.integrations ? integrationBusyTimes(deps.integrations) : noBusyTimes,
    calendarSyncs: deps.integrations ? integrationCalendarSyncs(deps.integrations, deps.logger) : noCalendarSyncs,
    payments: deps.integrations ? integrationPayments(deps.integrations) : noPayments,
    onPaymentWork: () => paymentWorker.nudge(),
  };
  const paymentWorker = new PaymentWorker(lifecycle, deps.logger, {
    intervalMs: deps.paymentPollMs ?? DEFAULT_PAYMENT_POLL_MS,
    onChanged: () => relay.nudge(),
  });
  const onOutboxWrite = () => relay.nudge();
  const erasure = new CustomerErasure({ ...lifecycle, onOutboxWrite }, deps.logger, deps.erase);
  const booking = bookingService({ ...lifecycle, onOutboxWrite, erasure });
  const expiry = new HoldExpiry(lifecycle, deps.logger, {
    intervalMs: deps.holdSweepMs,
    onChanged: () => relay.nudge(),
  });
  const host = await startGrpcHost({
    name: 'booking',
    settings,
    logger: deps.logger,
    services: [booking],
    resources: {
      store: deps.store,
      lock: deps.lock,
      bus: deps.bus,
      clients: unprobed(deps.catalog, deps.customers, ...(deps.integrations ? [deps.integrations] : [])),
    },
    // The erase jobs first: a job waiting for the relay to publish stops before the relay does.
    onStopping: async () => {
      await erasure.stop();
      await Promise.all([expiry.stop(), paymentWorker.stop(), relay.stop(), migration?.stop()]);
    },
    prepare: () => store.ensureIndexes(),
  });
  relay.start();
  expiry.start();
  paymentWorker.start();
  // Resumes the jobs a stop or a crash interrupted (docs/decisions.md "Privacy").
  erasure.start();
  // Not part of start-up proper: the catalog may not answer yet, and readers fill in what is
  // still missing meanwhile (application/buffer-migration.ts).
  migration = startBufferMigration({ store, services }, deps.logger);
  return host;
}
