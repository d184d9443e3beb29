import { z } from 'zod';
import {
  answersSchema,
  partySizeSchema,
  CONTACT_REQUIRED_MESSAGE,
  customerNameSchema,
  emailSchema,
  epochMsSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  idSchema,
  localeSchema,
  phoneSchema,
  timeZoneSchema,
} from '@svc/rules';
import { serviceSlugSchema } from './field-schemas.js';

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
