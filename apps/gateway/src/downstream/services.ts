import { healthV1 } from '@svc/proto';
import { bookingV1, catalogV1, customerV1, integrationsV1, webhooksV1 } from '@svc/proto';
import {
  connectService,
  type CatalogClient,
  type BookingClient,
  type CustomerClient,
  type HealthClient,
  type WebhookClient,
  type IntegrationClient,
} from '@svc/grpc';

/** The services behind the gateway, by the name /health reports. */
export const SERVICE_NAMES = ['catalog', 'booking', 'customer', 'webhook-dispatcher', 'integrations'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type ServiceAddresses = Record<ServiceName, string>;

export interface Downstream {
  catalog: CatalogClient;
  booking: BookingClient;
  customer: CustomerClient;
  webhooks: WebhookClient;
  integrations: IntegrationClient;
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
    webhooks: connectService(webhooksV1.WebhookServiceService, addresses['webhook-dispatcher']),
    integrations: connectService(integrationsV1.IntegrationServiceService, addresses.integrations),
  };
  return {
    ...clients,
    health,
    close() {
      for (const c of [...Object.values(clients), ...Object.values(health)]) c.close();
    },
  };
}
