// Events that block the right time, over Google Calendar, through the embedded platform (GET
// availability through the gateway, the integrations service reading events.list of the
// Calendar API stand-in with a token from the local OAuth provider): the same calendar as the
// CalDAV test (calendar-events-fixture.ts) written as Google events — a recurring event across a
// DST change with an EXDATE and a moved instance, an all-day event, a transparent, a tentative,
// a declined and an accepted invitation — blocks exactly the same slots; the connection's
// settings change that at the next read; a cancelled instance stops blocking at the first read after
// BUSY_CACHE_MS. docs/decisions.md "Integrations", docs/testing.md "Recurring and all-day events".

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotStartsOn } from './booking-fixture.js';
import { seedTenantWithOwner, type dashboard } from './dashboard-fixture.js';
import {
  expectations,
  expectCancelSeenAfterCache,
  expectSettingsApplyAtNextRead,
  googleEvents,
  slotsByDay,
} from './calendar-events-fixture.js';
import { startLocalGoogle, type LocalGoogle } from './google-fixture.js';
import {
  connectThroughOAuth,
  startPlatformWithProviders,
  type PlatformWithProviders,
} from './oauth-provider-fixture.js';

const BUSY_CACHE_MS = 2_000;
const SLUG = 'calendar-events-google';

let google: LocalGoogle;
let running: PlatformWithProviders<{ google: LocalGoogle }>;
let base: string;
let api: ReturnType<typeof dashboard>;
let connectionId: string;

beforeAll(async () => {
  running = await startPlatformWithProviders(
    async (callbackOf) => ({ google: await startLocalGoogle(callbackOf('google')) }),
    { BUSY_CACHE_MS },
  );
  base = running.base;
  google = running.providers.google;
  const owner = await seedTenantWithOwner(running.platform, running.stores, base, SLUG);
  api = owner.api;
  for (const event of googleEvents({ cancelled: false })) google.calendar.putEvent('primary', event);

  ({ connectionId } = (await connectThroughOAuth(owner, 'google', running.callbackOf('google'))).connection);
}, 60_000);

afterAll(() => running?.close());

const slotsOn = (day: number) => slotStartsOn(base, SLUG, day);
const slots = () => slotsByDay(slotsOn);

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

  it("the connection's settings: all-day and tentative events stop blocking, and block again, at the next read", async () => {
    await expectSettingsApplyAtNextRead(api, connectionId, slotsOn);
  });

  it('an instance cancelled in the series stops blocking at the first read after BUSY_CACHE_MS', async () => {
    const cancel = googleEvents({ cancelled: true }).find((e) => e.status === 'cancelled')!;
    await expectCancelSeenAfterCache(() => google.calendar.putEvent('primary', cancel), BUSY_CACHE_MS, slotsOn);
  });
});
