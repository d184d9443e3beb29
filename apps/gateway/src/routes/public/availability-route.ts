import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { publicTenant } from './public-tenant.js';
import { availabilityQuery, slotSchema, tenantSlugParams } from './schemas.js';

/** GET /book/{tenantSlug}/availability: display candidates; create decides again under the lock. */
export function registerAvailabilityRoute(app: FastifyInstance, downstream: Downstream): void {
  defineRoute(app, {
    method: 'GET',
    url: '/book/:tenantSlug/availability',
    summary: 'Free slots of a service in a window of at most 31 days',
    description: '`fromMs` < `toMs`, and `toMs - fromMs` at most 31 days (2678400000 ms).',
    tags: ['public booking'],
    params: tenantSlugParams,
    querystring: availabilityQuery,
    response: z.object({
      serviceSlug: z.string(),
      timezone: z.string(),
      fromMs: z.number().int(),
      toMs: z.number().int(),
      slots: z.array(slotSchema),
      finalAuthority: z.literal('booking_create_recheck_under_lock'),
    }),
    // A booking path: an outage behind it is BOOKING_POLICY_BLOCKED 503 (docs/api-conventions.md, "Outages").
    handler: ({ params, query }) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const tenant = await publicTenant(downstream.catalog, params.tenantSlug);
        const res = await downstream.booking.getAvailability({
          tenantId: tenant.tenantId,
          serviceSlug: query.serviceSlug,
          fromMs: query.fromMs,
          toMs: query.toMs,
        });
        return {
          serviceSlug: res.serviceSlug,
          timezone: res.timezone,
          fromMs: res.fromMs,
          toMs: res.toMs,
          slots: res.slots,
          finalAuthority: 'booking_create_recheck_under_lock' as const,
        };
      }),
  });
}
