// Events that block the right time, over Google Calendar, through the embedded platform (GET
// availability through the gateway, the integrations service reading events.list of the
// Calendar API stand-in with a token from the local OAuth provider): the same calendar as the
// CalDAV test (calendar-events-fixture.ts) written as Google events — a recurring event across a
// DST change with an EXDATE and a moved instance, an all-day event, a transparent, a tentative,
// a declined and an accepted invitation — blocks exactly the same slots; the connection's
// settings change that at once; a cancelled instance stops blocking at the first read after
// BUSY_CACHE_MS. docs/decisions.md "Integrations", docs/testing.md "Recurring and all-day events".

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAtProvider, freePort, json } from '@svc/testing';
import { seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { DAYS, expectations, googleEvents, slotsByDay } from './calendar-events-fixture.js';
import { startLocalGoogle, type LocalGoogle } from './google-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const BUSY_CACHE_MS = 2_000;
const SLUG = 'calendar-events-google';

let google: LocalGoogle;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let base: string;
let api: ReturnType<typeof dashboard>;
let connectionId: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const callbackPrefix = `${base}/api/integrations/google/callback`;
  google = await startLocalGoogle(callbackPrefix);
  platform = await startTestPlatform({ PORT: port, ...google.settings, BUSY_CACHE_MS });
  stores = await platformStores(platform);
  const { tenantId, staffId } = await seedTenant(platform.services.catalog.address, SLUG);
  const session = await stores.session(tenantId, 'tenant_owner');
  api = dashboard(base, session);
  for (const event of googleEvents({ cancelled: false })) google.calendar.putEvent('primary', event);

  const started = await json(await api('POST', '/api/integrations/google/connect', { staffId }));
  const callbackUrl = await authorizeAtProvider(
    new URL(started.data.authorizationUrl),
    `staff-${staffId}`,
    callbackPrefix,
  );
  const res = await fetch(callbackUrl, { headers: { cookie: session.cookie }, redirect: 'manual' });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  connectionId = body.data.connectionId;
}, 60_000);

afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
  await google?.close();
});

const slots = () => slotsByDay((day) => slotStartsOn(base, SLUG, day));

describe('events that block the right time: Google Calendar (stand-in) through the platform', () => {
  it('blocks the series at 10:00 local across the DST change, not on its EXDATE, at its moved time; the all-day day; tentative and accepted, not transparent or declined', async () => {
    expect(await slots()).toEqual(
      expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: false }),
    );
    // Read as instances over a window a day wider, with only the fields that decide.
    const asked = google.calendar.listRequests().at(-1)!;
    expect(asked.get('singleEvents')).toBe('true');
    expect(asked.get('fields')).toContain('attendees(self,responseStatus)');
  });

  it("the connection's settings: all-day and tentative events stop blocking at once, and block again", async () => {
    const patch = async (fields: Record<string, boolean>) => {
      const res = await api('PATCH', `/api/integrations/${connectionId}`, fields);
      expect(res.status, JSON.stringify(await json(res.clone()))).toBe(200);
    };
    await patch({ allDayEventsBlock: false, tentativeEventsBlock: false });
    expect(await slots()).toEqual(
      expectations({ allDayEventsBlock: false, tentativeEventsBlock: false, cancelled: false }),
    );
    await patch({ allDayEventsBlock: true, tentativeEventsBlock: true });
    expect(await slots()).toEqual(
      expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: false }),
    );
  });

  it('an instance cancelled in the series stops blocking at the first read after BUSY_CACHE_MS', async () => {
    expect((await slots()).cancelledLater).toEqual(
      expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: false }).cancelledLater,
    );
    const cancel = googleEvents({ cancelled: true }).find((e) => e.status === 'cancelled')!;
    google.calendar.putEvent('primary', cancel);
    const changedAtMs = Date.now();
    await sleep(changedAtMs + BUSY_CACHE_MS + 50 - Date.now());
    // The first read after the bound, not eventually.
    expect(await slotStartsOn(base, SLUG, DAYS.cancelledLater).then((s) => s.length)).toBe(16);
    expect(await slots()).toEqual(
      expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: true }),
    );
  });
});
