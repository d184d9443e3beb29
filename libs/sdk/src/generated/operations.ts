// Generated from the gateway's /openapi.json by openapi-typescript (apps/gateway/test/api-types.test.ts); do not edit.
/** The operations that take an Idempotency-Key ("METHOD /path"): the SDK sends one on each. */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /book/{tenantSlug}/bookings",
  "POST /platform/v1/tenants",
  "POST /v1/bookings"
]);
