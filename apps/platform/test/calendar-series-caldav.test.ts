// Series of any age and times without an IANA zone, over CalDAV against a real Radicale, through
// the platform as a process running in a zone far from its staff member's (TZ=Pacific/Kiritimati,
// UTC+14; the staff member is in Europe/Berlin): a daily series begun in 2010 blocks next week in
// availability and in create; an hourly series begun seven months ago blocks its hours; a floating
// time blocks the Berlin wall-clock time, not the server's nor UTC's; a Windows zone name without
// VTIMEZONE is placed in its zone; a series that cannot be walked within the bound blocks the
// window and is counted on GET /metrics. docs/decisions.md "Integrations" ("Series of any age",
// "Floating and unknown zones"), docs/testing.md "Recurring and all-day events".

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { json, prom2jsonMissing, radicaleMissing, serverGate, startRadicale, type RadicaleServer } from '@svc/testing';
import { berlinTime, postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess } from './dashboard-fixture.js';
import { caldav, MKCALENDAR_WORK, utc } from './caldav-fixture.js';
import { movedBetween, scrapeMetrics } from './metrics-fixture.js';

const run = serverGate('Radicale', radicaleMissing());

const ACCOUNT = 'weber';
const PASSWORD = 'series-app-password-8Hw2';
const SLUG = 'calendar-series-caldav';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** UTC midnight of the Berlin date `daysAhead` days from today. */
const utcDayOf = (daysAhead: number) => {
  const noon = berlinTime(daysAhead, 12);
  return noon - (noon % DAY);
};
/** iCalendar's basic local form of a UTC day's date at a time (no zone). */
const localText = (dayMs: number, hhmm: string) => `${utc(dayMs).slice(0, 8)}T${hhmm}00`;

function event(uid: string, ...lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//series//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20100101T000000Z',
    ...lines,
    'SUMMARY:Standing appointment',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe.runIf(run)('series of any age and floating times: CalDAV (Radicale) through the platform in UTC+14', () => {
  let radicale: RadicaleServer;
  let platform: Awaited<ReturnType<typeof platformProcess>>;
  let calendarUrl: string;

  /** Days ahead of the four cases (the daily series runs through all of them). */
  const DAILY = 7;
  const HOURLY = 8;
  const FLOATING = 9;
  const WINDOWS = 10;

  beforeAll(async () => {
    radicale = await startRadicale({ [ACCOUNT]: PASSWORD });
    calendarUrl = `${radicale.url}${ACCOUNT}/work/`;
    const client = caldav(ACCOUNT, PASSWORD);
    expect(
      (await client('MKCALENDAR', calendarUrl, MKCALENDAR_WORK, { 'content-type': 'application/xml' })).status,
    ).toBe(201);
    const hourlyDay = utcDayOf(HOURLY);
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(hourlyDay).getUTCDay()];
    // 210 days before, at midnight UTC: every third hour of that weekday is 00, 03, … 21 UTC.
    const hourlyStart = hourlyDay - 210 * DAY;
    const resources: Record<string, string> = {
      // Every day at 10:00 UTC for half an hour, since Monday 4 January 2010.
      'daily-2010.ics': event('daily-2010', 'DTSTART:20100104T100000Z', 'DTEND:20100104T103000Z', 'RRULE:FREQ=DAILY'),
      'hourly.ics': event(
        'hourly',
        `DTSTART:${utc(hourlyStart)}`,
        `DTEND:${utc(hourlyStart + HOUR / 2)}`,
        `RRULE:FREQ=HOURLY;INTERVAL=3;BYDAY=${weekday}`,
      ),
      // 13:00–14:00 with no zone at all: the staff member's 13:00.
      'floating.ics': event(
        'floating',
        `DTSTART:${localText(utcDayOf(FLOATING), '1300')}`,
        `DTEND:${localText(utcDayOf(FLOATING), '1400')}`,
      ),
      // 15:00–16:00 in Outlook's name for Berlin's zone, no VTIMEZONE.
      'windows.ics': event(
        'windows',
        `DTSTART;TZID=W. Europe Standard Time:${localText(utcDayOf(WINDOWS), '1500')}`,
        `DTEND;TZID=W. Europe Standard Time:${localText(utcDayOf(WINDOWS), '1600')}`,
      ),
    };
    for (const [name, text] of Object.entries(resources)) {
      const res = await client('PUT', `${calendarUrl}${name}`, text, { 'content-type': 'text/calendar' });
      expect([201, 204], `PUT ${name}`).toContain(res.status);
    }

    platform = await platformProcess('calendar-series-caldav', { LOG_LEVEL: 'warn', TZ: 'Pacific/Kiritimati' });
    const { tenantId, staffId } = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, SLUG);
    const api = dashboard(platform.base, await platform.stores.session(tenantId, 'tenant_owner'));
    const res = await api('POST', '/api/integrations/caldav', {
      staffId,
      serverUrl: radicale.url,
      username: ACCOUNT,
      password: PASSWORD,
    });
    expect(res.status, JSON.stringify(await json(res.clone()))).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await radicale?.stop();
  });

  const slotsOn = (day: number) => slotStartsOn(platform.base, SLUG, day);
  const create = (at: number, key: string) => postBooking(platform.base, SLUG, at, key);

  it('a daily series begun in 2010 blocks next week at its time, in availability and in create (409)', async () => {
    const at = utcDayOf(DAILY) + 10 * HOUR;
    const slots = await slotsOn(DAILY);
    expect(slots).not.toContain(at);
    expect(slots).toContain(at - HOUR / 2);
    expect(slots).toContain(at + HOUR / 2);
    expect(await errorOf(await create(at, 'series-daily-1'))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });
  });

  it('an hourly series begun seven months ago blocks every third hour of its weekday', async () => {
    const day = utcDayOf(HOURLY);
    const slots = await slotsOn(HOURLY);
    // 09:00 and 12:00 UTC (the hourly series), 10:00 (the daily one); the half hours between are free.
    for (const hour of [9, 10, 12]) expect(slots, `${hour}:00 UTC`).not.toContain(day + hour * HOUR);
    for (const hour of [9.5, 11, 12.5]) expect(slots, `${hour} UTC`).toContain(day + hour * HOUR);
    expect(await errorOf(await create(day + 12 * HOUR, 'series-hourly-1'))).toMatchObject({ status: 409 });
  });

  it("a floating time blocks the staff member's wall clock (Berlin), not the server's nor UTC", async () => {
    const slots = await slotsOn(FLOATING);
    expect(slots).not.toContain(berlinTime(FLOATING, 13));
    expect(slots).not.toContain(berlinTime(FLOATING, 13, 30));
    expect(slots).toContain(berlinTime(FLOATING, 12, 30));
    // 13:00 UTC is 14:00 or 15:00 in Berlin: free.
    expect(slots).toContain(berlinTime(FLOATING, 14));
    expect(await errorOf(await create(berlinTime(FLOATING, 13), 'series-floating-1'))).toMatchObject({ status: 409 });
    expect((await create(berlinTime(FLOATING, 14), 'series-floating-2')).status).toBe(201);
  });

  it('a Windows zone name without VTIMEZONE is placed in the zone it names', async () => {
    const slots = await slotsOn(WINDOWS);
    expect(slots).not.toContain(berlinTime(WINDOWS, 15));
    expect(slots).not.toContain(berlinTime(WINDOWS, 15, 30));
    expect(slots).toContain(berlinTime(WINDOWS, 14, 30));
    expect(slots).toContain(berlinTime(WINDOWS, 16));
  });

  it.runIf(serverGate('prom2json (Prometheus text parser)', prom2jsonMissing()))(
    'a series that cannot be walked within the bound blocks the whole day, counted in integrations_series_walk_limits_total',
    async () => {
      const before = await scrapeMetrics(platform.base);
      // A COUNT over every other day filtered by weekday (no two periods alike, and no weekly rule
      // it equals): counted only by walking from 2010, further than a read may (docs/decisions.md
      // "Series of any age"). Radicale expands it for its time range.
      const text = event(
        'never',
        'DTSTART:20100104T100000Z',
        'DTEND:20100104T103000Z',
        'RRULE:FREQ=DAILY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=100000',
      );
      const put = await caldav(ACCOUNT, PASSWORD)('PUT', `${calendarUrl}never.ics`, text, {
        'content-type': 'text/calendar',
      });
      expect(put.status).toBe(201);
      expect(await slotsOn(11)).toEqual([]);
      const moved = movedBetween(before, await scrapeMetrics(platform.base));
      expect(
        moved('integrations_series_walk_limits_total', { service: 'integrations', where: 'before_window' }),
      ).toBeGreaterThanOrEqual(1);
      expect(moved('integrations_series_walk_limits_total', { service: 'integrations', where: 'in_window' })).toBe(0);
    },
  );
});
