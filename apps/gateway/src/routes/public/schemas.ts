import { z } from 'zod';
import { SLUG_PATTERN } from '../catalog/schemas.js';

export const tenantSlugParams = z.object({
  tenantSlug: z.string().regex(SLUG_PATTERN, 'not a tenant slug'),
});

const epochMs = z.coerce.number().int().nonnegative();

export const availabilityQuery = z
  .strictObject({
    serviceSlug: z.string().min(1),
    fromMs: epochMs,
    toMs: epochMs,
  })
  .refine((q) => q.fromMs < q.toMs, { path: ['toMs'], message: 'must be after fromMs' })
  .refine((q) => q.toMs - q.fromMs <= 31 * 86_400_000, { path: ['toMs'], message: 'the window is at most 31 days' });

export const slotSchema = z.object({ startsAtMs: z.number().int(), endsAtMs: z.number().int() });

/** 1–255 printable ASCII characters (docs/decisions.md "Booking"). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ message: 'the Idempotency-Key header is required' })
    .regex(/^[\x20-\x7E]{1,255}$/, '1 to 255 printable ASCII characters'),
});

const isIanaZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
};

export const createBookingBody = z
  .strictObject({
    serviceSlug: z.string().min(1).max(63),
    startsAtMs: z.number().int().nonnegative(),
    source: z
      .literal('public_page', { message: 'the public page books with source public_page' })
      .default('public_page'),
    customer: z.strictObject({
      name: z.string().trim().min(1).max(200),
      primaryEmail: z.string().trim().email().max(320).optional(),
      phone: z.string().trim().min(3).max(40).optional(),
      locale: z.string().min(2).max(35).optional(),
    }),
    notes: z.string().max(2000).optional(),
    timezone: z.string().refine(isIanaZone, 'not an IANA time zone').optional(),
    staffId: z.string().min(1).optional(),
  })
  .refine((b) => b.customer.primaryEmail !== undefined || b.customer.phone !== undefined, {
    path: ['customer'],
    message: 'give at least one of primaryEmail and phone',
  });
