import type { FastifyInstance } from 'fastify';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { bookingConfigOf, configSchema } from '../../api/booking-config.js';
import { tenantSlugParams } from '../../api/public-tenant.js';

/** GET /book/{tenantSlug}/config: what a booking page needs to render. Only active services. */
export function registerBookingConfigRoute(app: FastifyInstance, downstream: Downstream): void {
  defineRoute(app, {
    method: 'GET',
    url: '/book/:tenantSlug/config',
    summary: 'Public booking page configuration: tenant and its bookable services',
    tags: ['public booking'],
    params: tenantSlugParams,
    limits: [perIp('pages')],
    response: configSchema,
    handler: ({ params }) => bookingConfigOf(downstream.catalog, params.tenantSlug),
  });
}
