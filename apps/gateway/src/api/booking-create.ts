import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { requestFingerprint } from '@svc/crypto';
import { toAnswerValue, type BookingClient } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import type { CreateBookingBody } from './booking-create-body.js';
import { LOCKED_WRITE_DEADLINE_MS } from './booking-operations.js';
import { present } from './present.js';
import { manageLinkOf, paymentReturnUrl, type ManageLinks } from './public-links.js';

/** What a create (or its replay) yields, before each route shapes its answer. */
export interface CreatedBooking {
  booking: bookingV1.Booking;
  idempotentReplay: boolean;
  manageToken: string;
  manageUrl: string;
  /** Stripe's checkout page of a paid booking awaiting its payment; null otherwise. */
  paymentUrl: string | null;
}

export const CREATE_RULE =
  'The customer needs `primaryEmail` or `phone` (or both). A `staffId` must be one the service lists (else ' +
  "VALIDATION_ERROR at body.staffId). `answers` must answer the service's questions by their types, every " +
  "required one answered (else VALIDATION_ERROR at body.answers.<key>). `partySize` is at most the service's " +
  "`maxPartySize` (else VALIDATION_ERROR at body.partySize); a seated service's session must have that many seats " +
  'left. `startsAtMs` must be a free, aligned slot of ' +
  'the service (else BOOKING_SLOT_UNAVAILABLE 409). The booking is `held` for 10 minutes until the business ' +
  'confirms it; for a service whose `confirmation` is `automatic` the platform confirms it before answering, ' +
  'so it is `confirmed` (events booking.created, then booking.confirmed). The same Idempotency-Key with the ' +
  'same body answers the first booking again (200, `idempotentReplay: true`, the status of the first answer); ' +
  'with another body, BOOKING_IDEMPOTENCY_CONFLICT 409. A service with a payment policy (`payment` deposit or ' +
  "full) is paid on Stripe's checkout page while the booking is held: the answer's `paymentUrl` is that page and " +
  '`booking.payment` says what is due (`amountDue`, minor units of `currency`); the payment confirms the booking ' +
  '(actor system), and a hold that ends unpaid frees the slot (docs/decisions.md "Payments"). Without a ' +
  'connected Stripe account such a service is PROVIDER_NOT_CONNECTED 409; when Stripe cannot be reached, ' +
  'PROVIDER_ACTION_FAILED 502. Either way nothing is kept, so the same key may be sent again.';

/** Every create route's summary. */
export const CREATE_SUMMARY = 'Create a booking (held for 10 minutes, or confirmed at once); Idempotency-Key required';

/** An Idempotency-Key and the namespace of the caller that sent it (@svc/rules idempotencyScope). */
export interface IdempotencyKey {
  scope: string;
  key: string;
}

/**
 * CreateBooking for the public page, the partner API and MCP: the booking service decides under
 * the lock and keeps the idempotency record (keys scoped per tenant and caller); the manage token is minted
 * here from the booking's immutable fields (iat = creation time), so a replay yields the
 * identical token. A booking path: an outage is BOOKING_POLICY_BLOCKED 503.
 */
export async function createBooking(
  booking: BookingClient,
  links: ManageLinks,
  tenantId: () => Promise<string> | string,
  idempotency: IdempotencyKey,
  body: CreateBookingBody,
): Promise<CreatedBooking> {
  const created = await answeringOutagesWith(bookingUnavailable, async () => {
    const tenant = await tenantId();
    return booking.createBooking(
      {
        tenantId: tenant,
        idempotencyKey: idempotency.key,
        idempotencyScope: idempotency.scope,
        requestFingerprint: requestFingerprint(body),
        serviceSlug: body.serviceSlug,
        startsAtMs: body.startsAtMs,
        source: body.source,
        customer: body.customer,
        notes: body.notes ?? '',
        timezone: body.timezone ?? '',
        ...(body.staffId ? { staffId: body.staffId } : {}),
        answers: Object.entries(body.answers ?? {}).map(([key, value]) => ({ key, value: toAnswerValue(value) })),
        ...(body.partySize !== undefined ? { partySize: body.partySize } : {}),
        // Every create names it; the booking service uses it for a paid service only.
        paymentReturnUrl: paymentReturnUrl(links.baseUrl, tenant),
      },
      { deadlineMs: LOCKED_WRITE_DEADLINE_MS },
    );
  });
  const made = present(created.booking, 'booking');
  const awaiting = made.payment?.state === 'awaiting' ? made.payment.checkoutUrl : '';
  return {
    booking: made,
    idempotentReplay: created.idempotentReplay,
    ...manageLinkOf(links, made),
    paymentUrl: awaiting || null,
  };
}
