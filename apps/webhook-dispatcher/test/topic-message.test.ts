// What the fan-out reads off the booking topic (domain/booking-event.ts): booking events to
// deliver, the internal customer.erased to apply (never delivered), and what is neither.

import { describe, expect, it } from 'vitest';
import { parseTopicMessage } from '../src/domain/booking-event.js';

const erased = (data: unknown) =>
  JSON.stringify({ id: 'evt_1', type: 'customer.erased', payloadVersion: 1, occurredAtMs: 1, data });

describe('parseTopicMessage', () => {
  it('reads customer.erased as an erasure, its booking ids distinct', () => {
    expect(
      parseTopicMessage(
        erased({ tenantId: 'ten_1', customerId: 'cus_1', bookingIds: ['bkg_1', 'bkg_2', 'bkg_1'], erasedAtMs: 5 }),
        {},
      ),
    ).toEqual({
      erasure: {
        eventId: 'evt_1',
        tenantId: 'ten_1',
        customerId: 'cus_1',
        bookingIds: ['bkg_1', 'bkg_2'],
        erasedAtMs: 5,
      },
    });
    // A customer without bookings is still an erasure (nothing to redact).
    expect(
      parseTopicMessage(erased({ tenantId: 'ten_1', customerId: 'cus_1', bookingIds: [], erasedAtMs: 5 }), {}),
    ).toMatchObject({ erasure: { bookingIds: [] } });
  });

  it.each([
    [undefined, 'customer.erased without data'],
    [{ customerId: 'cus_1', bookingIds: [], erasedAtMs: 1 }, 'customer.erased without tenantId or customerId'],
    [
      { tenantId: 'ten_1', customerId: '', bookingIds: [], erasedAtMs: 1 },
      'customer.erased without tenantId or customerId',
    ],
    [
      { tenantId: 'ten_1', customerId: 'cus_1', bookingIds: 'bkg_1', erasedAtMs: 1 },
      'customer.erased bookingIds must be at most 1000 ids',
    ],
    [
      { tenantId: 'ten_1', customerId: 'cus_1', bookingIds: ['bkg_1', ''], erasedAtMs: 1 },
      'customer.erased bookingIds must be at most 1000 ids',
    ],
    [{ tenantId: 'ten_1', customerId: 'cus_1', bookingIds: [] }, 'customer.erased without erasedAtMs'],
  ])('skips a malformed customer.erased (%j): %s', (data, problem) => {
    expect(parseTopicMessage(erased(data), {})).toEqual({ problem });
  });

  it('reads a booking event as one to deliver, and skips an unknown type', () => {
    const value = JSON.stringify({
      id: 'evt_2',
      type: 'booking.cancelled',
      payloadVersion: 1,
      occurredAtMs: 1,
      data: { booking: { tenantId: 'ten_1', bookingId: 'bkg_1' } },
    });
    expect(parseTopicMessage(value, { traceparent: 'tp' })).toEqual({
      event: {
        id: 'evt_2',
        type: 'booking.cancelled',
        tenantId: 'ten_1',
        bookingId: 'bkg_1',
        body: value,
        traceparent: 'tp',
      },
    });
    expect(parseTopicMessage(JSON.stringify({ id: 'evt_3', type: 'customer.updated' }), {})).toEqual({
      problem: 'unknown event type customer.updated',
    });
    expect(parseTopicMessage('nope', {})).toEqual({ problem: 'not JSON' });
  });
});
