import { describe, expect, it } from 'vitest';
import { DomainError, validationError } from '@svc/errors';
import { bookingV1, customerV1, webhooksV1 } from '@svc/proto';
import type { Downstream } from '../src/downstream/services.js';
import { customerExportStream } from '../src/privacy/customer-export.js';
import { toCustomerRecord } from '../src/api/customer-records.js';

/** A message of the generated type with every field at its default, then `fields`. */
const booking = (bookingId: string): bookingV1.Booking => ({
  ...bookingV1.Booking.decode(new Uint8Array()),
  bookingId,
  tenantId: 'ten_a',
  customerId: 'cus_a',
  status: 'completed',
});
const delivery = (bookingId: string, n: number): webhooksV1.Delivery => ({
  ...webhooksV1.Delivery.decode(new Uint8Array()),
  deliveryId: `whd_${bookingId}_${n}`,
  bookingId,
  tenantId: 'ten_a',
  eventType: 'booking.created',
  status: 'succeeded',
  body: `{"booking":"${bookingId}"}`,
});

/** Downstream services answering `count` bookings of two deliveries each; the dispatcher refuses more than `maxIds` ids. */
function services(count: number, maxIds: number) {
  const calls: number[] = [];
  const ids = Array.from({ length: count }, (_, i) => `bkg_${String(i).padStart(4, '0')}`);
  const downstream = {
    booking: {
      exportCustomerBookings: async (req: bookingV1.ExportCustomerBookingsRequest) => {
        const from = req.page?.cursor ? Number(req.page.cursor) : 0;
        const page = ids.slice(from, from + (req.page?.limit ?? 100));
        const next = from + page.length < ids.length ? String(from + page.length) : '';
        return { items: page.map((id) => ({ booking: booking(id), events: [] })), page: { nextCursor: next } };
      },
    },
    webhooks: {
      exportBookingDeliveries: async (req: webhooksV1.ExportBookingDeliveriesRequest) => {
        calls.push(req.bookingIds.length);
        if (req.bookingIds.length > maxIds) throw validationError([{ path: 'bookingIds', message: 'name fewer' }]);
        return { items: req.bookingIds.flatMap((id) => [delivery(id, 1), delivery(id, 2)]) };
      },
    },
    notifications: null,
    integrations: null,
  } as unknown as Downstream;
  return { downstream, calls, ids };
}

const customer = toCustomerRecord({
  ...customerV1.Customer.decode(new Uint8Array()),
  customerId: 'cus_a',
  tenantId: 'ten_a',
  name: 'Ann',
});

async function documentOf(downstream: Downstream) {
  let text = '';
  for await (const chunk of customerExportStream(downstream, 'ten_a', customer, 1)) text += String(chunk);
  return JSON.parse(text);
}

describe('the customer export document', () => {
  it('holds every booking and delivery in order, written in pages', async () => {
    const { downstream, ids } = services(450, 100);
    const doc = await documentOf(downstream);
    expect(doc.customer.customerId).toBe('cus_a');
    expect(doc.bookings.map((b: { bookingId: string }) => b.bookingId)).toEqual(ids);
    expect(doc.webhookDeliveries).toHaveLength(900);
    expect(doc).toMatchObject({ notifications: [], calendarEvents: [] });
  });

  it('asks for halves when the dispatcher finds an answer too large, down to one booking', async () => {
    const { downstream, calls } = services(45, 3);
    const doc = await documentOf(downstream);
    expect(doc.webhookDeliveries).toHaveLength(90);
    expect(new Set(doc.webhookDeliveries.map((d: { deliveryId: string }) => d.deliveryId)).size).toBe(90);
    expect(calls).toContain(20);
    expect(Math.max(...calls.filter((n) => n <= 3))).toBeLessThanOrEqual(3);
  });

  it('ends the stream with the error when one booking alone is too large', async () => {
    const { downstream } = services(3, 0);
    await expect(documentOf(downstream)).rejects.toBeInstanceOf(DomainError);
  });
});
