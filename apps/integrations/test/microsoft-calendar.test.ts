// The Microsoft 365 provider against the Microsoft Graph contract stand-in (libs/testing: the
// documented shapes of calendars, calendarView, events create/update/delete, errors and
// throttling; not Microsoft): paging, Retry-After, refused tokens, which events block, all-day
// events, Teams links and one event per booking.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMicrosoftGraphStandIn, type MicrosoftGraphStandIn } from '@svc/testing';
import {
  BOOKING_PROPERTY_EXPAND,
  BOOKING_PROPERTY_ID,
  MicrosoftCalendarProvider,
  writtenBooking,
} from '../src/calendars/providers/microsoft-calendar.js';
import { ProviderAuthError, ProviderUnavailableError, type CalendarEvent } from '../src/providers/provider.js';

const TOKEN = 'graph-access-token';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let graph: MicrosoftGraphStandIn;
let small: MicrosoftGraphStandIn;

beforeAll(async () => {
  const verifyToken = async (token: string) => token === TOKEN;
  // The mailbox in New York: all-day events still come at midnight, whatever zone is asked.
  graph = await startMicrosoftGraphStandIn({ verifyToken, timeZone: 'America/New_York' });
  // A server that answers pages of 7 whatever $top asks, as Graph may.
  small = await startMicrosoftGraphStandIn({ verifyToken, maxPageSize: 7 });
});
afterAll(async () => {
  await graph?.close();
  await small?.close();
});

function provider(server = graph, opts: { token?: string; timeoutMs?: number } = {}) {
  return new MicrosoftCalendarProvider({
    apiUrl: server.url,
    accessToken: async () => opts.token ?? TOKEN,
    timeoutMs: opts.timeoutMs ?? 5_000,
    maxResponseBytes: 5 * 1024 * 1024,
  });
}

const utc = (ms: number) => ({ dateTime: new Date(ms).toISOString().replace('Z', ''), timeZone: 'UTC' });
const at = (iso: string) => Date.parse(iso);

function booking(bookingId: string, startsAtMs: number, conferencing: CalendarEvent['conferencing']): CalendarEvent {
  return {
    bookingId,
    title: 'Checkup with Ann',
    description: `Booking ${bookingId}`,
    startsAtMs,
    endsAtMs: startsAtMs + HOUR,
    sequence: 0,
    conferencing,
  };
}

describe('calendars and paging', () => {
  it('lists every calendar across @odata.nextLink pages, the default one marked', async () => {
    const added = Array.from({ length: 12 }, (_, i) => small.addCalendar(`Team ${i}`));
    const calendars = await provider(small).calendars();
    expect(calendars.map((c) => c.calendarId)).toEqual([small.defaultCalendarId, ...added]);
    expect(calendars.filter((c) => c.isDefaultCalendar).map((c) => c.calendarId)).toEqual([small.defaultCalendarId]);
    const pages = small.requests().filter((r) => r.path === '/me/calendars');
    expect(pages.map((r) => r.query.get('$skip'))).toEqual([null, '7']);
    expect(await provider(small).account()).toBe('staff@contoso.test');
  });

  it('follows calendarView pages until the last, every one asked in UTC', async () => {
    const calendar = small.addCalendar('Busy');
    const day = at('2031-03-03T00:00:00Z');
    for (let i = 0; i < 20; i++) small.addBusy(calendar, day + i * HOUR, day + i * HOUR + 30 * 60_000);
    const before = small.requests().length;
    const events = await provider(small).busy([calendar], day, day + DAY);
    expect(events.map((e) => e.startsAtMs)).toEqual(Array.from({ length: 20 }, (_, i) => day + i * HOUR));
    const views = small.requests().slice(before);
    expect(views).toHaveLength(3);
    for (const view of views) {
      expect(view.path).toBe(`/me/calendars/${calendar}/calendarView`);
      expect(view.prefer).toBe('outlook.timezone="UTC"');
      // Only what decides whether the event blocks leaves Microsoft (no subject, body, attendees).
      expect(view.query.get('$select')).toBe('start,end,isAllDay,isCancelled,showAs,responseStatus');
      // And of the extended properties only ours (whose write-back the event is).
      expect(view.query.get('$expand')).toBe(BOOKING_PROPERTY_EXPAND);
    }
    // A day either side of the window is asked for (all-day events of any zone).
    expect(views[0]!.query.get('startDateTime')).toBe(new Date(day - DAY).toISOString());
    expect(views[0]!.query.get('endDateTime')).toBe(new Date(day + 2 * DAY).toISOString());
  });
});

describe('which events block', () => {
  it('leaves out free, working-elsewhere, declined and cancelled events; marks tentative ones', async () => {
    const calendar = graph.addCalendar('Rules');
    const day = at('2031-05-06T00:00:00Z');
    const put = (hour: number, fields: Record<string, unknown>) =>
      graph.putEvent(calendar, {
        subject: String(fields.subject ?? `at ${hour}`),
        start: utc(day + hour * HOUR),
        end: utc(day + (hour + 1) * HOUR),
        ...fields,
      });
    put(8, { showAs: 'busy' });
    put(9, { showAs: 'free' });
    put(10, { showAs: 'workingElsewhere' });
    put(11, { showAs: 'busy', responseStatus: { response: 'declined' } });
    put(12, { showAs: 'busy', isCancelled: true });
    put(13, { showAs: 'tentative', responseStatus: { response: 'tentativelyAccepted' } });
    put(14, { showAs: 'busy', responseStatus: { response: 'tentativelyAccepted' } });
    put(15, { showAs: 'oof' });
    put(16, { showAs: 'busy', responseStatus: { response: 'notResponded' } });
    const events = await provider().busy([calendar], day, day + DAY);
    expect(events.map((e) => [(e.startsAtMs - day) / HOUR, e.showAs])).toEqual([
      [8, 'busy'],
      [13, 'tentative'],
      [14, 'tentative'],
      [15, 'busy'],
      [16, 'busy'],
    ]);
  });

  it('answers a weekly series as its occurrences at 10:00 Berlin across DST, moved and cancelled ones as they are', async () => {
    const calendar = graph.addCalendar('Series');
    // Mondays 10:00–11:00 Berlin from 16 March 2026; summer time begins on 29 March.
    const master = graph.putEvent(calendar, {
      subject: 'Weekly',
      start: { dateTime: '2026-03-16T10:00:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-03-16T11:00:00.0000000', timeZone: 'Europe/Berlin' },
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday'], firstDayOfWeek: 'sunday' },
        range: { type: 'numbered', startDate: '2026-03-16', numberOfOccurrences: 5 },
      },
    });
    // The 23 March occurrence moved to 14:00; the 6 April one cancelled (an organizer's
    // cancellation, still in the calendar); the 13 April one deleted.
    graph.putEvent(calendar, {
      seriesMasterId: master.id,
      originalStart: '2026-03-23T09:00:00Z',
      start: { dateTime: '2026-03-23T14:00:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-03-23T15:00:00.0000000', timeZone: 'Europe/Berlin' },
    });
    graph.putEvent(calendar, {
      seriesMasterId: master.id,
      originalStart: '2026-04-06T08:00:00Z',
      isCancelled: true,
      start: { dateTime: '2026-04-06T10:00:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-04-06T11:00:00.0000000', timeZone: 'Europe/Berlin' },
    });
    graph.deleteOccurrence(master.id, at('2026-04-13T08:00:00Z'));
    const events = await provider().busy([calendar], at('2026-03-15T00:00:00Z'), at('2026-04-20T00:00:00Z'));
    expect(events.map((e) => new Date(e.startsAtMs).toISOString())).toEqual([
      '2026-03-16T09:00:00.000Z',
      '2026-03-23T13:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
    expect(events.every((e) => e.endsAtMs - e.startsAtMs === HOUR && e.showAs === 'busy')).toBe(true);
  });

  it('answers all-day events with their local dates, a daily series of them too', async () => {
    const calendar = graph.addCalendar('All day');
    graph.putEvent(calendar, {
      subject: 'Holiday',
      isAllDay: true,
      start: { dateTime: '2031-07-01T00:00:00.0000000', timeZone: 'America/New_York' },
      end: { dateTime: '2031-07-03T00:00:00.0000000', timeZone: 'America/New_York' },
    });
    graph.putEvent(calendar, {
      subject: 'Reminder',
      isAllDay: true,
      showAs: 'free',
      start: { dateTime: '2031-07-02T00:00:00.0000000', timeZone: 'America/New_York' },
      end: { dateTime: '2031-07-03T00:00:00.0000000', timeZone: 'America/New_York' },
    });
    graph.putEvent(calendar, {
      subject: 'Training',
      isAllDay: true,
      showAs: 'tentative',
      start: { dateTime: '2031-07-07T00:00:00.0000000', timeZone: 'America/New_York' },
      end: { dateTime: '2031-07-08T00:00:00.0000000', timeZone: 'America/New_York' },
      recurrence: {
        pattern: { type: 'daily', interval: 1 },
        range: { type: 'endDate', startDate: '2031-07-07', endDate: '2031-07-08' },
      },
    });
    const events = await provider().busy([calendar], at('2031-07-01T00:00:00Z'), at('2031-07-10T00:00:00Z'));
    expect(events).toEqual([
      {
        startsAtMs: at('2031-07-01T00:00:00Z'),
        endsAtMs: at('2031-07-03T00:00:00Z'),
        allDay: { startDate: '2031-07-01', endDate: '2031-07-03' },
        showAs: 'busy',
      },
      {
        startsAtMs: at('2031-07-07T00:00:00Z'),
        endsAtMs: at('2031-07-08T00:00:00Z'),
        allDay: { startDate: '2031-07-07', endDate: '2031-07-08' },
        showAs: 'tentative',
      },
      {
        startsAtMs: at('2031-07-08T00:00:00Z'),
        endsAtMs: at('2031-07-09T00:00:00Z'),
        allDay: { startDate: '2031-07-08', endDate: '2031-07-09' },
        showAs: 'tentative',
      },
    ]);
  });
});

describe('failures', () => {
  it('waits out one 429 within the request time; a second, or a Retry-After too long, fails carrying it', async () => {
    const calendar = graph.addCalendar('Throttled');
    const day = at('2031-09-01T00:00:00Z');
    graph.addBusy(calendar, day + 9 * HOUR, day + 10 * HOUR);

    graph.throttleNext(1, 1);
    const startedMs = Date.now();
    expect(await provider().busy([calendar], day, day + DAY)).toHaveLength(1);
    expect(Date.now() - startedMs).toBeGreaterThanOrEqual(1_000);

    graph.throttleNext(2, 1);
    const twice = await provider()
      .busy([calendar], day, day + DAY)
      .catch((err: unknown) => err);
    expect(twice).toBeInstanceOf(ProviderUnavailableError);
    expect(twice).toMatchObject({ retryAfterMs: 1_000, message: expect.stringContaining('429 (TooManyRequests)') });

    // 30 s does not fit in a 5 s request: no wait at all.
    graph.throttleNext(1, 30);
    const quickMs = Date.now();
    const tooLong = await provider()
      .busy([calendar], day, day + DAY)
      .catch((err: unknown) => err);
    expect(tooLong).toMatchObject({ name: 'ProviderUnavailableError', retryAfterMs: 30_000 });
    expect(Date.now() - quickMs).toBeLessThan(1_000);
  });

  it('a refused token is ProviderAuthError (needs_reauth); a server down is ProviderUnavailableError', async () => {
    const refused = await provider(graph, { token: 'revoked' })
      .listCalendars()
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ProviderAuthError);
    expect((refused as Error).message).toContain('401 (InvalidAuthenticationToken)');
    expect((refused as Error).message).not.toContain('revoked');

    graph.setDown(true);
    try {
      await expect(provider().listCalendars()).rejects.toBeInstanceOf(ProviderUnavailableError);
    } finally {
      graph.setDown(false);
    }
  });
});

describe('a booking\'s own event (docs/decisions.md "A booking\'s own event never blocks")', () => {
  it('names the booking of an event it wrote, moved or not, and of no other event', async () => {
    const calendar = graph.addCalendar('Own');
    const p = provider();
    const day = at('2031-11-04T00:00:00Z');
    await p.putEvent(calendar, booking('bk_own', day + 8 * HOUR, 'none'));
    // Moved (found by its property, PATCH): still named.
    await p.putEvent(calendar, booking('bk_own', day + 9 * HOUR, 'none'));
    // Another app's property on an event of the owner's, and an event of no property.
    graph.putEvent(calendar, { subject: 'CRM', start: utc(day + 11 * HOUR), end: utc(day + 12 * HOUR) }, [
      { id: 'String {00020329-0000-0000-c000-000000000046} Name bookingId', value: 'bk_crm' },
    ]);
    graph.addBusy(calendar, day + 13 * HOUR, day + 14 * HOUR);
    const events = await p.busy([calendar], day, day + DAY);
    expect(events.map((e) => [(e.startsAtMs - day) / HOUR, e.bookingId])).toEqual([
      [9, 'bk_own'],
      [11, undefined],
      [13, undefined],
    ]);
  });

  it('writtenBooking wants our property with a value, its GUID in any case', () => {
    const ours = (id: string, value: unknown) => ({ singleValueExtendedProperties: [{ id, value: value as string }] });
    expect(writtenBooking(ours(BOOKING_PROPERTY_ID, 'bk_1'))).toBe('bk_1');
    expect(writtenBooking(ours(BOOKING_PROPERTY_ID.toUpperCase(), 'bk_1'))).toBe('bk_1');
    expect(writtenBooking(ours(BOOKING_PROPERTY_ID, ''))).toBeNull();
    expect(writtenBooking(ours(BOOKING_PROPERTY_ID, 7))).toBeNull();
    expect(writtenBooking(ours(BOOKING_PROPERTY_ID.replace('bookingId', 'other'), 'bk_1'))).toBeNull();
    expect(writtenBooking({ singleValueExtendedProperties: [] })).toBeNull();
    expect(writtenBooking({})).toBeNull();
  });
});

describe('write-back', () => {
  it('one event per booking: created with a Teams meeting, moved by PATCH, removed, a second removal fine', async () => {
    const calendar = graph.addCalendar('Bookings');
    const p = provider();
    const startsAtMs = at('2031-10-01T08:00:00Z');
    const first = await p.putEvent(calendar, booking('bk_teams', startsAtMs, 'microsoft_teams'));
    expect(first.meetingUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    const stored = () => graph.events(calendar);
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatchObject({
      id: first.externalEventId,
      subject: 'Checkup with Ann',
      start: { dateTime: '2031-10-01T08:00:00.000', timeZone: 'UTC' },
      isOnlineMeeting: true,
      onlineMeetingProvider: 'teamsForBusiness',
      onlineMeeting: { joinUrl: first.meetingUrl },
    });
    const created = graph.requests().findLast((r) => r.method === 'POST')!;
    expect(created.body.singleValueExtendedProperties).toEqual([{ id: BOOKING_PROPERTY_ID, value: 'bk_teams' }]);

    // A reschedule (or a retry whose answer was lost) finds the event by its property and moves it.
    const moved = await p.putEvent(calendar, booking('bk_teams', startsAtMs + 2 * HOUR, 'microsoft_teams'));
    expect(moved).toEqual({ externalEventId: first.externalEventId, meetingUrl: first.meetingUrl });
    expect(stored()).toHaveLength(1);
    expect(stored()[0]!.start).toEqual({ dateTime: '2031-10-01T10:00:00.000', timeZone: 'UTC' });
    expect(graph.requests().findLast((r) => r.method === 'PATCH')!.path).toBe(`/me/events/${first.externalEventId}`);

    await p.deleteEvent(calendar, first.externalEventId);
    expect(stored()).toEqual([]);
    await expect(p.deleteEvent(calendar, first.externalEventId)).resolves.toBeUndefined();

    // Deleted by its owner meanwhile: the next write makes it again.
    const again = await p.putEvent(calendar, booking('bk_teams', startsAtMs, 'microsoft_teams'));
    expect(again.externalEventId).not.toBe(first.externalEventId);
    expect(stored()).toHaveLength(1);
  });

  it('a service without video gets no meeting; a Zoom link becomes the location', async () => {
    const calendar = graph.addCalendar('Plain');
    const written = await provider().putEvent(calendar, {
      ...booking('bk_plain', at('2031-10-02T08:00:00Z'), 'none'),
      meetingUrl: 'https://zoom.us/j/123',
    });
    expect(written.meetingUrl).toBeNull();
    const [event] = graph.events(calendar);
    expect(event).toMatchObject({ location: { displayName: 'https://zoom.us/j/123' } });
    expect(event!.isOnlineMeeting).toBeUndefined();
    expect(event!.onlineMeeting).toBeUndefined();
    // Two bookings never share an event.
    await provider().putEvent(calendar, booking('bk_other', at('2031-10-02T08:00:00Z'), 'none'));
    expect(graph.events(calendar)).toHaveLength(2);
  });
});
