import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { bookingV1 } from '@svc/proto';
import { isBookingStatus, type BookingStatus } from '@svc/rules';

/**
 * What a calendar shows for each booking status. A held booking is not yet certain (TENTATIVE);
 * completed and no_show bookings were kept by the business, so they stay CONFIRMED; a cancelled
 * one (by anyone, or an expired hold) is CANCELLED, which makes calendar apps strike it out.
 */
const EVENT_STATUS: Record<BookingStatus, ICalEventStatus> = {
  held: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

export interface BookingCalendarInput {
  booking: Pick<
    bookingV1.Booking,
    'bookingId' | 'status' | 'startsAtMs' | 'endsAtMs' | 'revision' | 'createdAtMs' | 'updatedAtMs'
  >;
  serviceName: string;
  tenantName: string;
  /** The manage link of the booking (URL property). */
  manageUrl: string;
  /** The platform's host name: the UID's domain part. */
  host: string;
}

/**
 * The booking as an iCalendar file (RFC 5545; docs/decisions.md "Booking"): METHOD:PUBLISH
 * with one VEVENT. Every field comes from the stored booking, so the same booking state gives the
 * same bytes on every download:
 * - UID `<bookingId>@<host>`: a calendar that imports the file again updates its event;
 * - SEQUENCE = the booking's revision, which grows with every change (a reschedule moves the
 *   event instead of adding one);
 * - DTSTART/DTEND in UTC, DTSTAMP and LAST-MODIFIED = the last change, CREATED = the booking's;
 * - SUMMARY "<service> at <tenant>", URL and DESCRIPTION carry the manage link;
 * - STATUS after the booking's status (EVENT_STATUS).
 * ical-generator escapes the text, folds lines at 75 octets and ends them with CRLF.
 */
export function bookingCalendar(input: BookingCalendarInput): string {
  const { booking } = input;
  // An unknown status means the booking service broke its contract: logged, and INTERNAL_ERROR.
  if (!isBookingStatus(booking.status)) {
    throw new Error(`booking ${booking.bookingId} has an unknown status: ${booking.status}`);
  }
  const calendar = ical({
    prodId: { company: 'booking-platform', product: 'manage', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${booking.bookingId}@${input.host}`,
    sequence: booking.revision,
    start: new Date(booking.startsAtMs),
    end: new Date(booking.endsAtMs),
    stamp: new Date(booking.updatedAtMs),
    created: new Date(booking.createdAtMs),
    lastModified: new Date(booking.updatedAtMs),
    summary: `${input.serviceName} at ${input.tenantName}`,
    description: `View, reschedule or cancel: ${input.manageUrl}`,
    url: input.manageUrl,
    status: EVENT_STATUS[booking.status],
  });
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves the
  // final END:VCALENDAR without it.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** The download's file name: the booking id, reduced to characters every file system takes. */
export const calendarFileName = (bookingId: string): string =>
  `booking-${bookingId.replace(/[^A-Za-z0-9_-]/g, '_')}.ics`;
