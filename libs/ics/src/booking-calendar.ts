import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
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

/** The booking as every calendar file of the platform describes it (its stored state). */
export interface CalendarBooking {
  bookingId: string;
  status: string;
  startsAtMs: number;
  endsAtMs: number;
  /** Grows with every change: the SEQUENCE. */
  revision: number;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface BookingCalendarInput {
  booking: CalendarBooking;
  serviceName: string;
  tenantName: string;
  /** The manage link of the booking (in DESCRIPTION; the URL property too without a meeting). */
  manageUrl: string;
  /** The platform's host name: the UID's domain part. */
  host: string;
  /**
   * The video meeting's join link once it exists (docs/decisions.md "Integrations"): LOCATION and
   * URL, and the first line of DESCRIPTION. Absent or null: no meeting is named.
   */
  meetingUrl?: string | null;
}

/** The UID of a booking's event: the booking id is unique, the domain names who made it. */
export const bookingUid = (bookingId: string, domain: string): string => `${bookingId}@${domain}`;

const calendarOf = (product: string, method?: ICalCalendarMethod): ICalCalendar =>
  ical({ prodId: { company: 'booking-platform', product, language: 'EN' }, ...(method ? { method } : {}) });

/**
 * RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves the final
 * END:VCALENDAR without it.
 */
function text(calendar: ICalCalendar): string {
  const out = calendar.toString();
  return out.endsWith('\r\n') ? out : `${out}\r\n`;
}

/**
 * The booking as an iCalendar file (RFC 5545; docs/decisions.md "Booking routes"): METHOD:PUBLISH
 * with one VEVENT, the manage page's download and the notifications' attachment. Every field
 * comes from the stored booking, so the same booking state gives the same bytes every time:
 * - UID `<bookingId>@<host>`: a calendar that imports the file again updates its event;
 * - SEQUENCE = the booking's revision, which grows with every change (a reschedule moves the
 *   event instead of adding one);
 * - DTSTART/DTEND in UTC, DTSTAMP and LAST-MODIFIED = the last change, CREATED = the booking's;
 * - SUMMARY "<service> at <tenant>", URL and DESCRIPTION carry the manage link;
 * - with a video meeting (not for a cancelled booking, whose meeting is gone): LOCATION and URL
 *   are its join link, which calendar apps show as where the event takes place and offer to
 *   open, and DESCRIPTION names it before the manage link;
 * - STATUS after the booking's status (EVENT_STATUS).
 * ical-generator escapes the text and folds lines at 75 octets.
 */
export function bookingCalendar(input: BookingCalendarInput): string {
  const { booking } = input;
  // An unknown status means the booking service broke its contract: logged, and INTERNAL_ERROR.
  if (!isBookingStatus(booking.status)) {
    throw new Error(`booking ${booking.bookingId} has an unknown status: ${booking.status}`);
  }
  const calendar = calendarOf('manage', ICalCalendarMethod.PUBLISH);
  const meetingUrl = booking.status === 'cancelled' ? null : (input.meetingUrl ?? null);
  const manage = `View, reschedule or cancel: ${input.manageUrl}`;
  calendar.createEvent({
    id: bookingUid(booking.bookingId, input.host),
    sequence: booking.revision,
    start: new Date(booking.startsAtMs),
    end: new Date(booking.endsAtMs),
    stamp: new Date(booking.updatedAtMs),
    created: new Date(booking.createdAtMs),
    lastModified: new Date(booking.updatedAtMs),
    summary: `${input.serviceName} at ${input.tenantName}`,
    description: meetingUrl ? `Join the video meeting: ${meetingUrl}\n${manage}` : manage,
    url: meetingUrl ?? input.manageUrl,
    ...(meetingUrl ? { location: meetingUrl } : {}),
    status: EVENT_STATUS[booking.status],
  });
  return text(calendar);
}

/** The download's file name: the booking id, reduced to characters every file system takes. */
export const calendarFileName = (bookingId: string): string =>
  `booking-${bookingId.replace(/[^A-Za-z0-9_-]/g, '_')}.ics`;

/** A booking's event in a staff member's calendar (the integrations service's write-back). */
export interface CalendarResourceEvent {
  bookingId: string;
  title: string;
  description: string;
  startsAtMs: number;
  endsAtMs: number;
  /** Grows with every write of the event. */
  sequence: number;
  /** The booking's video meeting link (a Zoom meeting's): LOCATION and URL of the event. */
  meetingUrl?: string | null;
}

/** The UID's domain part of written-back events: the booking id is unique, this names who made it. */
const RESOURCE_UID_DOMAIN = 'booking-platform';

/** The UID of a booking's written-back event (calendarResource): `<bookingId>@booking-platform`. */
export const calendarResourceUid = (bookingId: string): string => bookingUid(bookingId, RESOURCE_UID_DOMAIN);

/**
 * The booking as a CalDAV calendar resource (RFC 4791: one VEVENT, no METHOD). UID
 * `<bookingId>@booking-platform`, so the event of a booking is recognizable in any calendar;
 * SEQUENCE grows with every write.
 */
export function calendarResource(event: CalendarResourceEvent): string {
  const calendar = calendarOf('integrations');
  calendar.createEvent({
    id: calendarResourceUid(event.bookingId),
    sequence: event.sequence,
    start: new Date(event.startsAtMs),
    end: new Date(event.endsAtMs),
    stamp: new Date(),
    summary: event.title,
    description: event.description,
    // Where calendar apps show the place and offer a link to open.
    ...(event.meetingUrl ? { location: event.meetingUrl, url: event.meetingUrl } : {}),
  });
  return text(calendar);
}
