import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { EventBus } from '@svc/events';
import type { LockManager } from '@svc/lock';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';

export const BOOKING_SERVICE_NAME = 'booking.v1.BookingService';

export interface BookingDeps {
  logger: Logger;
  store: DocumentStore;
  lock: LockManager;
  /** Where the outbox relay publishes booking events. */
  bus: EventBus;
}

/** Availability, booking create under lock and the lifecycle over gRPC. Owns its dependencies. */
export function startBookingService(settings: HostSettings, deps: BookingDeps): Promise<RunningGrpcHost> {
  return startGrpcHost({
    name: 'booking',
    settings,
    logger: deps.logger,
    services: [],
    healthNames: [BOOKING_SERVICE_NAME],
    resources: { store: deps.store, lock: deps.lock, bus: deps.bus },
  });
}
