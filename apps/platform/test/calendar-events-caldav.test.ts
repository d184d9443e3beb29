// Events that block the right time, over CalDAV against a real Radicale, through the platform as
// a process (GET availability through the gateway, the booking and integrations services over
// gRPC): events written by a CalDAV client as real iCalendar (calendar-events-fixture.ts) — a
// weekly series across a DST change of Europe/Berlin with an EXDATE and a moved occurrence, an
// all-day event, a transparent, a tentative, a declined and an accepted invitation — block
// exactly their slots; the connection's all-day and tentative settings change that at the next read; and
// an occurrence cancelled in the series stops blocking at the first read after BUSY_CACHE_MS.
// docs/decisions.md "Integrations", docs/testing.md "Recurring and all-day events".

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { json, radicaleMissing, serverGate, startRadicale, type RadicaleServer } from '@svc/testing';
import { seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, platformProcess } from './dashboard-fixture.js';
import { caldav, MKCALENDAR_WORK } from './caldav-fixture.js';
import {
  expectations,
  expectCancelSeenAfterCache,
  expectSettingsApplyAtNextRead,
  icsResources,
  slotsByDay,
} from './calendar-events-fixture.js';

const run = serverGate('Radicale', radicaleMissing());

/** The account is an address: the invitations name it as their attendee. */
const ACCOUNT = 'weber@praxis.test';
const PASSWORD = 'events-app-password-4Kd8';
/** Small, so the cancel's bound is waited for in the test. */
const BUSY_CACHE_MS = 2_000;
const SLUG = 'calendar-events-caldav';

describe.runIf(run)('events that block the right time: CalDAV (Radicale) through the platform', () => {
  let radicale: RadicaleServer;
  let platform: Awaited<ReturnType<typeof platformProcess>>;
  let base: string;
  let api: ReturnType<typeof dashboard>;
  let connectionId: string;
  let calendarUrl: string;
  const client = () => caldav(ACCOUNT, PASSWORD);

  async function putAll(cancelled: boolean) {
    for (const [name, text] of Object.entries(icsResources(ACCOUNT, { cancelled }))) {
      const res = await client()('PUT', `${calendarUrl}${name}`, text, { 'content-type': 'text/calendar' });
      expect([201, 204], `PUT ${name}`).toContain(res.status);
    }
  }

  beforeAll(async () => {
    radicale = await startRadicale({ [ACCOUNT]: PASSWORD });
    calendarUrl = `${radicale.url}${ACCOUNT}/work/`;
    const made = await client()('MKCALENDAR', calendarUrl, MKCALENDAR_WORK, { 'content-type': 'application/xml' });
    expect(made.status).toBe(201);
    await putAll(false);
    platform = await platformProcess('calendar-events-caldav', {
      LOG_LEVEL: 'warn',
      BUSY_CACHE_MS: String(BUSY_CACHE_MS),
      // Far from the staff member's Europe/Berlin: nothing may read a time in the process's zone.
      TZ: 'Pacific/Kiritimati',
    });
    base = platform.base;
    const { tenantId, staffId } = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, SLUG);
    api = dashboard(base, await platform.stores.session(tenantId, 'tenant_owner'));
    const res = await api('POST', '/api/integrations/caldav', {
      staffId,
      serverUrl: radicale.url,
      username: ACCOUNT,
      password: PASSWORD,
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    connectionId = body.data.connectionId;
    expect(body.data).toMatchObject({ allDayEventsBlock: true, tentativeEventsBlock: true });
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await radicale?.stop();
  });

  const slotsOn = (day: number) => slotStartsOn(base, SLUG, day);
  const slots = () => slotsByDay(slotsOn);

  it('blocks the series at 10:00 local across the DST change, not on its EXDATE, at its moved time; the all-day day; tentative and accepted, not transparent or declined', async () => {
    expect(await slots()).toEqual(
      expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: false }),
    );
  });

  it("the connection's settings: all-day and tentative events stop blocking, and block again, at the next read", async () => {
    await expectSettingsApplyAtNextRead(api, connectionId, slotsOn);
    // A value that is not a boolean is a validation error, not a 500.
    const bad = await json(await api('PATCH', `/api/integrations/${connectionId}`, { allDayEventsBlock: 'no' }));
    expect(bad.error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('an occurrence cancelled in the series stops blocking at the first read after BUSY_CACHE_MS', async () => {
    await expectCancelSeenAfterCache(() => putAll(true), BUSY_CACHE_MS, slotsOn);
  });
});
