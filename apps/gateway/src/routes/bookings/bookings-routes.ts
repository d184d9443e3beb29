import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import type { BookingClient } from '@svc/grpc';
import { bookingReasonSchema, bookingStatusSchema, epochMsQuerySchema, epochMsSchema } from '@svc/rules';
import { defineRoute } from '../../http/route.js';
import { tenantOf } from '../catalog/admin-resource.js';
import { pageRequest, toPage } from '../catalog/paging.js';
import { ascending, idSchema, pageOf, pageQueryShapeFor } from '../catalog/schemas.js';
import { bookingRecordSchema, recordOf, toBookingRecord } from './booking-record.js';

/** The actor of every dashboard change in the booking service's state machine. */
const STAFF_ACTOR = 'staff';
const TAGS = ['bookings'];

const listBookingsQuery = z
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

const bookingParams = z.strictObject({ bookingId: idSchema });

/** `{ startsAtMs }`: the new start of a held or confirmed booking (dashboard and manage link). */
export const rescheduleBody = z.strictObject({ startsAtMs: epochMsSchema.describe('The new start.') });

/** Optional bodies (docs/decisions.md "Booking"): no body, `{}` or, for cancel and no-show, `{ reason }`. */
const noBody = z.strictObject({}).optional().describe('No body, or `{}`.');
const reasonBody = z
  .strictObject({ reason: bookingReasonSchema.optional() })
  .optional()
  .describe('No body, `{}`, or `{ reason }`.');

/** The status changes, each `POST /api/bookings/{bookingId}/<path>` (ChangeBookingStatus). */
const STATUS_CHANGES = [
  {
    path: 'confirm',
    action: 'confirm',
    summary: 'Confirm a held booking',
    rule: 'held → confirmed.',
    body: noBody,
  },
  {
    path: 'cancel',
    action: 'cancel',
    summary: 'Cancel a held or confirmed booking',
    rule: 'held or confirmed → cancelled; `reason` is stored as `cancelReason`.',
    body: reasonBody,
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
    rule: 'confirmed → no_show; `reason` is stored as `noShowReason`.',
    body: reasonBody,
  },
] as const;

const TRANSITION_RULE =
  'Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.';

/**
 * /api/bookings: the dashboard's bookings (docs/api-conventions.md "Bookings"). Every change goes
 * through the booking service's state machine with actor `staff`; a booking path, so an outage is
 * BOOKING_POLICY_BLOCKED 503.
 */
export function registerBookingRoutes(app: FastifyInstance, booking: BookingClient): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings',
    summary: 'List bookings',
    description: 'Ordered by `startsAtMs`, then `bookingId`. `fromMs` < `toMs` when both are given.',
    tags: TAGS,
    access: 'dashboard:read',
    querystring: listBookingsQuery,
    response: pageOf(bookingRecordSchema),
    handler: ({ query }, request) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const { limit, cursor, status, fromMs, toMs, serviceId, staffId, customerId } = query;
        const res = await booking.listBookings({
          tenantId: tenantOf(request),
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
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/:bookingId',
    summary: 'Get a booking',
    tags: TAGS,
    access: 'dashboard:read',
    params: bookingParams,
    response: bookingRecordSchema,
    handler: ({ params }, request) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(await booking.getBooking({ tenantId: tenantOf(request), bookingId: params.bookingId, actor: '' })),
      ),
  });

  for (const change of STATUS_CHANGES) {
    defineRoute(app, {
      method: 'POST',
      url: `/api/bookings/:bookingId/${change.path}`,
      summary: change.summary,
      description: `${change.rule} ${TRANSITION_RULE}`,
      tags: TAGS,
      access: 'dashboard:write',
      params: bookingParams,
      body: change.body,
      response: bookingRecordSchema,
      handler: ({ params, body }, request) =>
        answeringOutagesWith(bookingUnavailable, async () =>
          recordOf(
            await booking.changeBookingStatus({
              tenantId: tenantOf(request),
              bookingId: params.bookingId,
              action: change.action,
              reason: (body && 'reason' in body ? body.reason : undefined) ?? '',
              actor: STAFF_ACTOR,
            }),
          ),
        ),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings/:bookingId/reschedule',
    summary: 'Move a held or confirmed booking to another start',
    description:
      'Held or confirmed, before it starts → the same status at `startsAtMs` (a held booking gets a fresh ' +
      '10-minute hold). The new slot must be free, the booking itself aside (else BOOKING_SLOT_UNAVAILABLE 409). ' +
      TRANSITION_RULE,
    tags: TAGS,
    access: 'dashboard:write',
    params: bookingParams,
    body: rescheduleBody,
    response: bookingRecordSchema,
    handler: ({ params, body }, request) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(
          await booking.rescheduleBooking({
            tenantId: tenantOf(request),
            bookingId: params.bookingId,
            startsAtMs: body.startsAtMs,
            actor: STAFF_ACTOR,
          }),
        ),
      ),
  });
}
