import type { PageBooking } from './view-models.js';

/** How a page names a booking's state: a short label and a sentence saying what it means now. */
export interface StatusWording {
  label: string;
  detail: string;
}

/**
 * What is true of a booking in each state it can be in, in the customer's words (docs/decisions.md
 * "Booking pages": no page says "You are booked" before the business, or the platform for an
 * automatic service, has confirmed it). A hold that has run out is an expired request even before
 * the sweeper records it (docs/decisions.md "Booking lifecycle"). Pure: `business` is the name
 * the page shows, `time` formats an instant as the page does.
 */
export function describeStatus(
  booking: Pick<PageBooking, 'status' | 'holdExpiresAtMs' | 'cancelReason'> & {
    payment?: Pick<NonNullable<PageBooking['payment']>, 'state'> | null;
  },
  business: string,
  nowMs: number,
  time: (ms: number) => string,
): StatusWording {
  // A paid service's booking is confirmed by its payment, not by the business (docs/decisions.md "Payments").
  const paid = booking.payment != null;
  const expired = {
    label: 'Expired',
    detail: paid
      ? 'This booking expired because it was not paid in time; the time is free again.'
      : `This request expired because ${business} did not confirm it in time.`,
  };
  switch (booking.status) {
    case 'held': {
      const hold = booking.holdExpiresAtMs;
      if (hold !== null && hold <= nowMs) return expired;
      if (booking.payment?.state === 'awaiting') {
        return {
          label: 'Awaiting payment',
          detail:
            hold === null
              ? 'Your booking is confirmed once it is paid.'
              : `Your booking is confirmed once it is paid. Pay by ${time(hold)}, or the booking expires and the time is free again.`,
        };
      }
      return {
        label: 'Requested, not confirmed yet',
        detail:
          hold === null
            ? `Requested. ${business} has not confirmed it yet.`
            : `Requested. ${business} confirms it by ${time(hold)}, or the request expires and the time is free again.`,
      };
    }
    case 'confirmed':
      return { label: 'Confirmed', detail: 'You are booked.' };
    case 'cancelled':
      if (booking.cancelReason === 'hold_expired') return expired;
      if (booking.cancelReason === 'customer') return { label: 'Cancelled', detail: 'You cancelled this booking.' };
      return {
        label: 'Cancelled',
        detail: booking.cancelReason
          ? `${business} cancelled this booking. Reason: ${booking.cancelReason}`
          : `${business} cancelled this booking.`,
      };
    case 'completed':
      return { label: 'Completed', detail: 'This appointment has taken place.' };
    case 'no_show':
      return { label: 'Missed', detail: `${business} recorded this appointment as missed.` };
  }
}
