// Booking-topic events as the booking service publishes them (outbox envelopes), for the
// customer erasure tests: a booking's change carrying the customer, and `customer.erased`.

export const HOUR = 3_600_000;

/** The customer being erased: none of this may stay in a store or a calendar. */
export const CUSTOMER = {
  customerId: 'cus_zofia',
  name: 'Zofia Quarterbridge',
  primaryEmail: 'zofia.quarterbridge@example.org',
  phone: '+48601234987',
};

/** What a stored byte must not contain (the name, the email, the phone). */
export const PERSONAL = [CUSTOMER.name, CUSTOMER.primaryEmail, CUSTOMER.phone];

export interface BookingEventInput {
  type: 'booking.confirmed' | 'booking.rescheduled' | 'booking.cancelled' | 'booking.no_show';
  bookingId: string;
  occurredAtMs: number;
  startsAtMs: number;
  tenantId?: string;
  staffId?: string;
  /** '' asks the catalog nothing (a Google write then makes no meeting). */
  serviceId?: string;
}

export function bookingEvent(input: BookingEventInput): {
  key: string;
  value: string;
  headers: Record<string, string>;
} {
  const status =
    input.type === 'booking.cancelled' ? 'cancelled' : input.type === 'booking.no_show' ? 'no_show' : 'confirmed';
  return {
    key: input.bookingId,
    value: JSON.stringify({
      id: `evt_${input.bookingId}_${input.occurredAtMs}`,
      type: input.type,
      payloadVersion: 1,
      occurredAtMs: input.occurredAtMs,
      data: {
        booking: {
          bookingId: input.bookingId,
          tenantId: input.tenantId ?? 'ten_a',
          staffId: input.staffId ?? 'stf_1',
          serviceId: input.serviceId ?? '',
          customerId: CUSTOMER.customerId,
          status,
          startsAtMs: input.startsAtMs,
          endsAtMs: input.startsAtMs + HOUR,
          answers: [{ questionId: 'q_1', value: `Allergic to latex, ask ${CUSTOMER.phone}` }],
        },
        service: { name: 'Massage' },
        customer: { customerId: CUSTOMER.customerId, name: CUSTOMER.name, primaryEmail: CUSTOMER.primaryEmail },
      },
    }),
    headers: {},
  };
}

export function erasedEvent(
  bookingIds: string[],
  erasedAtMs: number,
  tenantId = 'ten_a',
): { key: string; value: string; headers: Record<string, string> } {
  return {
    key: CUSTOMER.customerId,
    value: JSON.stringify({
      id: `evt_erased_${erasedAtMs}`,
      type: 'customer.erased',
      payloadVersion: 1,
      occurredAtMs: erasedAtMs,
      data: { tenantId, customerId: CUSTOMER.customerId, bookingIds, erasedAtMs },
    }),
    headers: {},
  };
}

/** The personal strings found in `text` (none, after an erasure). */
export const personalIn = (text: string): string[] => PERSONAL.filter((p) => text.includes(p));
