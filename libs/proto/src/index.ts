// Generated gRPC code (ts-proto) of ../../proto, one namespace per proto package.
// Regenerate with `npm run proto:generate`; never edit src/gen by hand.
export * as commonV1 from './gen/common/v1/common.js';
export * as catalogV1 from './gen/catalog/v1/catalog.js';
export * as bookingV1 from './gen/booking/v1/booking.js';
export * as customerV1 from './gen/customer/v1/customer.js';
export * as webhooksV1 from './gen/webhooks/v1/webhooks.js';
export * as integrationsV1 from './gen/integrations/v1/integrations.js';
export * as notificationsV1 from './gen/notifications/v1/notifications.js';
export * as identityV1 from './gen/identity/v1/identity.js';
export * as healthV1 from './gen/grpc/health/v1/health.js';
// identity.v1 spans several files; the workspace's audit log, tenant export and customer export have their own.
export * as auditV1 from './gen/identity/v1/audit.js';
export * as tenantExportV1 from './gen/identity/v1/tenant_export.js';
export * as customerExportV1 from './gen/identity/v1/customer_export.js';
