/**
 * The booking platform's TypeScript SDK: typed calls generated from the gateway's OpenAPI
 * document (openapi-typescript types, openapi-fetch underneath), one client per credential,
 * retries that are safe, Idempotency-Keys on creates, paging iterators and one error class.
 * Webhook verification is `@svc/sdk/webhooks` (Node: it uses node:crypto).
 */
export {
  createApiClient,
  type ApiClient,
  type ClientOptions,
  type PagedPath,
  type Payload,
  type paths,
} from './client.js';
export {
  createDashboardClient,
  createPartnerClient,
  createPlatformClient,
  createPublicClient,
  type PublicClient,
} from './clients.js';
export { BookingApiError, type ErrorDetail } from './errors.js';
export { newIdempotencyKey } from './idempotency.js';
export { retryAfterMs, type RetryEvent, type RetryOptions } from './retry.js';
export type { components, operations } from './generated/openapi.js';
