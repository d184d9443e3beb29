import type {
  auditV1,
  bookingV1,
  catalogV1,
  customerV1,
  identityV1,
  integrationsV1,
  notificationsV1,
  tenantExportV1,
  webhooksV1,
} from '@svc/proto';
import type { ServiceClient } from './service-client.js';

/** The promise clients of our services, as `connectService(definition, address)` makes them. */
export type CatalogClient = ServiceClient<typeof catalogV1.CatalogServiceService>;
export type BookingClient = ServiceClient<typeof bookingV1.BookingServiceService>;
export type CustomerClient = ServiceClient<typeof customerV1.CustomerServiceService>;
export type WebhookClient = ServiceClient<typeof webhooksV1.WebhookServiceService>;
export type IntegrationClient = ServiceClient<typeof integrationsV1.IntegrationServiceService>;
export type NotificationClient = ServiceClient<typeof notificationsV1.NotificationServiceService>;
export type AuditClient = ServiceClient<typeof auditV1.AuditServiceService>;
export type TenantExportClient = ServiceClient<typeof tenantExportV1.TenantExportServiceService>;
export type IdentityClient = ServiceClient<typeof identityV1.IdentityServiceService>;
