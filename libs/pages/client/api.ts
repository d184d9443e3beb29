// The gateway's JSON API as the pages call it: the SDK's client (libs/sdk, typed from the
// gateway's OpenAPI document; it reads the error envelope and makes Idempotency-Keys) on the
// page's own origin (the CSP's connect-src 'self'), sending no cookie (the public and manage
// routes read none) and trying once: the page says at once what went wrong (messages.ts) and
// the visitor tries again.
import { BookingApiError, createApiClient, type Payload, type paths } from '@svc/sdk';
import type { ApiError } from './messages.js';

export { newIdempotencyKey } from '@svc/sdk';

export type Answer<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const api = createApiClient({
  baseUrl: window.location.origin,
  credentials: 'omit',
  headers: { accept: 'application/json' },
  retry: { maxAttempts: 1 },
});

/** A call's answer, or its error for the page to explain: never thrown. */
async function answerOf<T>(call: Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (!(error instanceof BookingApiError))
      return { ok: false, error: { code: 'NETWORK_ERROR', message: 'no answer' } };
    return { ok: false, error: { code: error.code, message: error.message, details: [...error.details] } };
  }
}

type AvailabilityQuery = NonNullable<paths['/book/{tenantSlug}/availability']['get']['parameters']['query']>;
type CreateBody = NonNullable<
  paths['/book/{tenantSlug}/bookings']['post']['requestBody']
>['content']['application/json'];
export type Created = Payload<paths['/book/{tenantSlug}/bookings']['post']>;

/** A window's free slots of a service (GET /book/{tenantSlug}/availability). */
export const availability = (tenantSlug: string, query: AvailabilityQuery) =>
  answerOf(api.get('/book/{tenantSlug}/availability', { params: { path: { tenantSlug }, query } }));

/** Books (POST /book/{tenantSlug}/bookings) under the form submission's Idempotency-Key. */
export const createBooking = (tenantSlug: string, body: CreateBody, idempotencyKey: string) =>
  answerOf(
    api.post('/book/{tenantSlug}/bookings', {
      params: { path: { tenantSlug }, header: { 'idempotency-key': idempotencyKey } },
      body,
    }),
  );

/** Moves a booking through its manage link (POST /booking/manage/{token}/reschedule). */
export const rescheduleBooking = (token: string, startsAtMs: number) =>
  answerOf(api.post('/booking/manage/{token}/reschedule', { params: { path: { token } }, body: { startsAtMs } }));

/** Cancels a booking through its manage link (POST /booking/manage/{token}/cancel). */
export const cancelBooking = (token: string) =>
  answerOf(api.post('/booking/manage/{token}/cancel', { params: { path: { token } } }));
