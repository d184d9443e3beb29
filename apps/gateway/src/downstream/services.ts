import { healthV1 } from '@svc/proto';
import { bookingV1, catalogV1, customerV1, webhooksV1 } from '@svc/proto';
import { createClient } from '@svc/grpc';

/** The four services behind the gateway, by the name /health reports. */
export const SERVICE_NAMES = ['catalog', 'booking', 'customer', 'webhook-dispatcher'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type ServiceAddresses = Record<ServiceName, string>;

export interface Downstream {
  catalog: catalogV1.CatalogServiceClient;
  booking: bookingV1.BookingServiceClient;
  customer: customerV1.CustomerServiceClient;
  webhooks: webhooksV1.WebhookServiceClient;
  health: Record<ServiceName, healthV1.HealthClient>;
  close(): void;
}

/** One channel per service (grpc-js connects lazily and reconnects by itself). */
export function connectDownstream(addresses: ServiceAddresses): Downstream {
  const health = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, createClient(healthV1.HealthClient, addresses[name])]),
  ) as Record<ServiceName, healthV1.HealthClient>;
  const clients = {
    catalog: createClient(catalogV1.CatalogServiceClient, addresses.catalog),
    booking: createClient(bookingV1.BookingServiceClient, addresses.booking),
    customer: createClient(customerV1.CustomerServiceClient, addresses.customer),
    webhooks: createClient(webhooksV1.WebhookServiceClient, addresses['webhook-dispatcher']),
  };
  return {
    ...clients,
    health,
    close() {
      for (const c of [...Object.values(clients), ...Object.values(health)]) c.close();
    },
  };
}
