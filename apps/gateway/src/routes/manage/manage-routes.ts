import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cutoffAtMs } from '@svc/rules';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import { hasAction, manageUrl, MANAGE_TOKEN_PREFIX } from '@svc/crypto';
import { bookingCalendar, calendarFileName } from '@svc/ics';
import type { Downstream } from '../../downstream/services.js';
import type { bookingV1, catalogV1 } from '@svc/proto';
import { CUSTOMER_ACTOR, FORBIDDEN_ACTION, manageOf, type ManageContext } from '../../auth/manage-guard.js';
import type { GatewaySettings } from '../../config.js';
import { attachment } from '../../http/attachment.js';
import { routeGroup } from '../../http/route-group.js';
import { perIp } from '../../limits/rate-limits.js';
import { rescheduleBody } from '../../api/booking-changes.js';
import { MANAGE_PATH, manageLinks } from '../../api/booking-links.js';
import { LOCKED_WRITE_DEADLINE_MS } from '../../api/booking-operations.js';
import { bookingRecordSchema, toBookingRecord } from '../../api/booking-record.js';
import { bookingExportSchema } from '../../api/privacy-exports.js';
import { present } from '../../api/present.js';
import { brandingOf } from '../../api/tenant-records.js';
import { renderManagePage, type PageAssets } from '@svc/pages';
import { sendPage } from '../../http/page-headers.js';
import { meetingUrlOf } from './meeting-link.js';

const TAGS = ['customer manage'];

/** From one manage operation to the others, with the token of its own path. */
const nextManageLinks = (self: string) => manageLinks('$request.path.token', self);
/** Per client IP, checked before the token (docs/decisions.md "Rate and abuse limits"). */
const MANAGE_LIMITS = [perIp('manage')];

const tokenParams = z.strictObject({
  token: z
    .string()
    .regex(new RegExp(`^${MANAGE_TOKEN_PREFIX}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`))
    .describe(
      'The manage token of the booking (`manageToken` of the create response, the last segment of `manageUrl`). ' +
        'A token that is malformed, forged, expired or names no booking of its customer is NOT_FOUND; one ' +
        'whose action set lacks what the route does is FORBIDDEN.',
    ),
});

const REFUSAL_REASONS = ['token', 'status', 'hold_expired', 'started', 'cutoff'] as const;
const refusalSchema = z
  .object({
    reason: z
      .enum(REFUSAL_REASONS)
      .describe(
        '`token`: the link does not grant it; `status`: the booking is cancelled, completed or a no-show; ' +
          "`hold_expired`: its hold ran out; `started`; `cutoff`: within the service's cut-off before the start.",
      ),
    message: z.string().describe('The refusal as a person reads it.'),
  })
  .nullable();
type Refusal = z.input<typeof refusalSchema>;

/** Why the customer cannot take `action` through this link now; null when they can. */
function refusalOf(
  ctx: Pick<ManageContext, 'claims'>,
  action: 'cancel' | 'reschedule',
  decisions: Pick<bookingV1.GetBookingResponse, 'allowedActions' | 'refusedActions'>,
): Refusal {
  if (!hasAction(ctx.claims, action)) return { reason: 'token', message: FORBIDDEN_ACTION[action] };
  if (decisions.allowedActions.includes(action)) return null;
  const refused = decisions.refusedActions.find((r) => r.action === action);
  const reason = REFUSAL_REASONS.find((r) => r === refused?.reason);
  // The booking service names every refusal of these two for the customer; `status` covers
  // anything it could add later.
  return { reason: reason ?? 'status', message: refused?.message ?? 'This booking can no longer be changed online.' };
}

const manageViewSchema = z.object({
  booking: bookingRecordSchema,
  service: z.object({
    serviceId: z.string(),
    slug: z.string(),
    name: z.string(),
    maxAdvanceDays: z
      .number()
      .int()
      .describe('How many days ahead a start can be booked: how far a reschedule can move it.'),
  }),
  tenant: z.object({ slug: z.string(), name: z.string(), timezone: z.string() }),
  meetingUrl: z
    .string()
    .nullable()
    .describe(
      "The video meeting's join link while the booking is confirmed and the meeting exists (made by the " +
        "staff member's connected provider after the confirmation, so it may come a moment later); null otherwise.",
    ),
  actions: z
    .object({
      canCancel: z.boolean(),
      canReschedule: z.boolean(),
      cancelUntilMs: z
        .number()
        .int()
        .nullable()
        .describe(
          "Until when (exclusive) this link can cancel: the start less the service's cancel cut-off; null when it cannot now.",
        ),
      rescheduleUntilMs: z
        .number()
        .int()
        .nullable()
        .describe('Until when (exclusive) this link can reschedule, the same way; null when it cannot now.'),
      cancelRefusal: refusalSchema.describe('Why this link cannot cancel now; null when it can.'),
      rescheduleRefusal: refusalSchema.describe('Why this link cannot reschedule now; null when it can.'),
      cancelRefundAmount: z
        .number()
        .int()
        .nullable()
        .describe(
          'A paid booking this link can cancel now: what that cancel would refund, in minor units of ' +
            "`booking.payment.currency` (all of what was paid before the service's cancel cut-off, " +
            '`refundAfterCutoffPercent` of it after; 0 when nothing was paid); null otherwise.',
        ),
    })
    .describe(
      'What the customer may do now: the token grants it and the booking allows it (held or confirmed, before ' +
        'its cut-off and its start; docs/decisions.md "Service policies"), and, when not, why.',
    ),
});
type ManageView = z.input<typeof manageViewSchema>;

const CHECKS =
  'No cookie or CSRF header is read. Every answer, errors included, carries `Cache-Control: private, no-store`.';

/**
 * /booking/manage/{token}: a customer's own booking, through the signed link they got when
 * booking (docs/api-conventions.md "Customer manage"). The guard (auth/manage-guard.ts) has
 * checked the token, the tenant and the action before a handler runs; the booking service's state
 * machine decides the change itself (actor `customer`). A booking path: an outage is
 * BOOKING_POLICY_BLOCKED 503.
 */
export function registerManageRoutes(
  app: FastifyInstance,
  downstream: Downstream,
  settings: Pick<GatewaySettings, 'baseUrl'>,
  assets: PageAssets,
): void {
  const { booking: bookings, catalog, integrations } = downstream;
  const host = new URL(settings.baseUrl).hostname;
  const route = routeGroup(app, { tags: TAGS, access: 'manage:read', limits: MANAGE_LIMITS });

  const serviceOf = async (booking: bookingV1.Booking): Promise<catalogV1.Service> => {
    const res = await catalog.getService({ tenantId: booking.tenantId, serviceId: booking.serviceId, slug: '' });
    return present(res.service, 'service');
  };

  const view = (
    ctx: ManageContext,
    booking: bookingV1.Booking,
    decisions: Pick<bookingV1.GetBookingResponse, 'allowedActions' | 'refusedActions' | 'cancelRefundAmount'>,
    service: catalogV1.Service,
    meetingUrl: string | null,
  ): ManageView => {
    const cancelRefusal = refusalOf(ctx, 'cancel', decisions);
    const rescheduleRefusal = refusalOf(ctx, 'reschedule', decisions);
    return {
      booking: toBookingRecord(booking),
      service: {
        serviceId: service.serviceId,
        slug: service.slug,
        name: service.name,
        maxAdvanceDays: service.maxAdvanceDays,
      },
      tenant: { slug: ctx.tenant.slug, name: ctx.tenant.name, timezone: ctx.tenant.timezone },
      meetingUrl,
      actions: {
        canCancel: cancelRefusal === null,
        canReschedule: rescheduleRefusal === null,
        // The cut-offs the booking keeps from its create or last move (docs/decisions.md "Service policies").
        cancelUntilMs: cancelRefusal === null ? cutoffAtMs(booking.startsAtMs, booking.cancelCutoffMin) : null,
        rescheduleUntilMs:
          rescheduleRefusal === null ? cutoffAtMs(booking.startsAtMs, booking.rescheduleCutoffMin) : null,
        cancelRefusal,
        rescheduleRefusal,
        // The booking service says it for a paid booking the customer may cancel (actor customer).
        cancelRefundAmount: cancelRefusal === null ? (decisions.cancelRefundAmount ?? null) : null,
      },
    };
  };

  /** The booking's service and its video meeting's join link, read together. */
  const serviceAndMeeting = (booking: bookingV1.Booking, log: FastifyBaseLogger) =>
    Promise.all([serviceOf(booking), meetingUrlOf(integrations, booking, log)]);

  /** The view after a change: the booking and what the customer may do with it now. */
  const viewAfterChange = async (ctx: ManageContext, log: FastifyBaseLogger): Promise<ManageView> => {
    const [current, service] = await Promise.all([
      bookings.getBooking({ tenantId: ctx.claims.tenantId, bookingId: ctx.claims.bookingId, actor: CUSTOMER_ACTOR }),
      serviceOf(ctx.booking),
    ]);
    const booking = present(current.booking, 'booking');
    return view(ctx, booking, current, service, await meetingUrlOf(integrations, booking, log));
  };

  route({
    method: 'GET',
    url: MANAGE_PATH,
    summary: 'View a booking through its manage link',
    description: `The token needs \`read\`. ${CHECKS}`,
    params: tokenParams,
    response: manageViewSchema,
    links: nextManageLinks(`GET ${MANAGE_PATH}`),
    // The manage page for a browser (docs/decisions.md "Booking pages").
    html: (data, request, reply) => {
      const ctx = manageOf(request);
      const { done } = request.query as { done?: unknown };
      return sendPage(
        reply,
        (nonce) =>
          renderManagePage(
            {
              token: ctx.token,
              view: data,
              tenant: {
                name: ctx.tenant.name,
                locale: ctx.tenant.locale,
                branding: brandingOf(ctx.tenant),
              },
              ...(typeof done === 'string' ? { done } : {}),
              nowMs: Date.now(),
            },
            assets,
            nonce,
          ),
        // Framed only where the booking page may be (docs/decisions.md "Embedding").
        ctx.tenant.branding?.embedOrigins ?? [],
      );
    },
    handler: (_input, request) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const ctx = manageOf(request);
        const [service, meetingUrl] = await serviceAndMeeting(ctx.booking, request.log);
        return view(ctx, ctx.booking, ctx, service, meetingUrl);
      }),
  });

  route({
    method: 'POST',
    url: `${MANAGE_PATH}/cancel`,
    summary: 'Cancel a booking through its manage link',
    description:
      'The token needs `cancel`. Held or confirmed, until the service\'s cancel cut-off before the start (`actions.cancelUntilMs`) → cancelled (`cancelReason: "customer"`); ' +
      "otherwise BOOKING_POLICY_BLOCKED 409. A paid booking is refunded by the service's policy, what " +
      '`actions.cancelRefundAmount` said (made with Stripe after the change; `booking.payment.records` shows it). ' +
      `No body. Answers the view after the change. ${CHECKS}`,
    access: 'manage:cancel',
    params: tokenParams,
    response: manageViewSchema,
    links: nextManageLinks(`POST ${MANAGE_PATH}/cancel`),
    handler: (_input, request) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const ctx = manageOf(request);
        await bookings.changeBookingStatus({
          tenantId: ctx.claims.tenantId,
          bookingId: ctx.claims.bookingId,
          action: 'cancel',
          reason: '',
          actor: CUSTOMER_ACTOR,
        });
        return viewAfterChange(ctx, request.log);
      }),
  });

  route({
    method: 'POST',
    url: `${MANAGE_PATH}/reschedule`,
    summary: 'Move a booking to another start through its manage link',
    description:
      "The token needs `reschedule`. Held or confirmed, until the service's reschedule cut-off before the start (`actions.rescheduleUntilMs`) → the same status at `startsAtMs` " +
      '(a held booking keeps its hold expiry); the new slot must be free, the booking itself aside ' +
      '(else BOOKING_SLOT_UNAVAILABLE 409); otherwise BOOKING_POLICY_BLOCKED 409. Answers the view after the ' +
      `change. ${CHECKS}`,
    access: 'manage:reschedule',
    params: tokenParams,
    body: rescheduleBody,
    response: manageViewSchema,
    links: nextManageLinks(`POST ${MANAGE_PATH}/reschedule`),
    handler: ({ body }, request) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const ctx = manageOf(request);
        await bookings.rescheduleBooking(
          {
            tenantId: ctx.claims.tenantId,
            bookingId: ctx.claims.bookingId,
            startsAtMs: body.startsAtMs,
            actor: CUSTOMER_ACTOR,
          },
          { deadlineMs: LOCKED_WRITE_DEADLINE_MS },
        );
        return viewAfterChange(ctx, request.log);
      }),
  });

  route({
    method: 'GET',
    url: `${MANAGE_PATH}/ics`,
    summary: 'The booking as an iCalendar file',
    description:
      'The token needs `read`. One VEVENT with a stable UID, SEQUENCE growing with every change, times in UTC, ' +
      'and STATUS TENTATIVE (held), CONFIRMED or CANCELLED. A confirmed booking whose video meeting exists has ' +
      `its join link as LOCATION and URL. ${CHECKS}`,
    params: tokenParams,
    produces: 'text/calendar',
    response: z.string().describe('An iCalendar (RFC 5545) file, METHOD:PUBLISH.'),
    handler: (_input, request, reply) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const ctx = manageOf(request);
        const [service, meetingUrl] = await serviceAndMeeting(ctx.booking, request.log);
        attachment(reply, calendarFileName(ctx.booking.bookingId));
        return bookingCalendar({
          booking: ctx.booking,
          serviceName: service.name,
          tenantName: ctx.tenant.name,
          manageUrl: manageUrl(settings.baseUrl, ctx.token),
          host,
          meetingUrl,
        });
      }),
  });

  route({
    method: 'GET',
    url: `${MANAGE_PATH}/export`,
    summary: 'What the business holds about this booking, as one JSON document',
    description:
      'The token needs `read`. The booking with its answers, notes and history, and the messages sent to the ' +
      'customer about it (when and how, without their text). Only this booking: the manage link goes to whoever ' +
      'made the booking, whatever address they typed, so it opens nothing of the customer’s other bookings or ' +
      'of their record; the whole customer export is the business’s to give (docs/decisions.md "Privacy"). ' +
      `An export only, never an erase. ${CHECKS}`,
    params: tokenParams,
    produces: 'application/json',
    response: bookingExportSchema,
    handler: async (_input, request, reply) => {
      const { booking } = manageOf(request);
      attachment(reply, `booking-${booking.bookingId}.json`, 'private, no-store');
      // The identity service writes it (docs/decisions.md "Customer export").
      return (await downstream.customerExports.exportBooking({ booking })).json as never;
    },
  });
}
