import { z } from 'zod';
import type { CatalogClient } from '@svc/grpc';
import { NO_SHOW_CHARGES, PAYMENT_POLICIES, paymentTermsOf, QUESTION_TYPES, type Question } from '@svc/rules';
import { bookable } from './public-tenant.js';
import { brandingOf } from './tenant-records.js';

/** What a booking page needs to render: the tenant and its bookable services (the config route and the page). */
export const configSchema = z.object({
  tenant: z.object({
    slug: z.string(),
    name: z.string(),
    timezone: z.string(),
    locale: z.string(),
    branding: z.object({
      displayName: z.string(),
      logoUrl: z.string(),
      primaryColor: z.string(),
      accentColor: z.string(),
      embedOrigins: z
        .array(z.string())
        .describe('The origins whose pages may embed the booking page (docs/decisions.md "Embedding").'),
    }),
  }),
  services: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      durationMin: z.number().int(),
      price: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
      // What the page tells the customer before they book a paid service (docs/decisions.md "Payments").
      payment: z
        .enum(PAYMENT_POLICIES)
        .describe("What is paid on Stripe's page while the booking is held: none, a deposit, or the full price."),
      depositAmount: z
        .number()
        .int()
        .describe('Due now under `payment: deposit`, minor units of the price; 0 otherwise.'),
      refundAfterCutoffPercent: z
        .number()
        .int()
        .describe(
          'Percent of the payment refunded on a cancel from `cancelCutoffMin` before the start on; before, all of it.',
        ),
      noShowCharge: z
        .enum(NO_SHOW_CHARGES)
        .describe('What a no-show is charged to the card paid with: none, the rest of the price, or a fee.'),
      noShowFeeAmount: z.number().int().describe('The fee under `noShowCharge: fee`, minor units; 0 otherwise.'),
      cancelCutoffMin: z
        .number()
        .int()
        .describe("How long before the start the customer's manage link stops cancelling; 0 = until it starts."),
      rescheduleCutoffMin: z.number().int().describe('The same for moving the booking.'),
      maxAdvanceDays: z
        .number()
        .int()
        .describe('How many days ahead a start can be booked (docs/decisions.md "Availability").'),
      seats: z
        .number()
        .int()
        .describe('Above 1 a session whose slots say their seats left (docs/decisions.md "Seats").'),
      maxPartySize: z.number().int().describe('The largest party one booking may bring.'),
      questions: z
        .array(
          z.object({
            key: z.string(),
            label: z.string(),
            type: z.enum(QUESTION_TYPES),
            required: z.boolean(),
            options: z.array(z.string()),
          }),
        )
        .describe('What a create answers in `answers` (docs/decisions.md "Intake questions").'),
      staff: z
        .array(z.object({ staffId: z.string(), displayName: z.string() }))
        .describe(
          'Whom the customer may choose (availability and create take `staffId`); empty when the service ' +
            'books its whole team together (docs/decisions.md "Staff assignment").',
        ),
    }),
  ),
});

export type BookingConfig = z.input<typeof configSchema>;

/**
 * The public config of a tenant (the JSON route and the booking page): only active services and
 * the names of active staff members, in one catalog round trip (GetBookingPage).
 */
export async function bookingConfigOf(catalog: CatalogClient, tenantSlug: string): Promise<BookingConfig> {
  const page = await catalog.getBookingPage({ slug: tenantSlug });
  const tenant = bookable(page.tenant);
  const { services, staff } = page;
  const names = new Map(staff.map((s) => [s.staffId, s.displayName]));
  return {
    tenant: {
      slug: tenant.slug,
      name: tenant.name,
      timezone: tenant.timezone,
      locale: tenant.locale,
      branding: brandingOf(tenant),
    },
    services: services.map((s) => ({
      slug: s.slug,
      name: s.name,
      description: s.description,
      durationMin: s.durationMin,
      price: s.priceCurrency ? { amount: s.priceAmount, currency: s.priceCurrency } : null,
      ...paymentTermsOf(s),
      cancelCutoffMin: s.cancelCutoffMin,
      rescheduleCutoffMin: s.rescheduleCutoffMin,
      maxAdvanceDays: s.maxAdvanceDays,
      seats: Math.max(1, s.seats),
      maxPartySize: Math.max(1, s.maxPartySize),
      // The catalog stores only the types it checked.
      questions: s.questions.map((q) => ({ ...q, type: q.type as Question['type'] })),
      staff:
        s.assignment === 'collective'
          ? []
          : s.staffIds.flatMap((staffId) => {
              const displayName = names.get(staffId);
              return displayName === undefined ? [] : [{ staffId, displayName }];
            }),
    })),
  };
}
