import {
  auditV1,
  bookingV1,
  catalogV1,
  customerExportV1,
  customerV1,
  identityV1,
  integrationsV1,
  notificationsV1,
  tenantExportV1,
  webhooksV1,
} from '@svc/proto';
import type { ServiceClient } from './service-client.js';

/**
 * Our services' definitions, by the name their callers give the client: the one list a caller
 * connects from (`connectService(SERVICE_DEFINITIONS.catalog, address)`) and the client types
 * below are read from.
 */
export const SERVICE_DEFINITIONS = {
  catalog: catalogV1.CatalogServiceService,
  booking: bookingV1.BookingServiceService,
  customer: customerV1.CustomerServiceService,
  webhooks: webhooksV1.WebhookServiceService,
  integrations: integrationsV1.IntegrationServiceService,
  notifications: notificationsV1.NotificationServiceService,
  audit: auditV1.AuditServiceService,
  tenantExports: tenantExportV1.TenantExportServiceService,
  customerExports: customerExportV1.CustomerExportServiceService,
  identity: identityV1.IdentityServiceService,
} as const;
type Definitions = typeof SERVICE_DEFINITIONS;

/** The promise clients of our services, as `connectService(definition, address)` makes them. */
export type CatalogClient = ServiceClient<Definitions['catalog']>;
export type BookingClient = ServiceClient<Definitions['booking']>;
export type CustomerClient = ServiceClient<Definitions['customer']>;
export type WebhookClient = ServiceClient<Definitions['webhooks']>;
export type IntegrationClient = ServiceClient<Definitions['integrations']>;
export type NotificationClient = ServiceClient<Definitions['notifications']>;
export type AuditClient = ServiceClient<Definitions['audit']>;
export type TenantExportClient = ServiceClient<Definitions['tenantExports']>;
export type CustomerExportClient = ServiceClient<Definitions['customerExports']>;
export type IdentityClient = ServiceClient<Definitions['identity']>;
