// The Google Calendar provider's busy events, read from events.list of the Calendar API stand-in
// (libs/testing, its documented shapes, not Google): which events block and how (all-day,
// tentative), which never do (transparent, cancelled, declined, working location, birthday),
// recurring series as their instances across a DST change, every page followed, and the
// request it makes (window a day wider, one scope's worth of fields).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleCalendarStandIn, type GoogleCalendarStandIn, type NewStandInEvent } from '@svc/testing';
import { busyEventOf } from '../src/calendars/providers/google-busy.js';
import {
  BOOKING_PROPERTY,
  GoogleCalendarProvider,
  googleEventId,
  writtenBooking,
} from '../src/calendars/providers/google-calendar.js';
import { GoogleOAuth } from '../src/connections/providers/google-oauth.js';
import { ProviderAuthError, type BusyEvent } from '../src/providers/provider.js';

const TOKEN = 'google-busy-events-token';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 1 April 2030, 00:00 UTC (Berlin switched to summer time on Sunday 31 March). */
const T0 = Date.UTC(2030, 3, 1);

let google: GoogleCalendarStandIn;

beforeAll(async () => {
  google = await startGoogleCalendarStandIn({ verifyToken: async (token) => token === TOKEN });
});
afterAll(() => google?.close());

function provider(accessToken = TOKEN) {
  return new GoogleCalendarProvider({
    apiUrl: google.url,
    oauth: new GoogleOAuth({
      clientId: 'client',
      clientSecret: 'secret',
      authorizationUrl: 'http://127.0.0.1:1/authorize',
      tokenUrl: 'http://127.0.0.1:1/token',
      timeoutMs: 2_000,
      maxResponseBytes: 1024 * 1024,
    }),
    tokens: { accessToken, refreshToken: 'refresh', expiresAtMs: Date.now() + DAY },
    saveTokens: async () => {},
    timeoutMs: 5_000,
    maxResponseBytes: 5 * 1024 * 1024,
    now: () => Date.now(),
  });
}

const at = (ms: number) => ({ dateTime: new Date(ms).toISOString() });
const timed = (startMs: number, endMs: number, fields: Partial<NewStandInEvent> = {}): NewStandInEvent => ({
  start: at(startMs),
  end: at(endMs),
  ...fields,
});
const sorted = (events: BusyEvent[]) => [...events].sort((a, b) => a.startsAtMs - b.startsAtMs);

describe('Google busy events from events.list', () => {
  it('keeps what blocks, marks tentative and all-day, and leaves out what never blocks', async () => {
    const cal = 'kinds';
    const h = (hour: number) => T0 + hour * HOUR;
    const self = (responseStatus: string) => ({
      attendees: [
        { email: 'organizer@example.test', organizer: true, responseStatus: 'accepted' },
        { email: 'staff@example.test', self: true, responseStatus },
      ],
    });
    google.putEvent(cal, timed(h(8), h(9)));
    google.putEvent(cal, timed(h(9), h(10), { transparency: 'transparent' }));
    google.putEvent(cal, timed(h(10), h(11), { status: 'cancelled' }));
    google.putEvent(cal, timed(h(11), h(12), self('declined')));
    google.putEvent(cal, timed(h(12), h(13), { status: 'tentative' }));
    google.putEvent(cal, timed(h(13), h(14), self('tentative')));
    google.putEvent(cal, timed(h(14), h(15), self('needsAction')));
    google.putEvent(cal, timed(h(15), h(16), { eventType: 'outOfOffice' }));
    google.putEvent(cal, timed(h(16), h(17), { eventType: 'focusTime' }));
    google.putEvent(cal, timed(h(17), h(18), { eventType: 'workingLocation' }));
    google.putEvent(cal, { start: { date: '2030-04-02' }, end: { date: '2030-04-03' } });
    google.putEvent(cal, { start: { date: '2030-04-03' }, end: { date: '2030-04-04' }, eventType: 'birthday' });
    google.putEvent(cal, { start: { date: '2030-04-04' }, end: { date: '2030-04-05' }, transparency: 'transparent' });

    const events = sorted(await provider().busy([cal], T0, T0 + 7 * DAY));
    expect(events).toEqual([
      { startsAtMs: h(8), endsAtMs: h(9), showAs: 'busy' },
      { startsAtMs: h(12), endsAtMs: h(13), showAs: 'tentative' },
      { startsAtMs: h(13), endsAtMs: h(14), showAs: 'tentative' },
      // Not answered yet: busy (the invitation is in their calendar until they decline it).
      { startsAtMs: h(14), endsAtMs: h(15), showAs: 'busy' },
      { startsAtMs: h(15), endsAtMs: h(16), showAs: 'busy' },
      { startsAtMs: h(16), endsAtMs: h(17), showAs: 'busy' },
      {
        startsAtMs: Date.UTC(2030, 3, 2),
        endsAtMs: Date.UTC(2030, 3, 3),
        allDay: { startDate: '2030-04-02', endDate: '2030-04-03' },
        showAs: 'busy',
      },
    ]);
  });

  it('answers a weekly series as its instances in its own zone across DST, without excluded, moved-away and cancelled ones', async () => {
    const cal = 'series';
    const berlin = (dateTime: string) => ({ dateTime, timeZone: 'Europe/Berlin' });
    const series = google.putEvent(cal, {
      id: 'weekly',
      start: berlin('2030-03-18T10:00:00+01:00'),
      end: berlin('2030-03-18T11:00:00+01:00'),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20300430T000000Z', 'EXDATE;TZID=Europe/Berlin:20300408T100000'],
    });
    google.putEvent(cal, {
      recurringEventId: series.id,
      originalStartTime: berlin('2030-04-15T10:00:00+02:00'),
      start: berlin('2030-04-16T15:00:00+02:00'),
      end: berlin('2030-04-16T16:30:00+02:00'),
      status: 'tentative',
    });
    google.putEvent(cal, {
      recurringEventId: series.id,
      originalStartTime: berlin('2030-04-22T10:00:00+02:00'),
      start: berlin('2030-04-22T10:00:00+02:00'),
      end: berlin('2030-04-22T11:00:00+02:00'),
      status: 'cancelled',
    });
    const events = sorted(await provider().busy([cal], Date.UTC(2030, 2, 20), Date.UTC(2030, 4, 1)));
    const utc = (iso: string) => Date.parse(iso);
    expect(events).toEqual([
      // Monday 25 March, winter time: 09:00 UTC.
      { startsAtMs: utc('2030-03-25T09:00:00Z'), endsAtMs: utc('2030-03-25T10:00:00Z'), showAs: 'busy' },
      // From 1 April summer time: 08:00 UTC.
      { startsAtMs: utc('2030-04-01T08:00:00Z'), endsAtMs: utc('2030-04-01T09:00:00Z'), showAs: 'busy' },
      { startsAtMs: utc('2030-04-16T13:00:00Z'), endsAtMs: utc('2030-04-16T14:30:00Z'), showAs: 'tentative' },
      { startsAtMs: utc('2030-04-29T08:00:00Z'), endsAtMs: utc('2030-04-29T09:00:00Z'), showAs: 'busy' },
    ]);
  });

  it('asks a day either side with only the fields it reads, keeps all-day events there and timed ones inside', async () => {
    const cal = 'window';
    google.putEvent(cal, timed(T0 - 2 * HOUR, T0 - HOUR));
    google.putEvent(cal, timed(T0 - HOUR, T0 + HOUR));
    google.putEvent(cal, { start: { date: '2030-03-31' }, end: { date: '2030-04-01' } });
    google.putEvent(cal, timed(T0 + DAY, T0 + DAY + HOUR));
    const before = google.listRequests().length;
    const events = sorted(await provider().busy([cal], T0, T0 + DAY));
    expect(events.map((e) => [e.startsAtMs - T0, e.allDay?.startDate])).toEqual([
      [-DAY, '2030-03-31'],
      [-HOUR, undefined],
    ]);
    const [query] = google.listRequests().slice(before);
    expect(Object.fromEntries(query!)).toEqual({
      singleEvents: 'true',
      showDeleted: 'false',
      timeMin: new Date(T0 - DAY).toISOString(),
      timeMax: new Date(T0 + 2 * DAY).toISOString(),
      maxResults: '2500',
      maxAttendees: '1',
      fields:
        'nextPageToken,items(id,status,start,end,transparency,eventType,attendees(self,responseStatus),extendedProperties(private))',
    });
  });

  it('follows nextPageToken to the last page', async () => {
    const cal = 'many';
    // 2,600 five-minute events: two pages of at most 2,500.
    for (let i = 0; i < 2_600; i++) google.putEvent(cal, timed(T0 + i * 5 * 60_000, T0 + (i + 1) * 5 * 60_000));
    const before = google.listRequests().length;
    const events = await provider().busy([cal], T0, T0 + 10 * DAY);
    expect(events).toHaveLength(2_600);
    expect(new Set(events.map((e) => e.startsAtMs)).size).toBe(2_600);
    const pages = google.listRequests().slice(before);
    expect(pages.map((q) => q.has('pageToken'))).toEqual([false, true]);
  });

  it('checks the grant at connect with one events.list of one event, and a refused token is ProviderAuthError', async () => {
    const before = google.listRequests().length;
    expect(await provider().listCalendars()).toEqual([{ calendarId: 'primary', name: 'Primary calendar' }]);
    const [query] = google.listRequests().slice(before);
    expect(query?.get('maxResults')).toBe('1');
    await expect(provider('revoked-token').listCalendars()).rejects.toBeInstanceOf(ProviderAuthError);
    await expect(provider('revoked-token').busy(['primary'], T0, T0 + DAY)).rejects.toBeInstanceOf(ProviderAuthError);
  });
});

describe('a booking\'s own event (docs/decisions.md "A booking\'s own event never blocks")', () => {
  it('names the booking of an event it wrote, moved or not, and of no other event', async () => {
    const cal = 'written';
    const p = provider();
    const write = (bookingId: string, startsAtMs: number) =>
      p.putEvent(cal, {
        bookingId,
        title: 'Check-up',
        description: `Booking ${bookingId}`,
        startsAtMs,
        endsAtMs: startsAtMs + HOUR,
        sequence: 0,
        conferencing: 'none',
      });
    const written = await write('bkg_own', T0 + 8 * HOUR);
    expect(written.externalEventId).toBe(googleEventId('bkg_own'));
    // Moved (409, then PATCH): still named.
    await write('bkg_own', T0 + 9 * HOUR);
    // An event written before the mark was set gains it at its next write.
    google.putEvent(cal, { ...timed(T0 + 11 * HOUR, T0 + 12 * HOUR), id: googleEventId('bkg_old') });
    // Someone else's events: one with the mark but another id (a copy, or made up), one with an
    // id of ours and no mark yet.
    google.putEvent(cal, {
      ...timed(T0 + 13 * HOUR, T0 + 14 * HOUR),
      extendedProperties: { private: { [BOOKING_PROPERTY]: 'bkg_own' } },
    });
    const read = async () =>
      sorted(await p.busy([cal], T0, T0 + DAY)).map((e) => [(e.startsAtMs - T0) / HOUR, e.bookingId]);
    expect(await read()).toEqual([
      [9, 'bkg_own'],
      [11, undefined],
      [13, undefined],
    ]);
    await write('bkg_old', T0 + 11 * HOUR);
    expect(await read()).toEqual([
      [9, 'bkg_own'],
      [11, 'bkg_old'],
      [13, undefined],
    ]);
  });

  it('writtenBooking wants the mark and the id that booking gets', () => {
    const mark = (bookingId: unknown) => ({ private: { [BOOKING_PROPERTY]: bookingId as string } });
    expect(writtenBooking({ id: googleEventId('bkg_1'), extendedProperties: mark('bkg_1') })).toBe('bkg_1');
    expect(writtenBooking({ id: googleEventId('bkg_1'), extendedProperties: mark('bkg_2') })).toBeNull();
    expect(
      writtenBooking({ id: `${googleEventId('bkg_1')}_20300401T080000Z`, extendedProperties: mark('bkg_1') }),
    ).toBeNull();
    expect(writtenBooking({ id: googleEventId(''), extendedProperties: mark('') })).toBeNull();
    expect(writtenBooking({ id: googleEventId('bkg_1'), extendedProperties: mark(7) })).toBeNull();
    expect(writtenBooking({ id: googleEventId('bkg_1'), extendedProperties: {} })).toBeNull();
    expect(writtenBooking({ id: googleEventId('bkg_1') })).toBeNull();
  });
});

describe('a Meet that Google is still making', () => {
  it('fails the write while the conference is pending, and answers the link once it is made', async () => {
    const event = {
      bookingId: 'bkg_meet_pending',
      title: 'Consultation',
      description: 'Booking bkg_meet_pending',
      startsAtMs: T0 + 10 * HOUR,
      endsAtMs: T0 + 11 * HOUR,
      sequence: 0,
      conferencing: 'google_meet' as const,
    };
    google.meetPending(1);
    await expect(provider().putEvent('primary', event)).rejects.toThrow(/still making the Meet link/);
    // The worker's retry writes the same event again (409, then PATCH with the same requestId).
    const written = await provider().putEvent('primary', { ...event, sequence: 1 });
    expect(written.meetingUrl).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(google.events('primary').filter((e) => e.id === written.externalEventId)).toHaveLength(1);
  });
});

describe('one event resource as a busy event', () => {
  const at = (iso: string) => ({ dateTime: iso });
  it("reads a dateTime without offset in its timeZone, else the staff member's, never the process's (UTC+14 here)", () => {
    const local = { start: at('2030-04-01T10:00:00'), end: at('2030-04-01T11:00:00') };
    expect(
      busyEventOf({
        start: { ...local.start, timeZone: 'America/New_York' },
        end: { ...local.end, timeZone: 'America/New_York' },
      }),
    ).toMatchObject({
      startsAtMs: Date.parse('2030-04-01T14:00:00Z'),
      endsAtMs: Date.parse('2030-04-01T15:00:00Z'),
    });
    expect(busyEventOf(local, 'Europe/Berlin')).toMatchObject({
      startsAtMs: Date.parse('2030-04-01T08:00:00Z'),
      endsAtMs: Date.parse('2030-04-01T09:00:00Z'),
    });
    expect(busyEventOf(local)).toMatchObject({ startsAtMs: Date.parse('2030-04-01T10:00:00Z') });
  });

  it('leaves out a cancelled instance even when the server sends it, and what cannot be placed', () => {
    const timed = { start: at('2030-04-01T10:00:00+02:00'), end: at('2030-04-01T11:00:00+02:00') };
    expect(busyEventOf(timed)).toEqual({
      startsAtMs: Date.parse('2030-04-01T08:00:00Z'),
      endsAtMs: Date.parse('2030-04-01T09:00:00Z'),
      showAs: 'busy',
    });
    expect(busyEventOf({ ...timed, status: 'cancelled' })).toBeNull();
    expect(busyEventOf({ ...timed, end: timed.start })).toBeNull();
    expect(busyEventOf({ start: at('soon'), end: timed.end })).toBeNull();
    expect(busyEventOf({})).toBeNull();
    expect(busyEventOf({ start: { date: '2030-02-30' }, end: { date: '2030-03-01' } })).toBeNull();
    expect(busyEventOf({ start: { date: '2030-03-02' }, end: { date: '2030-03-01' } })).toBeNull();
    expect(busyEventOf({ start: { date: '2030-03-01' }, end: at('2030-03-02T00:00:00Z') })).toBeNull();
    expect(busyEventOf({ start: { date: '2030-03-01' }, end: { date: '2030-03-03' }, status: 'tentative' })).toEqual({
      startsAtMs: Date.UTC(2030, 2, 1),
      endsAtMs: Date.UTC(2030, 2, 3),
      allDay: { startDate: '2030-03-01', endDate: '2030-03-03' },
      showAs: 'tentative',
    });
  });
});
