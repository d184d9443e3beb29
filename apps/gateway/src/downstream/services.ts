import { healthV1 } from '@svc/proto';
import { bookingV1, catalogV1, customerV1 } from '@svc/proto';
import {
  connectService,
  type CatalogClient,
  type BookingClient,
  type CustomerClient,
  type HealthClient,
} from '@svc/grpc';

/** The four services behind the gateway, by the name /health reports. */
export const SERVICE_NAMES = ['catalog', 'booking', 'customer', 'webhook-dispatcher'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type ServiceAddresses = Record<ServiceName, string>;

export interface Downstream {
  catalog: CatalogClient;
  booking: BookingClient;
  customer: CustomerClient;
  // No webhooks.v1 client until the dispatcher serves that service; /health probes its server.
  health: Record<ServiceName, HealthClient>;
  close(): void;
}

/** One channel per service (grpc-js connects lazily and reconnects by itself). */
export function connectDownstream(addresses: ServiceAddresses): Downstream {
  const health = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, connectService(healthV1.HealthService, addresses[name])]),
  ) as Record<ServiceName, HealthClient>;
  const clients = {
    catalog: connectService(catalogV1.CatalogServiceService, addresses.catalog),
    booking: connectService(bookingV1.BookingServiceService, addresses.booking),
    customer: connectService(customerV1.CustomerServiceService, addresses.customer),
  };
  return {
    ...clients,
    health,
    close() {
      for (const c of [...Object.values(clients), ...Object.values(health)]) c.close();
    },
  };
}
