import { healthV1 } from '@svc/proto';
import {
  connectService,
  SERVICE_DEFINITIONS,
  type CatalogClient,
  type BookingClient,
  type CustomerClient,
  type HealthClient,
  type IdentityClient,
  type WebhookClient,
  type IntegrationClient,
  type NotificationClient,
  type AuditClient,
  type TenantExportClient,
  type CustomerExportClient,
} from '@svc/grpc';

/** The services behind the gateway, by the name /health reports. */
export const SERVICE_NAMES = [
  'catalog',
  'booking',
  'customer',
  'webhook-dispatcher',
  'integrations',
  'notifications',
  'identity',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
/**
 * Where each service listens. The integrations and notifications services may be absent in the
 * distributed profile (a deployment without them): /health leaves them out, the integration
 * routes answer PROVIDER_NOT_CONNECTED and the notification routes 503 (docs/operations.md).
 */
export type ServiceAddresses = Record<Exclude<ServiceName, 'integrations' | 'notifications'>, string> & {
  integrations?: string | undefined;
  notifications?: string | undefined;
};

export interface Downstream {
  catalog: CatalogClient;
  booking: BookingClient;
  customer: CustomerClient;
  webhooks: WebhookClient;
  /** Users, memberships, sessions and keys: the guards' decisions (identity/identity-client.ts). */
  identity: IdentityClient;
  /** Null when no integrations service is deployed. */
  integrations: IntegrationClient | null;
  /** Null when no notifications service is deployed. */
  notifications: NotificationClient | null;
  /** The identity service's audit log (docs/decisions.md "Audit log"). */
  audit: AuditClient;
  /** The identity service's tenant export (docs/decisions.md "Tenant export"). */
  tenantExports: TenantExportClient;
  /** The identity service's customer and booking exports (docs/decisions.md "Customer export"). */
  customerExports: CustomerExportClient;
  health: Partial<Record<ServiceName, HealthClient>>;
  close(): void;
}

/** One channel per service (grpc-js connects lazily and reconnects by itself). */
export function connectDownstream(addresses: ServiceAddresses): Downstream {
  const health = Object.fromEntries(
    SERVICE_NAMES.flatMap((name) => {
      const address = addresses[name];
      return address === undefined ? [] : [[name, connectService(healthV1.HealthService, address)]];
    }),
  ) as Partial<Record<ServiceName, HealthClient>>;
  const clients = {
    catalog: connectService(SERVICE_DEFINITIONS.catalog, addresses.catalog),
    booking: connectService(SERVICE_DEFINITIONS.booking, addresses.booking),
    customer: connectService(SERVICE_DEFINITIONS.customer, addresses.customer),
    webhooks: connectService(SERVICE_DEFINITIONS.webhooks, addresses['webhook-dispatcher']),
    audit: connectService(SERVICE_DEFINITIONS.audit, addresses.identity),
    tenantExports: connectService(SERVICE_DEFINITIONS.tenantExports, addresses.identity),
    customerExports: connectService(SERVICE_DEFINITIONS.customerExports, addresses.identity),
    identity: connectService(SERVICE_DEFINITIONS.identity, addresses.identity),
  };
  const integrations =
    addresses.integrations === undefined
      ? null
      : connectService(SERVICE_DEFINITIONS.integrations, addresses.integrations);
  const notifications =
    addresses.notifications === undefined
      ? null
      : connectService(SERVICE_DEFINITIONS.notifications, addresses.notifications);
  const optional = [integrations, notifications].filter((c) => c !== null);
  return {
    ...clients,
    integrations,
    notifications,
    health,
    close() {
      for (const c of [...Object.values(clients), ...Object.values(health), ...optional]) c.close();
    },
  };
}
