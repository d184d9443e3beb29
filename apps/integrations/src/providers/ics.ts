import ical from 'ical-generator';
import type { CalendarEvent } from './provider.js';

/** The UID's domain part: the booking id is unique, this names who made the event. */
const UID_DOMAIN = 'booking-platform';

/**
 * The booking as a CalDAV calendar resource (RFC 4791: one VEVENT, no METHOD), with the same
 * library that writes the manage page's calendar file. UID `<bookingId>@booking-platform`, so the
 * event of a booking is recognizable in any calendar; SEQUENCE grows with every write.
 */
export function eventIcs(event: CalendarEvent): string {
  const calendar = ical({ prodId: { company: 'booking-platform', product: 'integrations', language: 'EN' } });
  calendar.createEvent({
    id: `${event.bookingId}@${UID_DOMAIN}`,
    sequence: event.sequence,
    start: new Date(event.startsAtMs),
    end: new Date(event.endsAtMs),
    stamp: new Date(),
    summary: event.title,
    description: event.description,
  });
  return calendar.toString();
}
