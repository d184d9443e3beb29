import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { epochMsQuerySchema, idSchema } from '@svc/rules';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { tenantOf } from '../../api/request-tenant.js';

/** Every reason booking.v1 ExplainSlot answers (apps/booking/src/application/explain-slot.ts). */
const REASONS = [
  'free',
  'tenant_inactive',
  'service_inactive',
  'too_soon',
  'too_far',
  'outside_hours',
  'misaligned',
  'holiday',
  'blocked',
  'taken',
  'daily_limit',
] as const;
const OWNER_TYPES = ['tenant', 'service', 'staff', 'resource'] as const;

const explainQuery = z.strictObject({
  serviceId: idSchema,
  startsAtMs: epochMsQuerySchema,
});

const explanationSchema = z.object({
  serviceId: z.string(),
  serviceSlug: z.string(),
  timezone: z.string(),
  startsAtMs: z.number().int(),
  endsAtMs: z.number().int(),
  free: z.boolean().describe('Whether a create at this start would get the slot right now.'),
  reason: z
    .enum(REASONS)
    .describe(
      '`free`, else what stops the start first: the tenant or the service not active, then the ' +
        'engine (docs/decisions.md "Availability"): notice, advance, hours, grid, holiday, block, booking, ' +
        "and `daily_limit` (the staff member has the service's maxBookingsPerDay on that local day).",
    ),
  owner: z
    .object({ ownerType: z.enum(OWNER_TYPES), ownerId: z.string() })
    .nullable()
    .describe('Whom the reason concerns (which staff member is blocked, which resource is full); null when free.'),
  staffId: z.string().nullable().describe('The staff member a create would assign, when free.'),
  resourceId: z.string().nullable().describe('The resource a create would assign, when free.'),
  override: z
    .object({ ownerType: z.enum(['tenant', 'staff', 'resource']), ownerId: z.string(), date: z.string() })
    .nullable()
    .describe(
      'For `outside_hours` on a date whose hours a date override sets (the tenant’s, or the owner’s): which ' +
        'override it is; null otherwise.',
    ),
});

/**
 * GET /api/availability/explain: why a start of a service is or is not bookable, the question a
 * tenant asks when a booking page shows nothing (docs/api-conventions.md "Availability explain").
 */
export function registerAvailabilityExplainRoute(app: FastifyInstance, downstream: Pick<Downstream, 'booking'>): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/availability/explain',
    summary: 'Why a start of a service is or is not bookable',
    description:
      'The verdict availability and create would reach for `startsAtMs` now, with its reason and the owner it concerns. ' +
      'An answer, not a reservation: create decides again under the lock.',
    tags: ['availability'],
    access: 'dashboard:read',
    querystring: explainQuery,
    response: explanationSchema,
    // It reads through the booking service like availability, so an outage is the same
    // BOOKING_POLICY_BLOCKED 503 (docs/api-conventions.md "Outages").
    handler: ({ query }, request) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const res = await downstream.booking.explainSlot({
          tenantId: tenantOf(request),
          serviceId: query.serviceId,
          startsAtMs: query.startsAtMs,
        });
        return {
          serviceId: res.serviceId,
          serviceSlug: res.serviceSlug,
          timezone: res.timezone,
          startsAtMs: res.startsAtMs,
          endsAtMs: res.endsAtMs,
          free: res.free,
          reason: res.reason as (typeof REASONS)[number],
          owner: res.owner
            ? { ownerType: res.owner.ownerType as (typeof OWNER_TYPES)[number], ownerId: res.owner.ownerId }
            : null,
          staffId: res.staffId || null,
          resourceId: res.resourceId || null,
          override: res.override
            ? {
                ownerType: res.override.ownerType as 'tenant' | 'staff' | 'resource',
                ownerId: res.override.ownerId,
                date: res.override.date,
              }
            : null,
        };
      }),
  });
}
