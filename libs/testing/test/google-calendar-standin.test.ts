// The Google Calendar stand-in's events.list against what the API reference says it answers:
// recurring events as instances in the series' own zone across a DST change, EXDATE, moved and
// cancelled instances, all-day events, paging, maxAttendees and partial responses.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleCalendarStandIn, type GoogleCalendarStandIn } from '../src/index.js';

const TOKEN = 'stand-in-test-token';
let google: GoogleCalendarStandIn;

beforeAll(async () => {
  google = await startGoogleCalendarStandIn({ verifyToken: async (t) => t === TOKEN });
});
afterAll(() => google?.close());

async function list(calendarId: string, query: Record<string, string>) {
  const res = await fetch(`${google.url}/calendars/${calendarId}/events?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const window = { singleEvents: 'true', timeMin: '2030-03-01T00:00:00Z', timeMax: '2030-05-01T00:00:00Z' };

describe('events.list with singleEvents=true', () => {
  it('expands a weekly series in its zone across DST, without EXDATEs, with a moved and a cancelled instance', async () => {
    const series = google.putEvent('dst', {
      id: 'weekly1',
      start: { dateTime: '2030-03-18T10:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-03-18T11:00:00+01:00', timeZone: 'Europe/Berlin' },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6', 'EXDATE;TZID=Europe/Berlin:20300325T100000'],
    });
    google.putEvent('dst', {
      recurringEventId: series.id,
      originalStartTime: { dateTime: '2030-04-01T10:00:00+02:00', timeZone: 'Europe/Berlin' },
      start: { dateTime: '2030-04-02T14:00:00+02:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-04-02T15:00:00+02:00', timeZone: 'Europe/Berlin' },
    });
    google.putEvent('dst', {
      recurringEventId: series.id,
      originalStartTime: { dateTime: '2030-04-08T08:00:00Z' },
      status: 'cancelled',
      start: { dateTime: '2030-04-08T10:00:00+02:00' },
      end: { dateTime: '2030-04-08T11:00:00+02:00' },
    });
    const { status, body } = await list('dst', window);
    expect(status).toBe(200);
    expect(body.items.map((e: any) => [e.id, e.start.dateTime, e.end.dateTime, e.recurringEventId])).toEqual([
      ['weekly1_20300318T090000Z', '2030-03-18T10:00:00+01:00', '2030-03-18T11:00:00+01:00', 'weekly1'],
      // 25 March excluded; 1 April (CEST from 31 March) moved to 2 April 14:00.
      ['weekly1_20300401T080000Z', '2030-04-02T14:00:00+02:00', '2030-04-02T15:00:00+02:00', 'weekly1'],
      // 8 April cancelled.
      ['weekly1_20300415T080000Z', '2030-04-15T10:00:00+02:00', '2030-04-15T11:00:00+02:00', 'weekly1'],
      ['weekly1_20300422T080000Z', '2030-04-22T10:00:00+02:00', '2030-04-22T11:00:00+02:00', 'weekly1'],
    ]);
    expect(body.items[0].originalStartTime).toEqual({
      dateTime: '2030-03-18T10:00:00+01:00',
      timeZone: 'Europe/Berlin',
    });
    expect(body.items[0].recurrence).toBeUndefined();
    // With showDeleted the cancelled instance is there too.
    const deleted = await list('dst', { ...window, showDeleted: 'true' });
    expect(deleted.body.items.map((e: any) => e.status)).toEqual([
      'confirmed',
      'confirmed',
      'cancelled',
      'confirmed',
      'confirmed',
    ]);
  });

  it('reads UNTIL and EXDATE given in UTC on the series wall clock', async () => {
    google.putEvent('until', {
      id: 'daily1',
      start: { dateTime: '2030-03-29T09:30:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-03-29T10:00:00+01:00', timeZone: 'Europe/Berlin' },
      // Until 1 April 07:30 UTC = 09:30 CEST: that day is the last.
      recurrence: ['RRULE:FREQ=DAILY;UNTIL=20300401T073000Z', 'EXDATE:20300330T083000Z'],
    });
    const { body } = await list('until', window);
    expect(body.items.map((e: any) => e.start.dateTime)).toEqual([
      '2030-03-29T09:30:00+01:00',
      '2030-03-31T09:30:00+02:00',
      '2030-04-01T09:30:00+02:00',
    ]);
  });

  it('answers all-day events and series with dates, and bounds by end after timeMin and start before timeMax', async () => {
    google.putEvent('days', { id: 'holiday1', start: { date: '2030-03-10' }, end: { date: '2030-03-12' } });
    google.putEvent('days', {
      id: 'monthly1',
      start: { date: '2030-01-15' },
      end: { date: '2030-01-16' },
      recurrence: ['RRULE:FREQ=MONTHLY;BYMONTHDAY=15;COUNT=12'],
    });
    const { body } = await list('days', {
      singleEvents: 'true',
      timeMin: '2030-03-11T00:00:00Z',
      timeMax: '2030-04-15T00:00:00Z',
    });
    expect(body.items.map((e: any) => [e.id, e.start.date, e.end.date])).toEqual([
      ['holiday1', '2030-03-10', '2030-03-12'],
      ['monthly1_20300315', '2030-03-15', '2030-03-16'],
    ]);
  });

  it('pages with nextPageToken, keeps the account among many attendees, and answers only the fields asked', async () => {
    for (let i = 0; i < 5; i++) {
      google.putEvent('paged', {
        id: `single${i}`,
        summary: `Meeting ${i}`,
        start: { dateTime: `2030-03-0${i + 1}T10:00:00Z` },
        end: { dateTime: `2030-03-0${i + 1}T11:00:00Z` },
        attendees: [
          { email: 'boss@example.test', responseStatus: 'accepted' },
          { email: 'me@example.test', self: true, responseStatus: i === 2 ? 'declined' : 'accepted' },
        ],
      });
    }
    const fields = 'nextPageToken,items(id,start,attendees(self,responseStatus))';
    const ids: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const { status, body } = await list('paged', {
        ...window,
        maxResults: '2',
        maxAttendees: '1',
        fields,
        ...(pageToken ? { pageToken } : {}),
      });
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(
        pageToken === undefined ? ['items', 'nextPageToken'] : expect.anything(),
      );
      for (const item of body.items) {
        expect(Object.keys(item).sort()).toEqual(['attendees', 'id', 'start']);
        expect(item.attendees).toEqual([
          { self: true, responseStatus: item.id === 'single2' ? 'declined' : 'accepted' },
        ]);
        ids.push(item.id);
      }
      pageToken = body.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(ids).toEqual(['single0', 'single1', 'single2', 'single3', 'single4']);
  });

  it("answers the extended properties asked, private without shared, an instance with its series'", async () => {
    const props = { private: { bookingId: 'bkg_1' }, shared: { color: 'green' } };
    google.putEvent('props', {
      id: 'tagged1',
      start: { dateTime: '2030-03-02T10:00:00Z' },
      end: { dateTime: '2030-03-02T11:00:00Z' },
      extendedProperties: props,
    });
    google.putEvent('props', {
      id: 'daily1',
      start: { dateTime: '2030-03-02T12:00:00Z', timeZone: 'UTC' },
      end: { dateTime: '2030-03-02T13:00:00Z', timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=1'],
      extendedProperties: props,
    });
    google.putEvent('props', {
      id: 'plain1',
      start: { dateTime: '2030-03-02T14:00:00Z' },
      end: { dateTime: '2030-03-02T15:00:00Z' },
    });
    const { body } = await list('props', { ...window, fields: 'items(id,extendedProperties(private))' });
    expect(body.items).toEqual([
      { id: 'tagged1', extendedProperties: { private: { bookingId: 'bkg_1' } } },
      { id: 'daily1_20300302T120000Z', extendedProperties: { private: { bookingId: 'bkg_1' } } },
      { id: 'plain1' },
    ]);
  });

  it('refuses what Google refuses', async () => {
    expect((await list('x', { ...window, maxResults: '2501' })).status).toBe(400);
    expect((await list('x', { ...window, timeMin: '2030-03-01T00:00:00' })).status).toBe(400);
    expect((await list('x', { ...window, timeMax: '2030-02-01T00:00:00Z' })).body.error.message).toBe(
      'The specified time range is empty.',
    );
    expect((await list('x', { ...window, fields: 'items(id,transparancy)' })).body.error).toEqual({
      code: 400,
      message: 'Invalid field selection transparancy',
    });
    expect((await list('x', { ...window, pageToken: 'garbage!' })).status).toBe(400);
    const res = await fetch(`${google.url}/calendars/x/events`, { headers: { authorization: 'Bearer wrong' } });
    expect(res.status).toBe(401);
  });
});
