// A calendar connection change counts at the next read (issue 39; docs/decisions.md
// "Integrations", "A connection change counts at the next read"), through the platform as a
// process (real HTTP through the gateway, the booking and integrations services over gRPC,
// Radicale as the calendar server) with BUSY_CACHE_MS at its default of 60 s: the booking service
// keeps availability's busy-time answer (no GetBusyTimes call for the same read again), yet a
// disconnect, a calendar no longer chosen to block, one chosen again and a reconnect show in the
// very next availability read, and a create decides on them at once. The blocking settings
// (calendar-events-*.test.ts) and a refused grant (integrations-reauth.test.ts) are asserted the
// same way; across replicas: distributed-profile.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { json, prom2jsonMissing, radicaleMissing, serverGate, startRadicale, type RadicaleServer } from '@svc/testing';
import { berlinTime, postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { caldav, eventIcs, MKCALENDAR_WORK } from './caldav-fixture.js';
import { dashboard, errorOf, platformProcess } from './dashboard-fixture.js';
import { movedBetween, scrapeMetrics } from './metrics-fixture.js';

const run =
  serverGate('Radicale', radicaleMissing()) && serverGate('prom2json (Prometheus text parser)', prom2jsonMissing());

const PASSWORD = 'fresh-app-password-4Kd8';
const HOUR = 3_600_000;
const GET_BUSY_TIMES = { grpc_method: 'integrations.v1.IntegrationService/GetBusyTimes' };

describe.runIf(run)('a calendar connection change counts at the next read (BUSY_CACHE_MS 60 s)', () => {
  let radicale: RadicaleServer;
  let platform: Awaited<ReturnType<typeof platformProcess>>;
  let base = '';
  let calendarUrl = '';

  beforeAll(async () => {
    radicale = await startRadicale({ lena: PASSWORD });
    calendarUrl = `${radicale.url}lena/work/`;
    expect((await caldav('lena', PASSWORD)('MKCALENDAR', calendarUrl, MKCALENDAR_WORK)).status).toBe(201);
    // BUSY_CACHE_MS not set: the default, 60 s, longer than this whole file.
    platform = await platformProcess('connection-changes', { LOG_LEVEL: 'warn' });
    base = platform.base;
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await radicale?.stop();
  });

  /** A tenant whose staff member has an appointment of their own at `busyAt` (an hour) in the connected calendar. */
  async function tenantWithCalendar(slug: string, busyAt: number) {
    const put = await caldav('lena', PASSWORD)(
      'PUT',
      `${calendarUrl}${slug}.ics`,
      eventIcs(`${slug}-own`, busyAt, busyAt + HOUR),
      { 'content-type': 'text/calendar' },
    );
    expect(put.status).toBe(201);
    const { tenantId, staffId } = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, slug);
    const api = dashboard(base, await platform.stores.session(tenantId, 'tenant_owner'));
    const connect = async () => {
      const res = await api('POST', '/api/integrations/caldav', {
        staffId,
        serverUrl: radicale.url,
        username: 'lena',
        password: PASSWORD,
      });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(201);
      return body.data.connectionId as string;
    };
    return { api, connect };
  }

  /** The day's slots, twice: the second read is the booking service's kept answer (no GetBusyTimes). */
  async function keptSlots(slug: string, day: number) {
    const slots = await slotStartsOn(base, slug, day);
    const before = await scrapeMetrics(base);
    expect(await slotStartsOn(base, slug, day)).toEqual(slots);
    expect(movedBetween(before, await scrapeMetrics(base))('grpc_server_handling_seconds', GET_BUSY_TIMES)).toBe(0);
    return slots;
  }

  it('a busy event refuses a create; after a disconnect the very next availability read offers the time and a create books it', async () => {
    const busyAt = berlinTime(3, 10);
    const { api, connect } = await tenantWithCalendar('fresh-disconnect', busyAt);
    const connectionId = await connect();
    const slots = await keptSlots('fresh-disconnect', 3);
    expect(slots).not.toContain(busyAt);
    expect(slots).toContain(busyAt + HOUR);
    expect(await errorOf(await postBooking(base, 'fresh-disconnect', busyAt, 'fresh-disconnect-1'))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });

    expect((await api('POST', `/api/integrations/${connectionId}/disconnect`)).status).toBe(200);
    expect(await slotStartsOn(base, 'fresh-disconnect', 3)).toContain(busyAt);
    const booked = await postBooking(base, 'fresh-disconnect', busyAt, 'fresh-disconnect-2');
    expect(booked.status, JSON.stringify(await json(booked.clone()))).toBe(201);
  });

  it('a calendar no longer chosen to block frees the time at the next read; chosen again, or connected anew, it blocks the next read and a create at once', async () => {
    const busyAt = berlinTime(4, 11);
    const { api, connect } = await tenantWithCalendar('fresh-choice', busyAt);
    const connectionId = await connect();
    expect(await keptSlots('fresh-choice', 4)).not.toContain(busyAt);

    const choose = async (id: string, busyCalendarIds: string[]) => {
      const res = await api('PATCH', `/api/integrations/${id}`, { busyCalendarIds });
      expect(res.status, JSON.stringify(await json(res.clone()))).toBe(200);
    };
    await choose(connectionId, []);
    expect(await keptSlots('fresh-choice', 4)).toContain(busyAt);
    await choose(connectionId, [calendarUrl]);
    expect(await keptSlots('fresh-choice', 4)).not.toContain(busyAt);
    expect(await errorOf(await postBooking(base, 'fresh-choice', busyAt, 'fresh-choice-1'))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });

    // Disconnected: the time offered (and that answer kept); connected anew: blocked at once, for a
    // create and for a reschedule into it.
    expect((await api('POST', `/api/integrations/${connectionId}/disconnect`)).status).toBe(200);
    expect(await keptSlots('fresh-choice', 4)).toContain(busyAt);
    const later = await postBooking(base, 'fresh-choice', busyAt + HOUR, 'fresh-choice-later');
    expect(later.status, JSON.stringify(await json(later.clone()))).toBe(201);
    const laterId = (await json(later)).data.booking.bookingId as string;
    await connect();
    expect(await slotStartsOn(base, 'fresh-choice', 4)).not.toContain(busyAt);
    expect(await errorOf(await postBooking(base, 'fresh-choice', busyAt, 'fresh-choice-2'))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });
    expect(
      await errorOf(await api('POST', `/api/bookings/${laterId}/reschedule`, { startsAtMs: busyAt })),
    ).toMatchObject({ status: 409, code: 'BOOKING_SLOT_UNAVAILABLE' });
    // Disconnected again: the reschedule into that time goes through at once.
    const connections = (await json(await api('GET', '/api/integrations'))).data.items as Array<{
      connectionId: string;
      status: string;
    }>;
    for (const c of connections.filter((c) => c.status !== 'disconnected')) {
      expect((await api('POST', `/api/integrations/${c.connectionId}/disconnect`)).status).toBe(200);
    }
    const moved = await api('POST', `/api/bookings/${laterId}/reschedule`, { startsAtMs: busyAt });
    expect(moved.status, JSON.stringify(await json(moved.clone()))).toBe(200);
  });
});
