import { Readable } from 'node:stream';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import type { webhooksV1 } from '@svc/proto';
import type { Downstream } from '../downstream/services.js';
import { bookingHistoryItemSchema, toBookingHistoryItem } from '../api/booking-history.js';
import { bookingRecordSchema, calendarSyncSchema, toBookingRecord, toCalendarSync } from '../api/booking-record.js';
import { customerRecordSchema } from '../api/customer-records.js';
import { deliveryDetailSchema, toDeliveryDetail } from '../api/delivery-records.js';
import { notificationSchema, toNotificationRecord } from '../api/notification-records.js';
import { present } from '../api/present.js';

/**
 * A customer's export (docs/decisions.md "Privacy"): one JSON document with everything the
 * platform holds about the customer in the tenant, written page by page as the services answer,
 * so a customer with ten thousand bookings is never in memory at once.
 */

const removedAt = z
  .number()
  .int()
  .nullable()
  .describe('When retention or an erase removed the body; null while it is held.');

const calendarEventSchema = z
  .object({
    bookingId: z.string(),
    staffId: z.string(),
    calendarSync: calendarSyncSchema,
    calendarId: z.string().nullable(),
    summary: z.string().describe("The event's title as last written; '' once removed."),
    description: z.string().describe("The event's description as last written; '' once removed."),
    updatedAtMs: z.number().int(),
  })
  .describe('The event written for a booking in the staff member’s connected calendar.');

export const customerExportSchema = z
  .object({
    exportedAtMs: z.number().int(),
    tenantId: z.string(),
    customer: customerRecordSchema,
    bookings: z
      .array(bookingRecordSchema.extend({ history: z.array(bookingHistoryItemSchema) }))
      .describe('Every booking of the customer, oldest first, each with its history.'),
    notifications: z
      .array(notificationSchema.extend({ bodyText: z.string(), bodyRemovedAtMs: removedAt }))
      .describe('Every message sent about the customer’s bookings (to them, the business or staff), oldest first.'),
    webhookDeliveries: z
      .array(deliveryDetailSchema.extend({ body: z.string(), bodyRemovedAtMs: removedAt }))
      .describe('Every webhook delivery of the events of their bookings, with its signed body while held.'),
    calendarEvents: z.array(calendarEventSchema),
  })
  .describe('Everything held about one customer of the tenant.');

/** Bookings per page read from the booking service, and booking ids per call to the others. */
const BOOKING_PAGE = 200;
const IDS_PER_CALL = 20;

/** The export document as a stream of JSON text; the customer is known to exist (the route checks first). */
export function customerExportStream(
  downstream: Downstream,
  tenantId: string,
  customer: z.input<typeof customerRecordSchema>,
  nowMs: number,
): Readable {
  return Readable.from(exportParts(downstream, tenantId, customer, nowMs), { objectMode: false });
}

async function* exportParts(
  { booking, webhooks, notifications, integrations }: Downstream,
  tenantId: string,
  customer: z.input<typeof customerRecordSchema>,
  nowMs: number,
): AsyncGenerator<string> {
  const { customerId } = customer;
  yield `{"exportedAtMs":${nowMs},"tenantId":${JSON.stringify(tenantId)},"customer":${JSON.stringify(customer)}`;

  // The booking ids are all that is kept across sections: about 40 bytes each.
  const bookingIds: string[] = [];
  yield* array('bookings', async function* () {
    let cursor = '';
    do {
      const res = await booking.exportCustomerBookings({ tenantId, customerId, page: { limit: BOOKING_PAGE, cursor } });
      yield res.items.map((item) => {
        const record = toBookingRecord(present(item.booking, 'booking'));
        bookingIds.push(record.bookingId);
        return { ...record, history: item.events.map(toBookingHistoryItem) };
      });
      cursor = res.page?.nextCursor ?? '';
    } while (cursor);
  });

  yield* array('notifications', async function* () {
    if (!notifications) return;
    let cursor = '';
    do {
      const res = await notifications.exportCustomerNotifications({
        tenantId,
        customerId,
        page: { limit: BOOKING_PAGE, cursor },
      });
      yield res.items.map((n) => ({
        ...toNotificationRecord(n),
        bodyText: n.bodyText,
        bodyRemovedAtMs: n.bodyRemovedAtMs ?? null,
      }));
      cursor = res.page?.nextCursor ?? '';
    } while (cursor);
  });

  /**
   * The deliveries of some bookings. The dispatcher refuses an answer above 3 MiB (gRPC's 4 MiB
   * bound) as VALIDATION_ERROR at bookingIds: then the halves are asked for, down to one booking.
   */
  const deliveriesOf = async (ids: string[]): Promise<webhooksV1.Delivery[]> => {
    try {
      return (await webhooks.exportBookingDeliveries({ tenantId, bookingIds: ids })).items;
    } catch (err) {
      if (ids.length === 1 || !(err instanceof DomainError) || err.code !== 'VALIDATION_ERROR') throw err;
      const half = Math.ceil(ids.length / 2);
      return [...(await deliveriesOf(ids.slice(0, half))), ...(await deliveriesOf(ids.slice(half)))];
    }
  };
  yield* array('webhookDeliveries', async function* () {
    for (const ids of chunks(bookingIds)) {
      const items = await deliveriesOf(ids);
      yield items.map((d) => ({ ...toDeliveryDetail(d), body: d.body, bodyRemovedAtMs: d.bodyRemovedAtMs ?? null }));
    }
  });

  yield* array('calendarEvents', async function* () {
    if (!integrations) return;
    for (const ids of chunks(bookingIds)) {
      const { items } = await integrations.exportBookingCalendarEvents({ tenantId, bookingIds: ids });
      yield items.map((e) => ({
        bookingId: e.bookingId,
        staffId: e.staffId,
        calendarSync: toCalendarSync(e.calendarSync),
        calendarId: e.calendarId ?? null,
        summary: e.summary,
        description: e.description,
        updatedAtMs: e.updatedAtMs,
      }));
    }
  });
  yield '}';
}

/** Text gathered before it is handed to the stream: fewer, larger writes. */
const WRITE_BYTES = 64 * 1024;

/**
 * `,"name":[…]` with the items as their pages come, in writes of about 64 KiB. Pages, not items,
 * cross the awaits: an item each would cost a few promises per booking.
 */
async function* array(name: string, pages: () => AsyncGenerator<unknown[]>): AsyncGenerator<string> {
  let out = `,${JSON.stringify(name)}:[`;
  let first = true;
  for await (const page of pages()) {
    for (const item of page) {
      out += (first ? '' : ',') + JSON.stringify(item);
      first = false;
      if (out.length >= WRITE_BYTES) {
        yield out;
        out = '';
      }
    }
  }
  yield `${out}]`;
}

function* chunks(ids: readonly string[]): Generator<string[]> {
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) yield ids.slice(i, i + IDS_PER_CALL);
}
