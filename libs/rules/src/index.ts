/**
 * Every input rule, once: the gateway's request schemas and the services' domain checks both
 * use these (docs/api-conventions.md "Input rules"). Pure: no I/O.
 */
export * from './time.js';
export * from './epoch-ms.js';
export * from './email.js';
export * from './phone.js';
export * from './time-zone.js';
export * from './locale.js';
export * from './slug.js';
export * from './slug-from.js';
export * from './ids.js';
export * from './host-port.js';
export * from './currency.js';
export * from './money.js';
export * from './paging.js';
export * from './customer.js';
export * from './booking.js';
export * from './network-address.js';
export * from './webhooks.js';
export * from './api-key-scopes.js';
export * from './api-keys.js';
export * from './notifications.js';
export * from './text.js';
export * from './date-overrides.js';
export * from './service-policies.js';
export * from './service-payment.js';
export * from './intake.js';
export * from './retention.js';
export * from './embed-origins.js';
export * from './roles.js';
export * from './json.js';
export * from './calendar-sync.js';
