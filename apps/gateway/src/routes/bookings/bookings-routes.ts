import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import type { BookingClient, IntegrationClient } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import {
  BOOKING_STATUSES,
  bookingReasonSchema,
  bookingStatusSchema,
  epochMsQuerySchema,
  epochMsSchema,
  idSchema,
  MAX_REFUND_PERCENT,
  webhookEventTypeSchema,
} from '@svc/rules';
import type { KeyAccess } from '../../auth/principal.js';
import { linksTo, type RouteLink } from '../../http/openapi-links.js';
import { defineRoute } from '../../http/route.js';
import { tenantOf } from '../catalog/admin-resource.js';
import { pageRequest, toPage } from '../catalog/paging.js';
import { ascending, pageOf, pageQueryShapeFor } from '../catalog/schemas.js';
import {
  bookingDetailSchema,
  bookingRecordSchema,
  recordOf,
  toBookingRecord,
  toCalendarSync,
} from './booking-record.js';

/**
 * Who reads and changes bookings through these routes: the dashboard (a session; actor `staff`
 * in the booking service's state machine) or the partner API (an API key with booking:read or
 * booking:write; actor `partner`). Same RPCs, same record, same rules.
 */
export interface BookingSurface {
  /** `/api` or `/v1`. */
  prefix: string;
  read: 'dashboard:read' | KeyAccess;
  write: 'dashboard:write' | KeyAccess;
  actor: 'staff' | 'partner';
  tags: string[];
}

export const DASHBOARD_BOOKINGS: BookingSurface = {
  prefix: '/api',
  read: 'dashboard:read',
  write: 'dashboard:write',
  actor: 'staff',
  tags: ['bookings'],
};

export const PARTNER_BOOKINGS: BookingSurface = {
  prefix: '/v1',
  read: 'key:booking:read',
  write: 'key:booking:write',
  actor: 'partner',
  tags: ['partner API'],
};

export const listBookingsQuery = z
  .strictObject({
    ...pageQueryShapeFor('bookings'),
    status: bookingStatusSchema.optional().describe('Only bookings in this status.'),
    fromMs: epochMsQuerySchema.optional().describe('Only bookings starting at or after this instant.'),
    toMs: epochMsQuerySchema.optional().describe('Only bookings starting before this instant.'),
    serviceId: idSchema.optional().describe('Only bookings of this service.'),
    staffId: idSchema.optional().describe('Only bookings assigned to this staff member.'),
    customerId: idSchema.optional().describe('Only bookings of this customer.'),
  })
  .superRefine(ascending('fromMs', 'toMs', 'toMs must be greater than fromMs.', { at: 'toMs' }));

export const bookingParams = z.strictObject({ bookingId: idSchema });
/** One change of a booking as its event recorded it (the history route and the customer export). */
export const bookingHistoryItemSchema = z.object({
  eventId: z.string(),
  type: webhookEventTypeSchema,
  occurredAtMs: z.number().int(),
  actor: z.string().nullable().describe('customer | staff | partner | system; null for the create.'),
  status: z.enum(BOOKING_STATUSES).describe('The status the change left.'),
  startsAtMs: z.number().int(),
  endsAtMs: z.number().int(),
});
type BookingHistoryItem = z.input<typeof bookingHistoryItemSchema>;

const bookingHistorySchema = z.object({ items: z.array(bookingHistoryItemSchema) });

/** The booking service writes only the specification's event types and statuses. */
export const toBookingHistoryItem = (e: bookingV1.BookingHistoryEntry): BookingHistoryItem => ({
  eventId: e.eventId,
  type: e.type as BookingHistoryItem['type'],
  occurredAtMs: e.occurredAtMs,
  actor: e.actor || null,
  status: e.status as BookingHistoryItem['status'],
  startsAtMs: e.startsAtMs,
  endsAtMs: e.endsAtMs,
});

/** `{ startsAtMs }`: the new start of a held or confirmed booking (dashboard and manage link). */
export const rescheduleBody = z.strictObject({ startsAtMs: epochMsSchema.describe('The new start.') });

/**
 * Optional bodies (docs/decisions.md "Booking"): no body, `{}` or, for cancel and no-show,
 * `{ reason }`; a confirm may say a paid booking was paid another way, a cancel how much of a
 * payment goes back (docs/decisions.md "Payments").
 */
const noBody = z.strictObject({}).optional().describe('No body, or `{}`.');
const reasonBody = z
  .strictObject({ reason: bookingReasonSchema.optional() })
  .optional()
  .describe('No body, `{}`, or `{ reason }`.');
const confirmBody = z
  .strictObject({
    paidOutside: z
      .boolean()
      .optional()
      .describe(
        'true: a booking still awaiting its payment was paid another way (cash, a transfer); recorded on the booking ' +
          'as an `outside` payment of its `amountDue`. Without it such a confirm is PAYMENT_REQUIRED 402.',
      ),
  })
  .optional()
  .describe('No body, `{}`, or `{ paidOutside }`.');
/** The cancel's members: the MCP tool `cancel_booking` takes them too. */
export const cancelBodyShape = {
  reason: bookingReasonSchema.optional(),
  refundPercent: z
    .number()
    .int()
    .min(0)
    .max(MAX_REFUND_PERCENT)
    .optional()
    .describe(
      "A paid booking: the share of what was paid to refund (0 to 100), instead of the service's policy " +
        '(all of it before `cancelCutoffMin`, `refundAfterCutoffPercent` after), rounded down to the smallest unit.',
    ),
};
const cancelBody = z
  .strictObject(cancelBodyShape)
  .optional()
  .describe('No body, `{}`, or `{ reason, refundPercent }`.');

/** What a status change may carry besides its action. */
export interface ChangeOptions {
  reason?: string | undefined;
  paidOutside?: boolean | undefined;
  refundPercent?: number | undefined;
}

/** The status changes, each `POST /api/bookings/{bookingId}/<path>` (ChangeBookingStatus). */
export const STATUS_CHANGES = [
  {
    path: 'confirm',
    action: 'confirm',
    summary: 'Confirm a held booking',
    rule:
      'held → confirmed. A booking awaiting its payment (`payment.state: awaiting`) confirms itself once paid; ' +
      'confirming it before is PAYMENT_REQUIRED 402 unless `paidOutside: true` says it was paid another way ' +
      '(recorded as an `outside` payment; its Stripe checkout is then expired).',
    body: confirmBody,
  },
  {
    path: 'cancel',
    action: 'cancel',
    summary: 'Cancel a held or confirmed booking',
    rule:
      'held or confirmed → cancelled; `reason` is stored as `cancelReason`. A paid booking is refunded by the ' +
      "service's policy, or by `refundPercent`; the refund is made with Stripe after the change and shows in " +
      '`payment.records` (an unpaid one has its checkout expired). `refundPercent` on a booking without a ' +
      'payment changes nothing.',
    body: cancelBody,
  },
  {
    path: 'complete',
    action: 'complete',
    summary: 'Mark a confirmed booking completed',
    rule: 'confirmed → completed.',
    body: noBody,
  },
  {
    path: 'no-show',
    action: 'no_show',
    summary: 'Mark a confirmed booking as a no-show',
    rule:
      'confirmed → no_show; `reason` is stored as `noShowReason`. A paid booking whose service has a ' +
      '`noShowCharge` is charged it on the card saved at checkout, after the change (`payment.records`).',
    body: reasonBody,
  },
] as const;

const TRANSITION_RULE =
  'Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.';

/**
 * Links from an answer that carries a booking id (at `from` in its data) to the booking
 * operations of a surface (`/api` or `/v1`): the detail, every status change, reschedule and, on
 * the dashboard, the calendar write-back. `except`: the route the answer comes from.
 */
export function bookingLinks(prefix: string, from: string, except?: string): RouteLink[] {
  const item = `${prefix}/bookings/:bookingId`;
  const targets = [
    `GET ${item}`,
    `GET ${item}/events`,
    ...STATUS_CHANGES.map((change) => `POST ${item}/${change.path}`),
    `POST ${item}/reschedule`,
    ...(prefix === DASHBOARD_BOOKINGS.prefix ? [`POST ${item}/calendar-sync`] : []),
  ];
  return linksTo(targets, 'bookingId', from, except);
}

export type ListBookingsQuery = z.output<typeof listBookingsQuery>;
export type BookingAction = (typeof STATUS_CHANGES)[number]['action'];

/**
 * The deadline of a booking write under the booking lock (create, reschedule): the lock wait and
 * a fresh read of the staff members' calendars must fit in it, so a busy platform answers late
 * rather than 503 (found by scripts/fuzz-api.sh: reschedules timed out at the 5 s default on a
 * loaded machine while creates, doing the same work, took up to 8 s). Other RPCs keep the default.
 */
export const LOCKED_WRITE_DEADLINE_MS = 15_000;

/**
 * The booking RPCs behind the dashboard's, the partner API's and the MCP server's booking
 * operations, with the one record mapping. A booking path: an outage is BOOKING_POLICY_BLOCKED 503.
 */
export function bookingOperations(booking: BookingClient, actor: 'staff' | 'partner') {
  return {
    list: (tenantId: string, query: ListBookingsQuery) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const { limit, cursor, status, fromMs, toMs, serviceId, staffId, customerId } = query;
        const res = await booking.listBookings({
          tenantId,
          page: pageRequest({ limit, cursor }),
          status: status ?? '',
          fromMs,
          toMs,
          serviceId: serviceId ?? '',
          staffId: staffId ?? '',
          customerId: customerId ?? '',
        });
        return toPage({ items: res.items.map(toBookingRecord), page: res.page });
      }),
    get: (tenantId: string, bookingId: string) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(await booking.getBooking({ tenantId, bookingId, actor: '' })),
      ),
    history: (tenantId: string, bookingId: string) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const { events } = await booking.listBookingEvents({ tenantId, bookingId });
        return { items: events.map(toBookingHistoryItem) };
      }),
    change: (tenantId: string, bookingId: string, action: BookingAction, options: ChangeOptions = {}) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(
          await booking.changeBookingStatus({
            tenantId,
            bookingId,
            action,
            reason: options.reason ?? '',
            actor,
            ...(options.paidOutside !== undefined ? { paidOutside: options.paidOutside } : {}),
            ...(options.refundPercent !== undefined ? { refundPercent: options.refundPercent } : {}),
          }),
        ),
      ),
    reschedule: (tenantId: string, bookingId: string, startsAtMs: number) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(
          await booking.rescheduleBooking(
            { tenantId, bookingId, startsAtMs, actor },
            { deadlineMs: LOCKED_WRITE_DEADLINE_MS },
          ),
        ),
      ),
  };
}

/**
 * `/api/bookings` (the dashboard, docs/api-conventions.md "Bookings") or `/v1/bookings` (the
 * partner API, "Partner API"): list, detail, the status changes and reschedule. Every change goes
 * through the booking service's state machine with the surface's actor.
 */
export function registerBookingRoutes(
  app: FastifyInstance,
  clients: { booking: BookingClient; integrations: IntegrationClient | null },
  surface: BookingSurface = DASHBOARD_BOOKINGS,
): void {
  const { booking, integrations } = clients;
  const ops = bookingOperations(booking, surface.actor);
  const { tags } = surface;
  const collection = `${surface.prefix}/bookings`;
  const item = `${collection}/:bookingId`;

  defineRoute(app, {
    method: 'GET',
    url: collection,
    summary: 'List bookings',
    description: 'Ordered by `startsAtMs`, then `bookingId`. `fromMs` < `toMs` when both are given.',
    tags,
    access: surface.read,
    querystring: listBookingsQuery,
    response: pageOf(bookingRecordSchema),
    links: linksTo([`GET ${item}`], 'bookingId', 'items/0/bookingId'),
    handler: ({ query }, request) => ops.list(tenantOf(request), query),
  });

  defineRoute(app, {
    method: 'GET',
    url: item,
    summary: 'Get a booking',
    tags,
    access: surface.read,
    params: bookingParams,
    response: bookingDetailSchema,
    links: bookingLinks(surface.prefix, 'bookingId', `GET ${item}`),
    handler: async ({ params }, request) => {
      const tenantId = tenantOf(request);
      const record = await ops.get(tenantId, params.bookingId);
      // The write-back to the staff member's calendar, once there is one (apps/integrations).
      const sync = integrations ? await integrations.getCalendarSync({ tenantId, bookingId: params.bookingId }) : {};
      return { ...record, calendarSync: toCalendarSync(sync.calendarSync) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${item}/events`,
    summary: "A booking's history: the events its changes wrote, oldest first",
    description: 'At most 200 entries. Each is an event the webhooks deliver too, as it left the booking.',
    tags,
    access: surface.read,
    params: bookingParams,
    response: bookingHistorySchema,
    handler: ({ params }, request) => ops.history(tenantOf(request), params.bookingId),
  });

  for (const change of STATUS_CHANGES) {
    defineRoute(app, {
      method: 'POST',
      url: `${item}/${change.path}`,
      summary: change.summary,
      description: `${change.rule} ${TRANSITION_RULE}`,
      tags,
      access: surface.write,
      params: bookingParams,
      body: change.body,
      response: bookingRecordSchema,
      // After a change, the next one (a confirmed booking can then be completed).
      links: bookingLinks(surface.prefix, 'bookingId', `POST ${item}/${change.path}`),
      // Each body's members are the change's options (the schemas above keep each to its change).
      handler: ({ params, body }, request) =>
        ops.change(tenantOf(request), params.bookingId, change.action, (body ?? {}) as ChangeOptions),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: `${item}/reschedule`,
    summary: 'Move a held or confirmed booking to another start',
    description:
      'Held or confirmed, before it starts → the same status at `startsAtMs` (a held booking keeps its ' +
      '`holdExpiresAtMs`: a hold ends 10 minutes after creation). The new slot must be free, the booking itself aside (else BOOKING_SLOT_UNAVAILABLE 409). ' +
      TRANSITION_RULE,
    tags,
    access: surface.write,
    params: bookingParams,
    body: rescheduleBody,
    response: bookingRecordSchema,
    links: bookingLinks(surface.prefix, 'bookingId', `POST ${item}/reschedule`),
    handler: ({ params, body }, request) => ops.reschedule(tenantOf(request), params.bookingId, body.startsAtMs),
  });
}
