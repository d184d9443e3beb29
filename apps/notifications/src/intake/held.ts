/**
 * The customer messages that wait for a booking's video meeting link (domain/meeting.ts): which
 * of an event's planned messages wait, and their records once they go, or the link's own message
 * once it follows (docs/decisions.md "Notifications").
 */
import type { bookingV1 } from '@svc/proto';
import type { BookingEvent } from '../domain/booking-event.js';
import { meetingLinkEventId } from '../domain/ids.js';
import { WAITS_FOR_MEETING, type MeetingLine } from '../domain/meeting.js';
import { toCustomer, type PlannedMessage } from '../domain/plan.js';
import type { Template } from '../domain/templates.js';
import type { HeldEvent, NotificationDoc } from '../store/records.js';
import { composeRecords, type ComposeSettings, type Occurrence } from './compose.js';
import type { BookingContext } from './context.js';

/** What the event's messages tell of (the reminder and the link's own message fill in their own). */
export function occurrenceOf(event: HeldEvent, reminderOffsetMin: number | null = null): Occurrence {
  return {
    eventId: event.id,
    eventAtMs: event.occurredAtMs,
    bookingId: event.bookingId,
    status: event.status,
    startsAtMs: event.startsAtMs,
    endsAtMs: event.endsAtMs,
    revision: event.revision,
    previousStartsAtMs: event.type === 'booking.rescheduled' ? (event.previous?.startsAtMs ?? null) : null,
    reminderOffsetMin,
    // A wait stored before payments has neither (docs/decisions.md "Payments").
    payment: event.payment ?? null,
    cancelCutoffMin: event.cancelCutoffMin ?? null,
  };
}

/** The event as a wait keeps it: without the customer's name and address (docs/decisions.md "Privacy"). */
export function heldEventOf(event: BookingEvent): HeldEvent {
  const { customerSnapshot: _customer, traceparent: _trace, state: _state, ...held } = event;
  return held;
}

/**
 * The planned messages that wait for the link: the customer's confirmation or reschedule of a
 * confirmed booking whose service has a video provider (a held booking gets no meeting before
 * it is confirmed).
 */
export function waitingMessages(
  messages: readonly PlannedMessage[],
  event: Pick<BookingEvent, 'status'>,
  ctx: Pick<BookingContext, 'service'>,
): PlannedMessage[] {
  if (event.status !== 'confirmed' || ctx.service.conferencing === 'none') return [];
  return messages.filter((m) => m.recipientKind === 'customer' && WAITS_FOR_MEETING.has(m.template));
}

const HELD_TEMPLATE: Partial<Record<BookingEvent['type'], Template>> = {
  'booking.confirmed': 'customer.confirmed',
  'booking.rescheduled': 'customer.rescheduled',
};

/** A held event's messages, composed now with what they say of the meeting. */
export function composeHeld(
  event: HeldEvent,
  ctx: BookingContext,
  line: MeetingLine,
  settings: ComposeSettings,
  nowMs: number,
): NotificationDoc[] {
  const template = HELD_TEMPLATE[event.type];
  if (!template) return [];
  return composeRecords(toCustomer(template, event, ctx), ctx, occurrenceOf(event), settings, nowMs, line);
}

/**
 * The link's own message, for the booking as it is now (confirmed, at the start it was held for).
 * Its calendar file is the booking's with the link, stamped the moment the link came: a calendar
 * that imported the confirmation's file (same UID and SEQUENCE) takes it as the newer one.
 */
export function composeMeetingLink(
  booking: bookingV1.Booking,
  ctx: BookingContext,
  url: string,
  settings: ComposeSettings,
  nowMs: number,
): NotificationDoc[] {
  return composeRecords(
    toCustomer('customer.meeting_link', booking, ctx),
    ctx,
    {
      eventId: meetingLinkEventId(booking.bookingId, booking.revision),
      eventAtMs: nowMs,
      bookingId: booking.bookingId,
      status: booking.status,
      startsAtMs: booking.startsAtMs,
      endsAtMs: booking.endsAtMs,
      revision: booking.revision,
      previousStartsAtMs: null,
      reminderOffsetMin: null,
    },
    settings,
    nowMs,
    { kind: 'link', url },
  );
}
