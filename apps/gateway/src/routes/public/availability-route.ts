import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { publicTenant } from './public-tenant.js';
import { availabilityQuery, availabilitySchema, tenantSlugParams } from './schemas.js';
import type { BookingClient } from '@svc/grpc';
import { perIp } from '../../limits/rate-limits.js';

/**
 * The free slots of a tenant's service (public page, partner API, MCP): GetAvailability. With
 * the tenant's catalog version when the caller read the tenant anyway (the public route): the
 * booking service then reuses a schedule read at that version without asking the catalog.
 */
export async function availabilityOf(
  booking: BookingClient,
  tenantId: string,
  query: z.output<typeof availabilityQuery>,
  catalogVersion = '',
): Promise<z.input<typeof availabilitySchema>> {
  const res = await booking.getAvailability({
    tenantId,
    serviceSlug: query.serviceSlug,
    fromMs: query.fromMs,
    toMs: query.toMs,
    catalogVersion,
    ...(query.partySize !== undefined ? { partySize: query.partySize } : {}),
    ...(query.staffId !== undefined ? { staffId: query.staffId } : {}),
  });
  return {
    serviceSlug: res.serviceSlug,
    timezone: res.timezone,
    fromMs: res.fromMs,
    toMs: res.toMs,
    // Unpacked from its starts and the one duration (GetAvailabilityResponse).
    slots: res.slotStartsMs.map((startsAtMs, i) => {
      const seatsLeft = res.slotSeatsLeft[i];
      return {
        startsAtMs,
        endsAtMs: startsAtMs + res.slotDurationMs,
        // A seated service's slots each say their seats left (docs/decisions.md "Seats").
        ...(seatsLeft !== undefined ? { seatsLeft } : {}),
      };
    }),
    finalAuthority: 'booking_create_recheck_under_lock' as const,
  };
}

export const AVAILABILITY_RULE =
  '`fromMs` < `toMs`, and `toMs - fromMs` at most 31 days (2678400000 ms). A seated service lists the slots ' +
  'with room for `partySize` (default 1), each with `seatsLeft`. `staffId` lists the slots of one staff member: one the ' +
  'service lists (its config `staff`), not of a collective service (else VALIDATION_ERROR at query.staffId).';

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
