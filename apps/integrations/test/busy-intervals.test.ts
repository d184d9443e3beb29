import { describe, expect, it } from 'vitest';
import { busyIntervals } from '../src/providers/caldav.js';
import { calendarWish } from '../src/sync/booking-event.js';
import { MAX_SYNC_ATTEMPTS, nextRetryAtMs } from '../src/sync/retry.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2030, 0, 7, 0, 0); // a Monday

function ics(...events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
}
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20300101T000000Z', ...lines, 'END:VEVENT'];

describe('busy intervals of an iCalendar object', () => {
  it('takes an opaque event and clips nothing outside the window', () => {
    const text = ics(vevent('UID:a', 'DTSTART:20300107T100000Z', 'DTEND:20300107T110000Z'));
    expect(busyIntervals(text, T0, T0 + 24 * HOUR)).toEqual([{ startsAtMs: T0 + 10 * HOUR, endsAtMs: T0 + 11 * HOUR }]);
    expect(busyIntervals(text, T0 + 11 * HOUR, T0 + 24 * HOUR)).toEqual([]);
  });

  it('reads a time zone and DURATION', () => {
    const text = ics([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...vevent('UID:b', 'DTSTART;TZID=Europe/Berlin:20300107T100000', 'DURATION:PT90M'),
    ]);
    expect(busyIntervals(text, T0, T0 + 24 * HOUR)).toEqual([
      { startsAtMs: T0 + 9 * HOUR, endsAtMs: T0 + 10.5 * HOUR },
    ]);
  });

  it('skips transparent and cancelled events', () => {
    const text = ics(
      vevent('UID:c', 'DTSTART:20300107T100000Z', 'DTEND:20300107T110000Z', 'TRANSP:TRANSPARENT'),
      vevent('UID:d', 'DTSTART:20300107T120000Z', 'DTEND:20300107T130000Z', 'STATUS:CANCELLED'),
    );
    expect(busyIntervals(text, T0, T0 + 24 * HOUR)).toEqual([]);
  });

  it('expands a weekly rule, without its excluded and moved occurrences', () => {
    const text = ics(
      vevent(
        'UID:r',
        'DTSTART:20300107T080000Z',
        'DTEND:20300107T090000Z',
        'RRULE:FREQ=DAILY;COUNT=5',
        'EXDATE:20300108T080000Z',
      ),
      vevent('UID:r', 'RECURRENCE-ID:20300109T080000Z', 'DTSTART:20300109T150000Z', 'DTEND:20300109T160000Z'),
    );
    const starts = busyIntervals(text, T0, T0 + 7 * 24 * HOUR).map((i) => (i.startsAtMs - T0) / HOUR);
    expect(starts).toEqual([8, 24 * 2 + 15, 24 * 3 + 8, 24 * 4 + 8]);
  });

  it('blocks nothing for text that is not iCalendar', () => {
    expect(busyIntervals('not a calendar', T0, T0 + HOUR)).toEqual([]);
  });
});

describe('what a booking event asks of the calendar', () => {
  const envelope = (type: string, booking: Record<string, unknown>) =>
    JSON.stringify({
      id: 'evt_1',
      type,
      payloadVersion: 1,
      occurredAtMs: 5,
      data: {
        booking: {
          bookingId: 'bkg_1',
          tenantId: 'ten_1',
          staffId: 'stf_1',
          startsAtMs: 10,
          endsAtMs: 20,
          status: 'confirmed',
          ...booking,
        },
        service: { name: 'Check-up' },
        customer: { name: 'Ann' },
      },
    });

  it('present for confirmed and for a reschedule of a confirmed booking; absent for cancel, no-show and expiry', () => {
    expect(calendarWish(envelope('booking.confirmed', {}))).toMatchObject({
      want: 'present',
      title: 'Check-up: Ann',
      eventAtMs: 5,
    });
    expect(calendarWish(envelope('booking.rescheduled', {}))).toMatchObject({ want: 'present', startsAtMs: 10 });
    expect(calendarWish(envelope('booking.rescheduled', { status: 'held' }))).toBeNull();
    for (const type of ['booking.cancelled', 'booking.no_show', 'booking.expired']) {
      expect(calendarWish(envelope(type, { status: 'cancelled' }))).toMatchObject({ want: 'absent' });
    }
    expect(calendarWish(envelope('booking.created', { status: 'held' }))).toBeNull();
    expect(calendarWish(envelope('booking.completed', { status: 'completed' }))).toBeNull();
  });

  it('nothing for a booking without staff or a malformed event', () => {
    expect(calendarWish(envelope('booking.confirmed', { staffId: null }))).toBeNull();
    expect(calendarWish('{')).toBeNull();
    expect(calendarWish(JSON.stringify({ type: 'booking.confirmed' }))).toBeNull();
  });
});

describe('write-back retries', () => {
  it('grow ×4 from the first delay, at most an hour apart, and stop after the last attempt', () => {
    expect(nextRetryAtMs(1, 0, 30_000)).toBe(30_000);
    expect(nextRetryAtMs(2, 0, 30_000)).toBe(120_000);
    expect(nextRetryAtMs(5, 0, 30_000)).toBe(3_600_000);
    expect(nextRetryAtMs(MAX_SYNC_ATTEMPTS, 0, 30_000)).toBeNull();
  });
});
