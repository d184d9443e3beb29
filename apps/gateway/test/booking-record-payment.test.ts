// The booking record's payment (docs/decisions.md "Payments"): the gateway's mapping of the
// booking service's answer, which the API and the manage page show.

import { describe, expect, it } from 'vitest';
import type { bookingV1 } from '@svc/proto';
import { toBookingRecord } from '../src/api/booking-record.js';

describe('toBookingRecord: the payment', () => {
  const booking = (payment?: bookingV1.BookingPayment): bookingV1.Booking => ({
    bookingId: 'bkg_1',
    tenantId: 'ten_1',
    serviceId: 'svc_1',
    serviceSlug: 's',
    staffId: '',
    resourceId: '',
    customerId: 'cus_1',
    status: 'held',
    startsAtMs: 1,
    endsAtMs: 2,
    timezone: 'UTC',
    source: 'public_page',
    notes: '',
    cancelReason: '',
    noShowReason: '',
    createdAtMs: 1,
    updatedAtMs: 1,
    revision: 0,
    cancelCutoffMin: 0,
    rescheduleCutoffMin: 0,
    answers: [],
    partySize: 1,
    staffIds: [],
    ...(payment ? { payment } : {}),
  });

  it("is null without one; with one, what is not there is null, never ''", () => {
    expect(toBookingRecord(booking()).payment).toBeNull();
    const record = toBookingRecord(
      booking({
        policy: 'full',
        priceAmount: 5_000,
        currency: 'JPY',
        amountDue: 5_000,
        state: 'paid_outside',
        checkoutUrl: '',
        refundAfterCutoffPercent: 0,
        noShowCharge: 'none',
        noShowFeeAmount: 0,
        netPaid: 0,
        records: [
          {
            kind: 'outside',
            amount: 5_000,
            currency: 'JPY',
            status: 'succeeded',
            providerId: '',
            atMs: 9,
            actor: 'staff',
          },
        ],
      }),
    );
    expect(record.payment).toEqual({
      policy: 'full',
      priceAmount: 5_000,
      currency: 'JPY',
      amountDue: 5_000,
      state: 'paid_outside',
      checkoutUrl: null,
      refundAfterCutoffPercent: 0,
      noShowCharge: 'none',
      noShowFeeAmount: 0,
      netPaid: 0,
      records: [
        {
          kind: 'outside',
          amount: 5_000,
          currency: 'JPY',
          status: 'succeeded',
          providerId: null,
          atMs: 9,
          actor: 'staff',
        },
      ],
    });
  });
});
