import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { mintManageToken, type ManageTokenKeys } from '@svc/crypto';
import type { Downstream } from '../../downstream/services.js';
import { requestFingerprint } from '../../http/fingerprint.js';
import { defineRoute } from '../../http/route.js';
import { present } from '../catalog/admin-resource.js';
import { manageUrl } from '../manage/manage-routes.js';
import { publicTenant } from './public-tenant.js';
import { createBookingBody, idempotencyHeaders, tenantSlugParams } from './schemas.js';

/**
 * POST /book/{tenantSlug}/bookings: a held booking, 201; the same Idempotency-Key and body
 * again → 200 with the same booking and manage token. The token is minted here from the
 * booking's immutable fields (iat = creation time), so a replay yields the identical token.
 */
export function registerCreateBookingRoute(
  app: FastifyInstance,
  downstream: Downstream,
  links: { baseUrl: string; manageTokens: ManageTokenKeys },
): void {
  defineRoute(app, {
    method: 'POST',
    url: '/book/:tenantSlug/bookings',
    summary: 'Create a booking (held for 10 minutes); Idempotency-Key required',
    description:
      'The customer needs `primaryEmail` or `phone` (or both). `startsAtMs` must be a free, aligned slot of ' +
      'the service (else BOOKING_SLOT_UNAVAILABLE 409).',
    tags: ['public booking'],
    params: tenantSlugParams,
    headers: idempotencyHeaders,
    body: createBookingBody,
    status: 201,
    alsoStatuses: [200],
    response: z.object({
      booking: z.object({ bookingId: z.string(), status: z.string() }),
      idempotentReplay: z.boolean(),
      manageToken: z.string(),
      manageUrl: z.string(),
    }),
    handler: async ({ params, headers, body }, _request, reply) => {
      // A booking path: an outage behind it is BOOKING_POLICY_BLOCKED 503 (docs/api-conventions.md, "Outages").
      const created = await answeringOutagesWith(bookingUnavailable, async () => {
        const tenant = await publicTenant(downstream.catalog, params.tenantSlug);
        return downstream.booking.createBooking(
          {
            tenantId: tenant.tenantId,
            idempotencyKey: headers['idempotency-key'],
            requestFingerprint: requestFingerprint(body),
            serviceSlug: body.serviceSlug,
            startsAtMs: body.startsAtMs,
            source: body.source,
            customer: body.customer,
            notes: body.notes ?? '',
            timezone: body.timezone ?? '',
            ...(body.staffId ? { staffId: body.staffId } : {}),
          },
          { deadlineMs: 15_000 },
        );
      });
      const booking = present(created.booking, 'booking');
      const { idempotentReplay } = created;
      if (idempotentReplay) reply.code(200);
      const manageToken = mintManageToken(
        links.manageTokens,
        { tenantId: booking.tenantId, bookingId: booking.bookingId, customerId: booking.customerId },
        booking.createdAtMs,
      );
      return {
        booking: { bookingId: booking.bookingId, status: booking.status },
        idempotentReplay,
        manageToken,
        manageUrl: manageUrl(links.baseUrl, manageToken),
      };
    },
  });
}
