import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { idempotencyScope } from '@svc/rules';
import { activeTenantOf, partnerOf } from '../../auth/principal.js';
import type { GatewaySettings } from '../../config.js';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { bookingRecordSchema, toBookingRecord } from '../bookings/booking-record.js';
import { bookingLinks, PARTNER_BOOKINGS, registerBookingRoutes } from '../bookings/bookings-routes.js';
import { manageLinks } from '../manage/manage-routes.js';
import { PARTNER_CATALOG, tenantOf } from '../catalog/admin-resource.js';
import { registerCatalogCollections } from '../catalog/index.js';
import { patchOf } from '../catalog/schemas.js';
import { brandingOf, brandingPatchSchema, brandingRecordSchema, updateBranding } from '../catalog/tenant-routes.js';
import { PARTNER_CUSTOMERS, registerCustomerRoutes } from '../customers/customers-routes.js';
import { registerCustomerPrivacyRoutes } from '../customers/customer-privacy-routes.js';
import { PARTNER_WEBHOOKS, registerWebhookRoutes } from '../webhooks/webhook-routes.js';
import { AVAILABILITY_RULE, availabilityOf } from '../public/availability-route.js';
import { CREATE_RULE, CREATE_SUMMARY, createBooking, paymentUrlSchema } from '../public/create-booking-route.js';
import { availabilityQuery, availabilitySchema, createBookingBodyFor, idempotencyHeaders } from '../public/schemas.js';

const TAGS = PARTNER_BOOKINGS.tags;

/** `POST /v1/bookings`: the public create's body with `source: partner_api` (docs/decisions.md "Booking"). */
export const partnerCreateBody = createBookingBodyFor('partner_api');

/** What a partner create answers: the full booking record (as `GET /v1/bookings/{id}`) and the customer's link. */
export const partnerCreatedSchema = z.object({
  booking: bookingRecordSchema,
  idempotentReplay: z.boolean(),
  manageToken: z.string().describe("The customer's manage token, to pass on to them."),
  manageUrl: z.string(),
  paymentUrl: paymentUrlSchema.describe(
    `${paymentUrlSchema.description} Pass it on to the customer: the booking confirms itself once they pay.`,
  ),
});

/** Branding fields to change; at least one. */
const brandingPatchBody = patchOf(brandingPatchSchema.shape);

/**
 * The partner API under /v1 (docs/api-conventions.md "Partner API"): the dashboard's booking,
 * customer and catalog routes with an API key instead of a session (same RPCs, records and rules;
 * booking changes with actor `partner`), the booking create of the public page with `source:
 * partner_api`, availability, and the tenant's branding. Each operation needs its scope.
 */
export function registerPartnerRoutes(app: FastifyInstance, downstream: Downstream, settings: GatewaySettings): void {
  registerBookingRoutes(app, downstream, PARTNER_BOOKINGS);
  registerCustomerRoutes(app, downstream.customer, PARTNER_CUSTOMERS);
  registerCustomerPrivacyRoutes(app, downstream, PARTNER_CUSTOMERS);
  registerWebhookRoutes(app, downstream.webhooks, PARTNER_WEBHOOKS);
  registerCatalogCollections(app, downstream.catalog, PARTNER_CATALOG);

  defineRoute(app, {
    method: 'POST',
    url: '/v1/bookings',
    summary: CREATE_SUMMARY,
    description: CREATE_RULE,
    tags: TAGS,
    access: 'key:booking:write',
    headers: idempotencyHeaders,
    body: partnerCreateBody,
    status: 201,
    alsoStatuses: [200],
    response: partnerCreatedSchema,
    links: [...bookingLinks(PARTNER_BOOKINGS.prefix, 'booking/bookingId'), ...manageLinks('manageToken')],
    handler: async ({ headers, body }, request, reply) => {
      const created = await createBooking(
        downstream.booking,
        settings,
        () => tenantOf(request),
        { scope: idempotencyScope('api_key', partnerOf(request).apiKey.apiKeyId), key: headers['idempotency-key'] },
        body,
      );
      if (created.idempotentReplay) reply.code(200);
      return { ...created, booking: toBookingRecord(created.booking) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/v1/availability',
    summary: 'Free slots of a service in a window of at most 31 days',
    description: AVAILABILITY_RULE,
    tags: TAGS,
    access: 'key:booking:read',
    querystring: availabilityQuery,
    response: availabilitySchema,
    largeAnswer: true,
    handler: ({ query }, request) =>
      answeringOutagesWith(bookingUnavailable, () => availabilityOf(downstream.booking, tenantOf(request), query)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/v1/branding',
    summary: "The tenant's branding",
    tags: TAGS,
    access: 'key:branding:read',
    response: brandingRecordSchema,
    // The guard has just fetched the tenant (and found it active): no second GetTenant.
    handler: async (_input, request) => brandingOf(activeTenantOf(request)),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/v1/branding',
    summary: "Update the tenant's branding (partial; at least one field)",
    description: "Only the fields sent change; '' clears one. Colours are #rrggbb, the logo an https URL.",
    tags: TAGS,
    access: 'key:branding:write',
    body: brandingPatchBody,
    response: brandingRecordSchema,
    handler: ({ body }, request) => updateBranding(downstream.catalog, tenantOf(request), body),
  });
}
