import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { mintManageToken, type ManageTokenKeys } from '@svc/crypto';
import { toAnswerValue, type BookingClient } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import { isSlug, PUBLIC_IDEMPOTENCY_SCOPE } from '@svc/rules';
import type { Downstream } from '../../downstream/services.js';
import { requestFingerprint } from '../../http/fingerprint.js';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { present } from '../catalog/admin-resource.js';
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
  'with another body, BOOKING_IDEMPOTENCY_CONFLICT 409.';

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
  const created = await answeringOutagesWith(bookingUnavailable, async () =>
    booking.createBooking(
      {
        tenantId: await tenantId(),
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
      },
      { deadlineMs: LOCKED_WRITE_DEADLINE_MS },
    ),
  );
  const made = present(created.booking, 'booking');
  const manageToken = mintManageToken(
    links.manageTokens,
    { tenantId: made.tenantId, bookingId: made.bookingId, customerId: made.customerId },
    made.createdAtMs,
  );
  return {
    booking: made,
    idempotentReplay: created.idempotentReplay,
    manageToken,
    manageUrl: manageUrl(links.baseUrl, manageToken),
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
      }),
      idempotentReplay: z.boolean(),
      manageToken: z.string(),
      manageUrl: z.string(),
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
        },
      };
    },
  });
}
