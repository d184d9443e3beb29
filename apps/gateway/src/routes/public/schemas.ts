import { z } from 'zod';
import {
  answersSchema,
  partySizeQuerySchema,
  partySizeSchema,
  CONTACT_REQUIRED_MESSAGE,
  customerNameSchema,
  emailSchema,
  epochMsQuerySchema,
  epochMsSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  idSchema,
  localeSchema,
  MAX_AVAILABILITY_WINDOW_MS,
  phoneSchema,
  SLUG_MESSAGE,
  SLUG_PATTERN,
  timeZoneSchema,
} from '@svc/rules';

/** A service's slug as the public paths and bodies name it (`serviceSlug`). */
const serviceSlugSchema = z.string().regex(SLUG_PATTERN, SLUG_MESSAGE);

export const tenantSlugParams = z.object({
  tenantSlug: z.string().regex(SLUG_PATTERN, 'not a tenant slug'),
});

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

/** 1–255 printable ASCII characters (docs/decisions.md "Booking"). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ message: 'the Idempotency-Key header is required' })
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE),
});

/** The customer service's own rules (@svc/rules), so a customer it would refuse is a 400 here. */
const bookingCustomer = z
  .strictObject({
    name: customerNameSchema,
    primaryEmail: emailSchema.optional(),
    phone: phoneSchema.optional(),
    locale: localeSchema.optional(),
  })
  .refine((c) => c.primaryEmail !== undefined || c.phone !== undefined, {
    message: `${CONTACT_REQUIRED_MESSAGE}: give at least one of primaryEmail and phone`,
    when: (payload) => payload.issues.length === 0,
  })
  // The refinement as the document states it.
  .meta({ anyOf: [{ required: ['primaryEmail'] }, { required: ['phone'] }] });

/**
 * The create body (docs/decisions.md "Booking"); `source` is fixed by the route: `public_page` on
 * the public page, `partner_api` on the partner API, `mcp` for the MCP tool (absent means that one).
 */
export function createBookingBodyFor<S extends 'public_page' | 'partner_api' | 'mcp'>(source: S) {
  return z.strictObject({
    serviceSlug: serviceSlugSchema,
    startsAtMs: epochMsSchema,
    source: z.literal(source, { message: `this route books with source ${source}` }).default(source as never),
    customer: bookingCustomer,
    notes: z.string().max(2000).optional(),
    timezone: timeZoneSchema.optional(),
    // A preference among the service's staff; one it does not list is refused (body.staffId)
    // before any lookup (docs/decisions.md "Booking").
    staffId: idSchema.optional(),
    // Checked against the service's questions by the booking service (body.answers.<key>).
    answers: answersSchema.optional(),
    // At most the service's maxPartySize, checked by the booking service (body.partySize).
    partySize: partySizeSchema.optional(),
  });
}

export const createBookingBody = createBookingBodyFor('public_page');
export type CreateBookingBody = z.output<
  ReturnType<typeof createBookingBodyFor<'public_page' | 'partner_api' | 'mcp'>>
>;

/** The availability answer (docs/decisions.md "Availability"), public and partner alike. */
export const availabilitySchema = z.object({
  serviceSlug: z.string(),
  timezone: z.string(),
  fromMs: z.number().int(),
  toMs: z.number().int(),
  slots: z.array(slotSchema),
  finalAuthority: z.literal('booking_create_recheck_under_lock'),
});
