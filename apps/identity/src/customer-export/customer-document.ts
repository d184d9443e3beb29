import { DomainError } from '@svc/errors';
import {
  bookingHistoryView,
  bookingRecordView,
  calendarSyncView,
  customerRecordView,
  deliveryDetailView,
  notificationView,
} from '@svc/grpc';
import type { webhooksV1 } from '@svc/proto';
import { present, type ExportSources } from '../tenant-export/sources.js';

/**
 * A customer's export (docs/decisions.md "Privacy"): one JSON document with everything the
 * platform holds about the customer in the tenant, written page by page as the services answer,
 * so a customer with ten thousand bookings is never in memory at once. Its shape is the gateway's
 * `customerExportSchema` (the OpenAPI document's); the records are the dashboard API's.
 */

/** Bookings per page read from the booking service, and booking ids per call to the others. */
const BOOKING_PAGE = 200;
const IDS_PER_CALL = 20;

/** The export document as pieces of JSON text; the customer is known to exist (the RPC reads it first). */
export async function* customerDocument(
  { booking, webhooks, notifications, integrations }: Omit<ExportSources, 'catalog' | 'customer'>,
  tenantId: string,
  customer: ReturnType<typeof customerRecordView>,
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
        const record = bookingRecordView(present(item.booking, 'booking'));
        bookingIds.push(record.bookingId);
        return { ...record, history: item.events.map(bookingHistoryView) };
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
        ...notificationView(n),
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
      yield items.map((d) => ({ ...deliveryDetailView(d), body: d.body, bodyRemovedAtMs: d.bodyRemovedAtMs ?? null }));
    }
  });

  yield* array('calendarEvents', async function* () {
    if (!integrations) return;
    for (const ids of chunks(bookingIds)) {
      const { items } = await integrations.exportBookingCalendarEvents({ tenantId, bookingIds: ids });
      yield items.map((e) => ({
        bookingId: e.bookingId,
        staffId: e.staffId,
        calendarSync: calendarSyncView(e.calendarSync),
        calendarId: e.calendarId ?? null,
        summary: e.summary,
        description: e.description,
        updatedAtMs: e.updatedAtMs,
      }));
    }
  });
  yield '}';
}

/** Text gathered before it is handed on: fewer, larger messages. */
const WRITE_BYTES = 64 * 1024;

/**
 * `,"name":[…]` with the items as their pages come, in pieces of about 64 KiB. Pages, not items,
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
