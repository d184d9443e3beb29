import type { FastifyInstance } from 'fastify';
import { isSlug, PUBLIC_IDEMPOTENCY_SCOPE } from '@svc/rules';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { createBookingBody, idempotencyHeaders } from '../../api/booking-create-body.js';
import { createBooking, CREATE_RULE, CREATE_SUMMARY } from '../../api/booking-create.js';
import { bookingLinks, manageLinks } from '../../api/booking-links.js';
import { publicCreatedSchema, toPublicCreated } from '../../api/created-booking.js';
import { tenantSlugParams } from '../../api/public-tenant.js';
import type { ManageLinks } from '../../api/public-links.js';
import { DASHBOARD_BOOKINGS } from '../../api/surfaces.js';
import { tenantIdsBySlug } from './tenant-ids.js';

const slugOrNone = (slug: string): string => (isSlug(slug) ? slug : '-');

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
    response: publicCreatedSchema,
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
      return toPublicCreated(created);
    },
  });
}
