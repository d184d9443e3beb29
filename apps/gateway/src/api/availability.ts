import { z } from 'zod';
import type { BookingClient } from '@svc/grpc';
import { epochMsQuerySchema, idSchema, MAX_AVAILABILITY_WINDOW_MS, partySizeQuerySchema } from '@svc/rules';
import { serviceSlugSchema } from './field-schemas.js';

/** A window of a service's free slots (public page, partner API, MCP `get_availability`). */
export const availabilityQuery = z
  .strictObject({
    serviceSlug: serviceSlugSchema,
    fromMs: epochMsQuerySchema,
    toMs: epochMsQuerySchema,
    partySize: partySizeQuerySchema.optional(),
    // One staff member's slots: one the service lists, not of a collective service (query.staffId).
    staffId: idSchema.optional(),
  })
  .refine((q) => q.fromMs < q.toMs, { path: ['toMs'], message: 'must be after fromMs' })
  .refine((q) => q.toMs - q.fromMs <= MAX_AVAILABILITY_WINDOW_MS, {
    path: ['toMs'],
    message: 'the window is at most 31 days',
  });

export const slotSchema = z.object({
  startsAtMs: z.number().int(),
  endsAtMs: z.number().int(),
  seatsLeft: z
    .number()
    .int()
    .optional()
    .describe('For a seated service only: the most seats one booking could still take at this start.'),
});

/** The availability answer (docs/decisions.md "Availability"), public and partner alike. */
export const availabilitySchema = z.object({
  serviceSlug: z.string(),
  timezone: z.string(),
  fromMs: z.number().int(),
  toMs: z.number().int(),
  slots: z.array(slotSchema),
  finalAuthority: z.literal('booking_create_recheck_under_lock'),
});

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
