// A customer's bookings for their export (docs/decisions.md "Privacy"): pages in creation order,
// each booking with its history as ListBookingEvents answers it. The real booking service over gRPC.

import { describe, expect, it } from 'vitest';
import { fromAnswerValue } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import { bookingServiceForSuite, create, createRequest, failure, localSlot } from './booking-fixture.js';
import { customerWithBookings } from './erase-fixture.js';

const suite = bookingServiceForSuite();

describe('ExportCustomerBookings', () => {
  it('pages through the customer’s bookings in creation order, each with its answers and history', async () => {
    const c = await customerWithBookings(suite.deps, suite.svc.client);
    // Someone else's booking of the same tenant is not theirs.
    await create(suite.svc.client, createRequest(c, localSlot(7, 10)));
    const page = (limit: number, cursor = '') =>
      suite.svc.client.exportCustomerBookings({
        tenantId: c.tenantId,
        customerId: c.customerId,
        page: { limit, cursor },
      });

    const items: bookingV1.CustomerBookingExport[] = [];
    const sizes: number[] = [];
    let cursor = '';
    do {
      const res = await page(2, cursor);
      sizes.push(res.items.length);
      items.push(...res.items);
      cursor = res.page?.nextCursor ?? '';
    } while (cursor !== '');
    expect(sizes).toEqual([2, 2, 1]);
    // Created in this order (customerWithBookings).
    const order = ['held', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
    expect(items.map((i) => i.booking!.bookingId)).toEqual(order.map((s) => c.bookings[s]));
    for (const item of items) {
      const booking = item.booking!;
      expect(booking.customerId).toBe(c.customerId);
      expect(booking.notes).toBe(c.person.notes);
      expect(booking.answers.map((a) => fromAnswerValue(a.value))).toEqual([c.person.answer]);
      const { events } = await suite.svc.client.listBookingEvents({
        tenantId: c.tenantId,
        bookingId: booking.bookingId,
      });
      expect(item.events).toEqual(events);
    }
    expect(items[2]!.events.map((e) => e.type)).toEqual(['booking.created', 'booking.confirmed', 'booking.completed']);

    // The default page holds them all; the same customer asked in another tenant has none.
    expect((await page(0)).items).toHaveLength(5);
    const elsewhere = await customerWithBookings(suite.deps, suite.svc.client);
    const foreign = await suite.svc.client.exportCustomerBookings({
      tenantId: elsewhere.tenantId,
      customerId: c.customerId,
      page: { limit: 0, cursor: '' },
    });
    expect(foreign.items).toEqual([]);
    expect(foreign.page?.nextCursor).toBe('');
  });

  it('refuses a page over 200, a cursor it did not make and a customer id out of shape, all at once', async () => {
    const err = await failure(
      suite.svc.client.exportCustomerBookings({
        tenantId: 'ten_whatever',
        customerId: 'nope',
        page: { limit: 201, cursor: 'x' },
      }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details.map((d) => d.path).sort()).toEqual(['cursor', 'customerId', 'limit']);
    const c = await customerWithBookings(suite.deps, suite.svc.client);
    const max = await suite.svc.client.exportCustomerBookings({
      tenantId: c.tenantId,
      customerId: c.customerId,
      page: { limit: 200, cursor: '' },
    });
    expect(max.items).toHaveLength(5);
  });
});
