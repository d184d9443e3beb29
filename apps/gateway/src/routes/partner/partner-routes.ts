import type { FastifyInstance } from 'fastify';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { idempotencyScope } from '@svc/rules';
import { activeTenantOf, partnerOf } from '../../auth/principal.js';
import type { GatewaySettings } from '../../config.js';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { AVAILABILITY_RULE, availabilityOf, availabilityQuery, availabilitySchema } from '../../api/availability.js';
import { createBookingBodyFor, idempotencyHeaders } from '../../api/booking-create-body.js';
import { createBooking, CREATE_RULE, CREATE_SUMMARY } from '../../api/booking-create.js';
import { bookingLinks, manageLinks } from '../../api/booking-links.js';
import { partnerCreatedSchema, toFullCreated } from '../../api/created-booking.js';
import { tenantOf } from '../../api/request-tenant.js';
import { PARTNER_BOOKINGS } from '../../api/surfaces.js';
import { brandingOf, brandingPatchBody, brandingRecordSchema, updateBranding } from '../../api/tenant-records.js';

const TAGS = PARTNER_BOOKINGS.tags;

/** `POST /v1/bookings`: the public create's body with `source: partner_api` (docs/decisions.md "Booking"). */
const partnerCreateBody = createBookingBodyFor('partner_api');

/**
 * What the partner API under /v1 (docs/api-conventions.md "Partner API") has of its own: the
 * booking create of the public page with `source: partner_api`, availability, and the tenant's
 * branding. Its booking, customer, webhook and catalog routes are the dashboard's registered on
 * the partner surfaces (api/surfaces.ts; app.ts). Each operation needs its scope.
 */
export function registerPartnerRoutes(app: FastifyInstance, downstream: Downstream, settings: GatewaySettings): void {
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
      return toFullCreated(created);
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
