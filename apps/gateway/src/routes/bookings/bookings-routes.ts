import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BookingClient, IntegrationClient } from '@svc/grpc';
import { idSchema } from '@svc/rules';
import { linksTo } from '../../http/openapi-links.js';
import { defineRoute } from '../../http/route.js';
import { bookingLinks } from '../../api/booking-links.js';
import { STATUS_CHANGES, rescheduleBody, type ChangeOptions } from '../../api/booking-changes.js';
import { bookingHistorySchema } from '../../api/booking-history.js';
import { bookingOperations, listBookingsQuery } from '../../api/booking-operations.js';
import { bookingDetailSchema, bookingRecordSchema, toCalendarSync } from '../../api/booking-record.js';
import { pageOf } from '../../api/paging.js';
import { tenantOf } from '../../api/request-tenant.js';
import { DASHBOARD_BOOKINGS, type BookingSurface } from '../../api/surfaces.js';

const bookingParams = z.strictObject({ bookingId: idSchema });
const TRANSITION_RULE =
  'Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.';

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
