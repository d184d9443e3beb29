import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, calendarFileName, type BookingCalendarInput } from '../src/index.js';

// The ICS file of a booking (docs/decisions.md "Booking"), read back with an independent
// RFC 5545 parser (Mozilla's ical.js) and checked line by line for the wire format.

const START = Date.UTC(2031, 2, 30, 8, 0); // 10:00 in Berlin (CEST)
const input = (over: Partial<BookingCalendarInput['booking']> = {}, rest: Partial<BookingCalendarInput> = {}) => ({
  booking: {
    bookingId: 'bkg_01J0ABC',
    status: 'held',
    startsAtMs: START,
    endsAtMs: START + 30 * 60_000,
    revision: 0,
    createdAtMs: Date.UTC(2031, 2, 1, 12, 0, 5),
    updatedAtMs: Date.UTC(2031, 2, 2, 9, 30, 7),
    ...over,
  },
  serviceName: 'Check-up',
  tenantName: 'Clinic Smile',
  manageUrl: 'https://book.example.test/booking/manage/svc_m1.abc.def',
  host: 'book.example.test',
  ...rest,
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = events[0]!;
  const time = (name: string) => {
    const value = event.getFirstPropertyValue(name) as ICAL.Time;
    expect(value.zone?.tzid, `${name} is UTC`).toBe('UTC');
    return value.toJSDate().getTime();
  };
  return { calendar, event, time };
}

describe('bookingCalendar', () => {
  it('is one published VEVENT with the booking’s UID, revision, times, status and link', () => {
    const { calendar, event, time } = parse(bookingCalendar(input({ revision: 3 })));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/booking-platform/);
    expect(event.getFirstPropertyValue('uid')).toBe('bkg_01J0ABC@book.example.test');
    expect(event.getFirstPropertyValue('sequence')).toBe(3);
    expect(time('dtstart')).toBe(START);
    expect(time('dtend')).toBe(START + 30 * 60_000);
    expect(time('dtstamp')).toBe(Date.UTC(2031, 2, 2, 9, 30, 7));
    expect(time('last-modified')).toBe(Date.UTC(2031, 2, 2, 9, 30, 7));
    expect(time('created')).toBe(Date.UTC(2031, 2, 1, 12, 0, 5));
    expect(event.getFirstPropertyValue('summary')).toBe('Check-up at Clinic Smile');
    expect(event.getFirstPropertyValue('url')).toBe('https://book.example.test/booking/manage/svc_m1.abc.def');
    expect(event.getFirstPropertyValue('description')).toContain(
      'https://book.example.test/booking/manage/svc_m1.abc.def',
    );
    expect(event.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it.each([
    ['held', 'TENTATIVE'],
    ['confirmed', 'CONFIRMED'],
    ['completed', 'CONFIRMED'],
    ['no_show', 'CONFIRMED'],
    ['cancelled', 'CANCELLED'],
  ])('a %s booking is STATUS:%s', (status, expected) => {
    const text = bookingCalendar(input({ status }));
    expect(parse(text).event.getFirstPropertyValue('status')).toBe(expected);
    expect(text).toContain(`\r\nSTATUS:${expected}\r\n`);
  });

  it('refuses a status the booking service does not have (a broken contract, not a calendar)', () => {
    for (const status of ['expired', '', 'constructor', 'toString']) {
      expect(() => bookingCalendar(input({ status })), status).toThrow(/unknown status/);
    }
  });

  it('gives the same bytes for the same booking state, and only SEQUENCE/time lines move on a reschedule', () => {
    const first = bookingCalendar(input());
    expect(bookingCalendar(input())).toBe(first);
    const moved = bookingCalendar(
      input({
        revision: 1,
        startsAtMs: START + 3_600_000,
        endsAtMs: START + 5_400_000,
        updatedAtMs: Date.UTC(2031, 2, 3),
      }),
    );
    const a = parse(first);
    const b = parse(moved);
    expect(b.event.getFirstPropertyValue('uid')).toBe(a.event.getFirstPropertyValue('uid'));
    expect(b.event.getFirstPropertyValue('sequence')).toBe(1);
    expect(b.time('dtstart')).toBe(START + 3_600_000);
  });

  it('writes RFC 5545 lines: CRLF, at most 75 octets, long values folded and read back whole', () => {
    // Non-ASCII letters take two octets each, so folding must count octets, not characters;
    // commas and semicolons must be escaped in TEXT values.
    const serviceName = `Zahnreinigung für Ängstliche, mit Beratung; ${'sehr gründlich '.repeat(8)}`.trim();
    const text = bookingCalendar(input({}, { serviceName, tenantName: 'Praxis Dr. Müller & Söhne' }));
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(2);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(parse(text).event.getFirstPropertyValue('summary')).toBe(`${serviceName} at Praxis Dr. Müller & Söhne`);
    expect(text).toMatch(/SUMMARY:Zahnreinigung für Ängstliche\\, mit Beratung\\; /);
  });
});

describe('bookingCalendar with a video meeting', () => {
  const meetingUrl = 'https://meet.google.com/abc-defg-hij';

  it('names the join link as LOCATION and URL, and first in DESCRIPTION, before the manage link', () => {
    const { event } = parse(bookingCalendar(input({ status: 'confirmed' }, { meetingUrl })));
    expect(event.getFirstPropertyValue('location')).toBe(meetingUrl);
    expect(event.getFirstPropertyValue('url')).toBe(meetingUrl);
    expect(event.getFirstPropertyValue('description')).toBe(
      `Join the video meeting: ${meetingUrl}\nView, reschedule or cancel: ${input().manageUrl}`,
    );
  });

  it('without a link (none yet, or none at all) the file is the one of the booking alone', () => {
    const plain = bookingCalendar(input({ status: 'confirmed' }));
    expect(bookingCalendar(input({ status: 'confirmed' }, { meetingUrl: null }))).toBe(plain);
    const { event } = parse(plain);
    expect(event.getFirstPropertyValue('location')).toBeNull();
    expect(event.getFirstPropertyValue('url')).toBe(input().manageUrl);
  });

  it('a cancelled booking names no meeting: it is gone with the booking', () => {
    const cancelled = bookingCalendar(input({ status: 'cancelled' }, { meetingUrl }));
    expect(cancelled).toBe(bookingCalendar(input({ status: 'cancelled' })));
    expect(cancelled).not.toContain('meet.google.com');
  });
});

describe('calendarFileName', () => {
  it('names the booking and keeps only safe characters', () => {
    expect(calendarFileName('bkg_01J0ABC')).toBe('booking-bkg_01J0ABC.ics');
    expect(calendarFileName('a"b/c\\d\r\n')).toBe('booking-a_b_c_d__.ics');
  });
});
