import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { mintManageToken, requestFingerprint, type ManageTokenKeys } from '@svc/crypto';
import { toAnswerValue, type BookingClient } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import { isSlug, PUBLIC_IDEMPOTENCY_SCOPE } from '@svc/rules';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { present } from '../catalog/admin-resource.js';
import { bookingPaymentSchema, toBookingRecord } from '../bookings/booking-record.js';
import { bookingLinks, DASHBOARD_BOOKINGS, LOCKED_WRITE_DEADLINE_MS } from '../bookings/bookings-routes.js';
import { manageLinks, manageUrl } from '../manage/manage-routes.js';
import { tenantIdsBySlug } from './tenant-ids.js';
import { createBookingBody, idempotencyHeaders, tenantSlugParams, type CreateBookingBody } from './schemas.js';

const slugOrNone = (slug: string): string => (isSlug(slug) ? slug : '-');

export interface ManageLinks {
  baseUrl: string;
  manageTokens: ManageTokenKeys;
}

/** What a create (or its replay) yields, before each route shapes its answer. */
export interface CreatedBooking {
  booking: bookingV1.Booking;
  idempotentReplay: boolean;
  manageToken: string;
  manageUrl: string;
  /** Stripe's checkout page of a paid booking awaiting its payment; null otherwise. */
  paymentUrl: string | null;
}

/** Where Stripe sends the customer back to (payment-return-route.ts); the booking service puts the key at `{KEY}`. */
export const paymentReturnUrl = (baseUrl: string, tenantId: string): string => `${baseUrl}/pay/${tenantId}/{KEY}`;

/**
 * The customer's manage link of a booking (docs/decisions.md "Manage token"), minted from its
 * immutable fields (iat = creation time), so every mint for the same booking is the same token:
 * a create's replay and the way back from Stripe's checkout give the customer the same link.
 */
export function manageLinkOf(
  links: ManageLinks,
  b: Pick<bookingV1.Booking, 'tenantId' | 'bookingId' | 'customerId' | 'createdAtMs'>,
): { manageToken: string; manageUrl: string } {
  const manageToken = mintManageToken(
    links.manageTokens,
    { tenantId: b.tenantId, bookingId: b.bookingId, customerId: b.customerId },
    b.createdAtMs,
  );
  return { manageToken, manageUrl: manageUrl(links.baseUrl, manageToken) };
}

/** `paymentUrl` of a create's answer (docs/decisions.md "Payments"). */
export const paymentUrlSchema = z
  .string()
  .nullable()
  .describe(
    "Stripe's checkout page, where the customer pays `booking.payment.amountDue` while the booking is held; " +
      'null for a service without a payment policy, and on a replay once the booking no longer awaits its payment ' +
      '(paid, or its hold ended).',
  );

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

/**
 * POST /book/{tenantSlug}/bookings: a held booking (confirmed for an automatic service), 201; the same Idempotency-Key and body
 * again → 200 with the same booking and manage token. Limited per client IP and per tenant.
 */
export function registerCreateBookingRoute(app: FastifyInstance, downstream: Downstream, links: ManageLinks): void {
  const tenantIdOf = tenantIdsBySlug(downstream.catalog);
  defineRoute(app, {
    method: 'POST',
    url: '/book/:tenantSlug/bookings',
    summary: CREATE_SUMMARY,
    description: CREATE_RULE,
    tags: ['public booking'],
    params: tenantSlugParams,
    headers: idempotencyHeaders,
    body: createBookingBody,
    limits: [
      perIp('create'),
      // Counted before validation: a path that is no slug shares one counter, so what a caller
      // sends never becomes a key of its own (docs/operations.md "Memory bounds").
      { name: 'createTenant', subject: (request) => slugOrNone((request.params as { tenantSlug: string }).tenantSlug) },
    ],
    status: 201,
    alsoStatuses: [200],
    response: z.object({
      booking: z.object({
        bookingId: z.string(),
        status: z
          .string()
          .describe('held (the business confirms it within 10 minutes), or confirmed for an automatic service.'),
        staffId: z
          .string()
          .nullable()
          .describe(
            'The staff member it went to (a named one when free, else the policy chose); null when the service ' +
              'lists none or books its whole team.',
          ),
        payment: bookingPaymentSchema,
      }),
      idempotentReplay: z.boolean(),
      manageToken: z.string(),
      manageUrl: z.string(),
      paymentUrl: paymentUrlSchema,
    }),
    // The new booking in the dashboard, and the customer's manage link.
    links: [...bookingLinks(DASHBOARD_BOOKINGS.prefix, 'booking/bookingId'), ...manageLinks('manageToken')],
    handler: async ({ params, headers, body }, _request, reply) => {
      const created = await createBooking(
        downstream.booking,
        links,
        () => tenantIdOf(params.tenantSlug),
        { scope: PUBLIC_IDEMPOTENCY_SCOPE, key: headers['idempotency-key'] },
        body,
      );
      if (created.idempotentReplay) reply.code(200);
      return {
        ...created,
        booking: {
          bookingId: created.booking.bookingId,
          status: created.booking.status,
          staffId: created.booking.staffIds.length > 1 ? null : created.booking.staffId || null,
          payment: toBookingRecord(created.booking).payment,
        },
      };
    },
  });
}
