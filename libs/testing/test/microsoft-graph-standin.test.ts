// The Microsoft Graph stand-in against what the Graph v1.0 reference says it answers: calendarView
// with its required window, series expanded in their zone across DST (interval, numbered and
// end-date ranges), times in the zone the Prefer header names, all-day events at midnight in any
// zone, $select, paging, the extended-property filter, event create/update/delete, and the
// error bodies of refusals, throttling and outages.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMicrosoftGraphStandIn, type MicrosoftGraphStandIn } from '../src/index.js';

const TOKEN = 'graph-stand-in-token';
let graph: MicrosoftGraphStandIn;

beforeAll(async () => {
  graph = await startMicrosoftGraphStandIn({ verifyToken: async (t) => t === TOKEN, timeZone: 'Europe/Berlin' });
});
afterAll(() => graph?.close());

async function call(method: string, path: string, opts: { body?: unknown; prefer?: string; token?: string } = {}) {
  const res = await fetch(path.startsWith('http') ? path : `${graph.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${opts.token ?? TOKEN}`,
      ...(opts.prefer ? { prefer: opts.prefer } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text === '' ? {} : JSON.parse(text)) as Record<string, any>,
  };
}

const view = (calendarId: string, from: string, to: string, extra: Record<string, string> = {}, prefer?: string) =>
  call(
    'GET',
    `/me/calendars/${calendarId}/calendarView?${new URLSearchParams({ startDateTime: from, endDateTime: to, ...extra })}`,
    {
      ...(prefer ? { prefer } : {}),
    },
  );

describe('calendarView', () => {
  it('needs its window, as Graph answers without one', async () => {
    const res = await call('GET', `/me/calendars/${graph.defaultCalendarId}/calendarView`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'ErrorInvalidParameter',
      innerError: { 'request-id': expect.any(String) },
    });
  });

  it('expands a biweekly series in its zone across DST, a numbered range, the exceptions applied', async () => {
    const calendar = graph.addCalendar('Series');
    const master = graph.putEvent(calendar, {
      subject: 'Biweekly',
      start: { dateTime: '2030-03-11T09:30:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-03-11T10:00:00.0000000', timeZone: 'Europe/Berlin' },
      recurrence: {
        pattern: { type: 'weekly', interval: 2, daysOfWeek: ['monday', 'thursday'], firstDayOfWeek: 'monday' },
        range: { type: 'numbered', startDate: '2030-03-12', numberOfOccurrences: 4 },
      },
    });
    graph.putEvent(calendar, {
      seriesMasterId: master.id,
      originalStart: '2030-03-28T08:30:00Z',
      isCancelled: true,
      start: { dateTime: '2030-03-28T09:30:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-03-28T10:00:00.0000000', timeZone: 'Europe/Berlin' },
    });
    const res = await view(calendar, '2030-03-01T00:00:00Z', '2030-05-01T00:00:00Z', {}, 'outlook.timezone="UTC"');
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('outlook.timezone="UTC"');
    // Starting on the 12th (a Tuesday): Thursday 14th, then every other week; summer time from
    // 31 March, so 09:30 Berlin is 07:30 UTC after it. The cancelled exception is in UTC too.
    expect(res.body.value.map((e: any) => [e.type, e.start.dateTime, e.isCancelled])).toEqual([
      ['occurrence', '2030-03-14T08:30:00.0000000', false],
      ['occurrence', '2030-03-25T08:30:00.0000000', false],
      ['exception', '2030-03-28T08:30:00.0000000', true],
      ['occurrence', '2030-04-08T07:30:00.0000000', false],
    ]);
    expect(res.body.value[0]).toMatchObject({ seriesMasterId: master.id, originalStart: '2030-03-14T08:30:00Z' });
  });

  it('answers times in the Prefer zone, all-day events at midnight whatever the zone, and only what $select names', async () => {
    const calendar = graph.addCalendar('Zones');
    graph.putEvent(calendar, {
      subject: 'Call',
      start: { dateTime: '2030-06-03T15:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2030-06-03T16:00:00.0000000', timeZone: 'UTC' },
    });
    graph.putEvent(calendar, {
      subject: 'Holiday',
      isAllDay: true,
      start: { dateTime: '2030-06-04T00:00:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-06-05T00:00:00.0000000', timeZone: 'Europe/Berlin' },
    });
    const res = await view(
      calendar,
      '2030-06-03T00:00:00Z',
      '2030-06-06T00:00:00Z',
      { $select: 'start,end,isAllDay' },
      'outlook.timezone="America/New_York"',
    );
    expect(res.body.value).toEqual([
      {
        id: expect.any(String),
        start: { dateTime: '2030-06-03T11:00:00.0000000', timeZone: 'America/New_York' },
        end: { dateTime: '2030-06-03T12:00:00.0000000', timeZone: 'America/New_York' },
        isAllDay: false,
      },
      {
        id: expect.any(String),
        start: { dateTime: '2030-06-04T00:00:00.0000000', timeZone: 'America/New_York' },
        end: { dateTime: '2030-06-05T00:00:00.0000000', timeZone: 'America/New_York' },
        isAllDay: true,
      },
    ]);
    const unknown = await view(calendar, '2030-06-03T00:00:00Z', '2030-06-06T00:00:00Z', { $select: 'attendeez' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('RequestBroker--ParseUri');
  });

  it("expands the one extended property $filter names: on the events that hold it, an occurrence its master's", async () => {
    const calendar = graph.addCalendar('Expand');
    const ours = 'String {3f0c6a52-5d1e-4b7a-9c3e-8a41d2b7e6f9} Name bookingId';
    const theirs = 'String {66f5a359-4659-4830-9070-00047ec6ac6e} Name Color';
    const at = (hour: number) => ({ dateTime: `2030-06-10T${String(hour).padStart(2, '0')}:00:00`, timeZone: 'UTC' });
    const written = graph.putEvent(calendar, { subject: 'Booking', start: at(8), end: at(9) }, [
      { id: ours, value: 'bk_1' },
      { id: theirs, value: 'Green' },
    ]);
    graph.putEvent(calendar, { subject: 'Tagged', start: at(10), end: at(11) }, [{ id: theirs, value: 'Red' }]);
    graph.putEvent(calendar, { subject: 'Plain', start: at(12), end: at(13) });
    graph.putEvent(
      calendar,
      {
        id: 'standup',
        subject: 'Standup',
        start: at(14),
        end: at(15),
        recurrence: { pattern: { type: 'daily', interval: 1 }, range: { type: 'noEnd', startDate: '2030-06-10' } },
      },
      [{ id: ours, value: 'bk_series' }],
    );
    // The GUID in another case than written: the same property.
    const expand = `singleValueExtendedProperties($filter=id eq '${ours.replace(/\{.+\}/, (g) => g.toUpperCase())}')`;
    const res = await view(calendar, '2030-06-10T00:00:00Z', '2030-06-11T00:00:00Z', {
      $select: 'subject',
      $expand: expand,
    });
    expect(res.status).toBe(200);
    expect(res.body.value.map((e: any) => [e.subject, e.singleValueExtendedProperties])).toEqual([
      ['Booking', [{ id: ours, value: 'bk_1' }]],
      ['Tagged', undefined],
      ['Plain', undefined],
      ['Standup', [{ id: ours, value: 'bk_series' }]],
    ]);
    expect(res.body.value[0].id).toBe(written.id);
    // Without $expand no extended property comes; any other $expand is refused.
    const plain = await view(calendar, '2030-06-10T00:00:00Z', '2030-06-11T00:00:00Z', { $select: 'subject' });
    expect(plain.body.value.every((e: any) => e.singleValueExtendedProperties === undefined)).toBe(true);
    const other = await view(calendar, '2030-06-10T00:00:00Z', '2030-06-11T00:00:00Z', { $expand: 'attachments' });
    expect(other.status).toBe(400);
  });

  it('pages with $top and @odata.nextLink', async () => {
    const calendar = graph.addCalendar('Pages');
    const day = Date.parse('2030-07-01T00:00:00Z');
    for (let i = 0; i < 5; i++) graph.addBusy(calendar, day + i * 3_600_000, day + i * 3_600_000 + 1_800_000);
    const first = await view(calendar, '2030-07-01T00:00:00Z', '2030-07-02T00:00:00Z', { $top: '2' });
    expect(first.body.value).toHaveLength(2);
    const second = await call('GET', first.body['@odata.nextLink']);
    const third = await call('GET', second.body['@odata.nextLink']);
    expect(third.body.value).toHaveLength(1);
    expect(third.body['@odata.nextLink']).toBeUndefined();
  });
});

describe('events', () => {
  it('creates with a Teams meeting and an extended property, finds it by the property, updates, deletes, then 404', async () => {
    const calendar = graph.addCalendar('Writes');
    const property = 'String {11111111-2222-3333-4444-555555555555} Name bookingId';
    const created = await call('POST', `/me/calendars/${calendar}/events`, {
      body: {
        subject: 'Booking',
        start: { dateTime: '2030-08-01T08:00:00', timeZone: 'UTC' },
        end: { dateTime: '2030-08-01T09:00:00', timeZone: 'UTC' },
        isOnlineMeeting: true,
        onlineMeetingProvider: 'teamsForBusiness',
        singleValueExtendedProperties: [{ id: property, value: "bk_o'1" }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.onlineMeeting.joinUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    const filter = `singleValueExtendedProperties/Any(ep: ep/id eq '${property}' and ep/value eq 'bk_o''1')`;
    const found = await call('GET', `/me/calendars/${calendar}/events?${new URLSearchParams({ $filter: filter })}`);
    expect(found.body.value.map((e: any) => e.id)).toEqual([created.body.id]);
    const other = await call(
      'GET',
      `/me/calendars/${calendar}/events?${new URLSearchParams({ $filter: "subject eq 'x'" })}`,
    );
    expect(other.status).toBe(400);

    const patched = await call('PATCH', `/me/events/${created.body.id}`, {
      body: {
        start: { dateTime: '2030-08-01T10:00:00', timeZone: 'UTC' },
        end: { dateTime: '2030-08-01T11:00:00', timeZone: 'UTC' },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.onlineMeeting).toEqual(created.body.onlineMeeting);
    expect((await call('DELETE', `/me/events/${created.body.id}`)).status).toBe(204);
    const gone = await call('DELETE', `/me/events/${created.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('ErrorItemNotFound');
  });

  it('refuses an event without a zone or ending before it starts', async () => {
    const missing = await call('POST', `/me/calendars/${graph.defaultCalendarId}/events`, {
      body: { start: { dateTime: '2030-08-01T08:00:00' }, end: { dateTime: '2030-08-01T09:00:00', timeZone: 'UTC' } },
    });
    expect(missing.status).toBe(400);
    const backwards = await call('POST', `/me/calendars/${graph.defaultCalendarId}/events`, {
      body: {
        start: { dateTime: '2030-08-01T09:00:00', timeZone: 'UTC' },
        end: { dateTime: '2030-08-01T08:00:00', timeZone: 'UTC' },
      },
    });
    expect(backwards.status).toBe(400);
  });
});

describe('refusals, throttling and outages', () => {
  it('401 InvalidAuthenticationToken, 429 TooManyRequests with Retry-After for the next n, 503 while down', async () => {
    const refused = await call('GET', '/me/calendars', { token: 'nope' });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('InvalidAuthenticationToken');

    graph.throttleNext(2, 7);
    for (let i = 0; i < 2; i++) {
      const throttled = await call('GET', '/me/calendars');
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get('retry-after')).toBe('7');
      expect(throttled.body.error.code).toBe('TooManyRequests');
    }
    expect((await call('GET', '/me/calendars')).status).toBe(200);

    graph.setDown(true);
    try {
      expect((await call('GET', '/me')).status).toBe(503);
    } finally {
      graph.setDown(false);
    }
  });
});
