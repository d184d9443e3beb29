// Events that block the right time, over Microsoft 365, through the embedded platform (GET
// availability through the gateway, the integrations service reading calendarView of the Graph
// stand-in with a token from the local identity platform): the same calendar as the CalDAV and
// Google tests (calendar-events-fixture.ts) written as Graph events — a weekly series across a
// DST change with a deleted and a moved occurrence, an all-day event, a free, a tentative, a
// declined and an accepted invitation — blocks exactly the same slots; the connection's settings
// change that at the next read; a cancelled occurrence stops blocking at the first read after
// BUSY_CACHE_MS. docs/decisions.md "Integrations", docs/testing.md "Recurring and all-day events".

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotStartsOn } from './booking-fixture.js';
import { seedTenantWithOwner, type dashboard } from './dashboard-fixture.js';
import {
  expectations,
  expectCancelSeenAfterCache,
  expectSettingsApplyAtNextRead,
  microsoftEvents,
  slotsByDay,
} from './calendar-events-fixture.js';
import { startLocalMicrosoft, type LocalMicrosoft } from './microsoft-fixture.js';
import {
  connectThroughOAuth,
  startPlatformWithProviders,
  type PlatformWithProviders,
} from './oauth-provider-fixture.js';

const BUSY_CACHE_MS = 2_000;
const SLUG = 'calendar-events-microsoft';

let microsoft: LocalMicrosoft;
let running: PlatformWithProviders<{ microsoft: LocalMicrosoft }>;
let base: string;
let api: ReturnType<typeof dashboard>;
let connectionId: string;

beforeAll(async () => {
  running = await startPlatformWithProviders(
    async (callbackOf) => ({ microsoft: await startLocalMicrosoft(callbackOf('microsoft')) }),
    { BUSY_CACHE_MS },
  );
  base = running.base;
  microsoft = running.providers.microsoft;
  const owner = await seedTenantWithOwner(running.platform, running.stores, base, SLUG);
  api = owner.api;
  const { graph } = microsoft;
  const calendar = microsoftEvents({ cancelled: false });
  for (const event of [calendar.series, ...calendar.exceptions, ...calendar.others]) {
    graph.putEvent(graph.defaultCalendarId, event);
  }
  graph.deleteOccurrence('teamweekly', calendar.excludedStartMs);

  ({ connectionId } = (await connectThroughOAuth(owner, 'microsoft', running.callbackOf('microsoft'))).connection);
}, 60_000);

afterAll(() => running?.close());

const slotsOn = (day: number) => slotStartsOn(base, SLUG, day);
const slots = () => slotsByDay(slotsOn);

describe('events that block the right time: Microsoft 365 (stand-in) through the platform', () => {
  it('blocks the series at 10:00 local across the DST change, not its deleted occurrence, at its moved time; the all-day day; tentative and accepted, not free or declined', async () => {
    expect(await slots()).toEqual(
      expectations({ allDayEventsBlock: true, tentativeEventsBlock: true, cancelled: false }),
    );
    // Read as occurrences (calendarView) in UTC, with only the properties that decide.
    const asked = microsoft.graph.requests().findLast((r) => r.path.endsWith('/calendarView'))!;
    expect(asked.prefer).toBe('outlook.timezone="UTC"');
    expect(asked.query.get('$select')).toBe('start,end,isAllDay,isCancelled,showAs,responseStatus');
  });

  it("the connection's settings: all-day and tentative events stop blocking, and block again, at the next read", async () => {
    await expectSettingsApplyAtNextRead(api, connectionId, slotsOn);
  });

  it('an occurrence cancelled in the series stops blocking at the first read after BUSY_CACHE_MS', async () => {
    const cancel = microsoftEvents({ cancelled: true }).exceptions.find((e) => e.isCancelled)!;
    const { graph } = microsoft;
    await expectCancelSeenAfterCache(() => graph.putEvent(graph.defaultCalendarId, cancel), BUSY_CACHE_MS, slotsOn);
  });
});
