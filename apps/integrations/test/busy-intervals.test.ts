import { describe, expect, it } from 'vitest';
import { blockingIntervals, DEFAULT_BLOCKING, startOfLocalDay } from '../src/calendars/domain/blocking.js';
import { busyEvents } from '../src/calendars/providers/ical-busy-events.js';
import { calendarWish } from '../src/calendars/sync/booking-event.js';
import { MAX_SYNC_ATTEMPTS, nextRetryAtMs } from '../src/calendars/sync/retry.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2030, 0, 7, 0, 0); // a Monday

function ics(...events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
}
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20300101T000000Z', ...lines, 'END:VEVENT'];

/** The timed events of an object as intervals (every flag left to the tests that look at them). */
const busyIntervals = (text: string, fromMs: number, toMs: number) =>
  busyEvents(text, fromMs, toMs)
    .filter((e) => !e.allDay)
    .map(({ startsAtMs, endsAtMs }) => ({ startsAtMs, endsAtMs }));

describe('busy events of an iCalendar object', () => {
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

  it("marks tentative events and the account's tentative answers; leaves out what the account declined", () => {
    const text = ics(
      vevent('UID:t', 'DTSTART:20300107T080000Z', 'DTEND:20300107T090000Z', 'STATUS:TENTATIVE'),
      vevent(
        'UID:i',
        'DTSTART:20300107T100000Z',
        'DTEND:20300107T110000Z',
        'ATTENDEE;PARTSTAT=TENTATIVE:mailto:Ann@Example.test',
      ),
      vevent(
        'UID:x',
        'DTSTART:20300107T120000Z',
        'DTEND:20300107T130000Z',
        'ATTENDEE;PARTSTAT=DECLINED:mailto:ann@example.test',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.test',
      ),
    );
    expect(busyEvents(text, T0, T0 + 24 * HOUR, { account: 'ann@example.test' })).toEqual([
      { startsAtMs: T0 + 8 * HOUR, endsAtMs: T0 + 9 * HOUR, showAs: 'tentative' },
      { startsAtMs: T0 + 10 * HOUR, endsAtMs: T0 + 11 * HOUR, showAs: 'tentative' },
    ]);
    // Someone else's answer is not the account's.
    expect(busyEvents(text, T0, T0 + 24 * HOUR, { account: 'bob@example.test' }).map((e) => e.showAs)).toEqual([
      'tentative',
      'busy',
      'busy',
    ]);
  });

  it("keeps an all-day event's dates, also a day either side of the window, and a one-day event without DTEND", () => {
    const text = ics(
      vevent('UID:a1', 'DTSTART;VALUE=DATE:20300108', 'DTEND;VALUE=DATE:20300110'),
      vevent('UID:a2', 'DTSTART;VALUE=DATE:20300112'),
    );
    // The window is Jan 9 (UTC): the first event reaches it; the second lies more than a day after.
    expect(busyEvents(text, T0 + 48 * HOUR, T0 + 72 * HOUR)).toEqual([
      {
        startsAtMs: Date.UTC(2030, 0, 8),
        endsAtMs: Date.UTC(2030, 0, 10),
        allDay: { startDate: '2030-01-08', endDate: '2030-01-10' },
        showAs: 'busy',
      },
    ]);
    expect(busyEvents(text, Date.UTC(2030, 0, 11), Date.UTC(2030, 0, 12)).map((e) => e.allDay)).toEqual([
      { startDate: '2030-01-12', endDate: '2030-01-13' },
    ]);
  });

  it('finds a later occurrence moved back into the window', () => {
    const text = ics(
      vevent('UID:m', 'DTSTART:20300107T080000Z', 'DTEND:20300107T090000Z', 'RRULE:FREQ=WEEKLY;COUNT=10'),
      vevent('UID:m', 'RECURRENCE-ID:20300304T080000Z', 'DTSTART:20300108T140000Z', 'DTEND:20300108T150000Z'),
    );
    const starts = busyIntervals(text, T0, T0 + 2 * 24 * HOUR).map((i) => (i.startsAtMs - T0) / HOUR);
    expect(starts).toEqual([8, 24 + 14]);
  });
});

describe('which events block', () => {
  const timed = { startsAtMs: T0 + 8 * HOUR, endsAtMs: T0 + 9 * HOUR, showAs: 'busy' as const };
  const tentative = { ...timed, startsAtMs: T0 + 10 * HOUR, endsAtMs: T0 + 11 * HOUR, showAs: 'tentative' as const };
  // Sunday 30 March 2031: Berlin's clocks go from 02:00 to 03:00 (a 23-hour day).
  const allDay = {
    startsAtMs: Date.UTC(2031, 2, 30),
    endsAtMs: Date.UTC(2031, 2, 31),
    allDay: { startDate: '2031-03-30', endDate: '2031-03-31' },
    showAs: 'busy' as const,
  };

  it("an all-day event blocks the whole local day in the staff member's zone, 23 hours across the spring change", () => {
    expect(blockingIntervals([allDay], DEFAULT_BLOCKING, 'Europe/Berlin')).toEqual([
      { startsAtMs: Date.UTC(2031, 2, 29, 23), endsAtMs: Date.UTC(2031, 2, 30, 22) },
    ]);
    expect(blockingIntervals([allDay], DEFAULT_BLOCKING, 'America/New_York')).toEqual([
      { startsAtMs: Date.UTC(2031, 2, 30, 4), endsAtMs: Date.UTC(2031, 2, 31, 4) },
    ]);
  });

  it("the connection's settings leave all-day or tentative events out", () => {
    const events = [timed, tentative, allDay];
    expect(blockingIntervals(events, DEFAULT_BLOCKING, 'UTC')).toHaveLength(3);
    expect(blockingIntervals(events, { ...DEFAULT_BLOCKING, allDayEventsBlock: false }, 'UTC')).toEqual([
      { startsAtMs: timed.startsAtMs, endsAtMs: timed.endsAtMs },
      { startsAtMs: tentative.startsAtMs, endsAtMs: tentative.endsAtMs },
    ]);
    expect(blockingIntervals(events, { ...DEFAULT_BLOCKING, tentativeEventsBlock: false }, 'UTC')).toEqual([
      { startsAtMs: timed.startsAtMs, endsAtMs: timed.endsAtMs },
      { startsAtMs: Date.UTC(2031, 2, 30), endsAtMs: Date.UTC(2031, 2, 31) },
    ]);
  });

  it('a day whose midnight does not exist starts at its first instant; a malformed date blocks nothing', () => {
    // Chile's clocks skip from 00:00 to 01:00 on 2 September 2029 (America/Santiago, UTC-4 → UTC-3).
    const start = startOfLocalDay('2029-09-02', 'America/Santiago')!;
    expect(new Date(start).toISOString()).toBe('2029-09-02T04:00:00.000Z');
    expect(startOfLocalDay('2029-9-9', 'UTC')).toBeNull();
    expect(
      blockingIntervals([{ ...allDay, allDay: { startDate: 'x', endDate: '2031-03-31' } }], DEFAULT_BLOCKING, 'UTC'),
    ).toEqual([]);
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
