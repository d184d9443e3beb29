import type { FastifyInstance } from 'fastify';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { AVAILABILITY_RULE, availabilityOf, availabilityQuery, availabilitySchema } from '../../api/availability.js';
import { publicTenant, tenantSlugParams } from '../../api/public-tenant.js';

/** GET /book/{tenantSlug}/availability: display candidates; create decides again under the lock. */
export function registerAvailabilityRoute(app: FastifyInstance, downstream: Downstream): void {
  defineRoute(app, {
    method: 'GET',
    url: '/book/:tenantSlug/availability',
    summary: 'Free slots of a service in a window of at most 31 days',
    description: AVAILABILITY_RULE,
    tags: ['public booking'],
    params: tenantSlugParams,
    querystring: availabilityQuery,
    limits: [perIp('availability')],
    response: availabilitySchema,
    largeAnswer: true,
    // A booking path: an outage behind it is BOOKING_POLICY_BLOCKED 503 (docs/api-conventions.md, "Outages").
    handler: ({ params, query }) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const { tenant, catalogVersion } = await publicTenant(downstream.catalog, params.tenantSlug);
        return availabilityOf(downstream.booking, tenant.tenantId, query, catalogVersion);
      }),
  });
}
