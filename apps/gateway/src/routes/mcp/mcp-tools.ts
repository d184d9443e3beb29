import { z } from 'zod';
import { DomainError } from '@svc/errors';
import type { ApiKeyScope } from '@svc/rules';
import type { PartnerContext } from '../../auth/principal.js';
import type { Downstream } from '../../downstream/services.js';
import { availabilityOf, availabilityQuery } from '../../api/availability.js';
import { createBlockedTime, createBlockSchema } from '../../api/blocked-time-records.js';
import { cancelBodyShape } from '../../api/booking-changes.js';
import { createBookingBodyFor, idempotencyHeaders } from '../../api/booking-create-body.js';
import { createBooking } from '../../api/booking-create.js';
import { bookingOperations, listBookingsQuery } from '../../api/booking-operations.js';
import { toFullCreated } from '../../api/created-booking.js';
import { toPage } from '../../api/paging.js';
import { present } from '../../api/present.js';
import type { ManageLinks } from '../../api/public-links.js';
import { listServices, listServicesQuery } from '../../api/service-records.js';
import { listStaff, listStaffQuery } from '../../api/staff-records.js';
import { brandingOf, brandingPatchBody, updateBranding } from '../../api/tenant-records.js';
import { epochMsSchema, idempotencyScope, idSchema } from '@svc/rules';

/**
 * One MCP tool: its input schema (zod: validates the arguments and, as JSON Schema, is what
 * tools/list shows), the scopes that open it (any one of them), and what it does for the key's tenant.
 */
export interface McpTool<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  scopes: readonly ApiKeyScope[];
  input: S;
  readOnly: boolean;
  run(args: z.output<S>, ctx: ToolContext): Promise<object>;
}

export interface ToolContext {
  partner: PartnerContext;
  downstream: Downstream;
  links: ManageLinks;
}

const tool = <S extends z.ZodType>(t: McpTool<S>): McpTool => t as unknown as McpTool;

const bookingIdArg = { bookingId: idSchema.describe('The booking id (bkg_…).') };

/** `create_booking`'s arguments: the partner create's body with the idempotency key inside. */
const createBookingArgs = createBookingBodyFor('mcp')
  .omit({ source: true })
  .extend({
    idempotencyKey: idempotencyHeaders.shape['idempotency-key'].describe(
      'Any unique string per booking you mean to make (1–255 printable ASCII). Retrying with the same key and ' +
        'arguments returns the first booking instead of booking twice.',
    ),
  });

const tenantId = (ctx: ToolContext) => ctx.partner.apiKey.tenantId;
const bookings = (ctx: ToolContext) => bookingOperations(ctx.downstream.booking, 'partner');

/**
 * The tools of `/mcp/{tenantId}` (docs/decisions.md "MCP"): branding as the specification asks,
 * the booking tools scheduling MCP servers (Cal.com's, Calendly's) offer, and the catalog's
 * services, staff and blocked times. Each calls what the partner API's route calls, so records,
 * rules and the state machine (actor `partner`) are one.
 */
export const MCP_TOOLS: McpTool[] = [
  tool({
    name: 'get_branding',
    title: 'Get branding',
    description:
      "The tenant's branding: displayName, logoUrl, primaryColor and accentColor (#rrggbb), and embedOrigins (the " +
      'sites that may embed the booking page).',
    scopes: ['branding:read'],
    input: z.strictObject({}),
    readOnly: true,
    run: async (_args, ctx) => brandingOf(ctx.partner.tenant),
  }),
  tool({
    name: 'update_branding',
    title: 'Update branding',
    description:
      "Changes only the branding fields given (at least one); '' clears a field. Colours are #rrggbb, the logo an " +
      'https URL, embedOrigins a list of https origins that replaces the one before. Answers the branding after ' +
      'the change.',
    scopes: ['branding:write'],
    input: brandingPatchBody,
    readOnly: false,
    run: (args, ctx) => updateBranding(ctx.downstream.catalog, tenantId(ctx), args),
  }),
  tool({
    name: 'list_services',
    title: 'List services',
    description:
      "The tenant's services as `GET /v1/services` answers them; `status: active` lists the ones customers can book " +
      'now. Each has its slug (for availability and booking), durationMin, price, its confirmation policy (manual: a ' +
      'new booking is held until the business confirms it; automatic: confirmed at once), the customer’s cut-offs ' +
      "(cancelCutoffMin, rescheduleCutoffMin: how long before the start the customer's manage link stops cancelling " +
      'or moving a booking; 0 = until it starts), the intake questions a create_booking answers (`questions`: key, ' +
      'label, type, required, options), its payment policy (payment: none, deposit or full, paid on Stripe while the ' +
      'booking is held; depositAmount; refundAfterCutoffPercent; noShowCharge, noShowFeeAmount; amounts in minor ' +
      'units of the price currency) and the staffIds who perform it. Pass nextCursor back as cursor for the next page.',
    // As GET /v1/services: a partner that books needs the services (docs/decisions.md "Partner API").
    scopes: ['catalog:read', 'booking:read'],
    input: listServicesQuery,
    readOnly: true,
    run: async (args, ctx) => toPage(await listServices(ctx.downstream.catalog, tenantId(ctx), args)),
  }),
  tool({
    name: 'list_staff',
    title: 'List staff',
    description:
      'The people who perform services: staffId (for availability, create_booking and block_time), displayName, ' +
      'timezone and status (active | disabled). Pass nextCursor back as cursor for the next page.',
    scopes: ['catalog:read'],
    input: listStaffQuery,
    readOnly: true,
    run: async (args, ctx) => toPage(await listStaff(ctx.downstream.catalog, tenantId(ctx), args)),
  }),
  tool({
    name: 'block_time',
    title: 'Block time',
    description:
      'Makes a period unbookable (epoch milliseconds, startsAtMs before endsAtMs): for the whole business ' +
      '(ownerType tenant), a staff member or a resource (ownerType staff or resource with its ownerId). Bookings ' +
      'already made are kept. Answers the blocked time (`blockId`); `PATCH /v1/blocked-times/{blockId}` with ' +
      '`status: deleted` removes it.',
    scopes: ['catalog:write'],
    input: createBlockSchema,
    readOnly: false,
    run: async (args, ctx) =>
      present((await createBlockedTime(ctx.downstream.catalog, tenantId(ctx), args)).blockedTime, 'blockedTime'),
  }),
  tool({
    name: 'get_availability',
    title: 'Get free slots',
    description:
      'Free start times of a service between fromMs and toMs (epoch milliseconds, at most 31 days apart). ' +
      'A slot is a candidate: create_booking checks it again. `partySize` lists the times a class has room for; ' +
      '`staffId` lists one of the service’s staff members’ times (not for a collective service).',
    scopes: ['booking:read'],
    input: availabilityQuery,
    readOnly: true,
    run: (args, ctx) => availabilityOf(ctx.downstream.booking, tenantId(ctx), args),
  }),
  tool({
    name: 'create_booking',
    title: 'Book a slot',
    description:
      'Books a free slot: status held for 10 minutes until the business confirms it, or confirmed at once when the ' +
      'service’s confirmation is automatic. The customer needs a name and an email or phone; `answers` answers the ' +
      'service’s intake questions (list_services shows them) by key. Answers the booking and the customer’s manage link. ' +
      'A service with a payment policy is held while the customer pays: give them `paymentUrl` (Stripe’s checkout ' +
      'page for `booking.payment.amountDue`); the payment confirms the booking. Without the business’s Stripe ' +
      'account it is refused (PROVIDER_NOT_CONNECTED).',
    scopes: ['booking:write'],
    input: createBookingArgs,
    readOnly: false,
    run: async ({ idempotencyKey, ...body }, ctx) => {
      const idempotency = { scope: idempotencyScope('mcp', ctx.partner.apiKey.apiKeyId), key: idempotencyKey };
      const created = await createBooking(ctx.downstream.booking, ctx.links, () => tenantId(ctx), idempotency, {
        ...body,
        source: 'mcp',
      });
      return toFullCreated(created);
    },
  }),
  tool({
    name: 'get_booking',
    title: 'Get a booking',
    description: 'One booking by its id.',
    scopes: ['booking:read'],
    input: z.strictObject(bookingIdArg),
    readOnly: true,
    run: (args, ctx) => bookings(ctx).get(tenantId(ctx), args.bookingId),
  }),
  tool({
    name: 'list_bookings',
    title: 'List bookings',
    description:
      'Bookings ordered by start, filtered by status, a start window (fromMs, toMs), service, staff member or ' +
      'customer; pass nextCursor back as cursor for the next page.',
    scopes: ['booking:read'],
    input: listBookingsQuery,
    readOnly: true,
    run: (args, ctx) => bookings(ctx).list(tenantId(ctx), args),
  }),
  tool({
    name: 'cancel_booking',
    title: 'Cancel a booking',
    description:
      'Cancels a held or confirmed booking; the reason is stored with it. A paid booking is refunded by the ' +
      'service’s policy, or `refundPercent` (0 to 100) of what was paid.',
    scopes: ['booking:write'],
    input: z.strictObject({ ...bookingIdArg, ...cancelBodyShape }),
    readOnly: false,
    run: ({ bookingId, ...options }, ctx) => bookings(ctx).change(tenantId(ctx), bookingId, 'cancel', options),
  }),
  tool({
    name: 'reschedule_booking',
    title: 'Move a booking',
    description: 'Moves a held or confirmed booking that has not started to another free start (epoch milliseconds).',
    scopes: ['booking:write'],
    input: z.strictObject({ ...bookingIdArg, startsAtMs: epochMsSchema.describe('The new start.') }),
    readOnly: false,
    run: (args, ctx) => bookings(ctx).reschedule(tenantId(ctx), args.bookingId, args.startsAtMs),
  }),
];

/**
 * A zod failure on tool arguments as the VALIDATION_ERROR the HTTP routes give. Its paths are the
 * arguments' own: the tool error puts them under `arguments` as it does a service's
 * (mcp-route.ts `toolError`), so they read `arguments.primaryColor`, once.
 */
export function argumentsError(error: z.ZodError): DomainError {
  return new DomainError(
    'VALIDATION_ERROR',
    'The tool arguments are not valid.',
    error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  );
}
