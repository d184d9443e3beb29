// Date overrides through the gateway's HTTP surface on the embedded platform (docs/decisions.md
// "Date overrides"): the dashboard's /api/date-overrides, what public availability and create
// then answer, and the explain route naming the override.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { berlinTime, postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, errorOf, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let tenantId = '';
let staffId = '';
let owner: ReturnType<typeof dashboard>;
let viewer: ReturnType<typeof dashboard>;

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'overrides'));
  owner = dashboard(platform.url, await stores.session(tenantId, 'tenant_owner'));
  viewer = dashboard(platform.url, await stores.session(tenantId, 'tenant_viewer'));
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

/** The Berlin date `daysAhead` days from now, as YYYY-MM-DD. */
const berlinDate = (daysAhead: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(berlinTime(daysAhead, 12)));

const hhmm = (starts: number[]) =>
  starts.map((ms) =>
    new Date(ms).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }),
  );

async function created(body: unknown) {
  const res = await owner('POST', '/api/date-overrides', body);
  const answer = await json(res);
  expect(res.status, JSON.stringify(answer)).toBe(201);
  return answer.data as { overrideId: string; date: string; windows: unknown[] };
}

describe('date overrides on the dashboard', () => {
  it('shorter hours, a closed day and extra hours change the booking page’s slots; a delete restores them', async () => {
    // The tenant is open 09:00–17:00 every day, 30-minute slots.
    expect(await slotStartsOn(platform.url, 'overrides', 4)).toHaveLength(16);
    const shorter = await created({
      ownerType: 'tenant',
      date: berlinDate(4),
      windows: [{ startMinute: 600, endMinute: 690 }],
    });
    expect(shorter).toMatchObject({
      ownerId: tenantId,
      windows: [{ startMinute: 600, endMinute: 690 }],
      status: 'active',
    });
    expect(hhmm(await slotStartsOn(platform.url, 'overrides', 4))).toEqual(['10:00', '10:30', '11:00']);

    // The staff member is off on day 5: nobody left to book, and explain says whose override it is.
    await created({ ownerType: 'staff', ownerId: staffId, date: berlinDate(5), windows: [] });
    expect(await slotStartsOn(platform.url, 'overrides', 5)).toEqual([]);
    const refused = await postBooking(platform.url, 'overrides', berlinTime(5, 10), 'override-closed');
    expect(await errorOf(refused)).toMatchObject({ status: 409, code: 'BOOKING_SLOT_UNAVAILABLE' });
    const services = (await json(await owner('GET', '/api/services'))).data.items as {
      serviceId: string;
      slug: string;
    }[];
    const checkup = services.find((s) => s.slug === 'checkup')!.serviceId;
    const explained = await json(
      await viewer('GET', `/api/availability/explain?serviceId=${checkup}&startsAtMs=${berlinTime(5, 10)}`),
    );
    expect(explained.data).toMatchObject({
      free: false,
      reason: 'outside_hours',
      owner: { ownerType: 'staff', ownerId: staffId },
      override: { ownerType: 'staff', ownerId: staffId, date: berlinDate(5) },
    });

    // Extra evening hours for both on day 6, and a booking in them.
    await created({ ownerType: 'tenant', date: berlinDate(6), windows: [{ startMinute: 1080, endMinute: 1200 }] });
    await created({
      ownerType: 'staff',
      ownerId: staffId,
      date: berlinDate(6),
      windows: [{ startMinute: 1080, endMinute: 1200 }],
    });
    expect(hhmm(await slotStartsOn(platform.url, 'overrides', 6))).toEqual(['18:00', '18:30', '19:00', '19:30']);
    expect((await postBooking(platform.url, 'overrides', berlinTime(6, 18, 30), 'override-evening')).status).toBe(201);

    // The list, a date filter, then the shorter day deleted: back to the weekly hours.
    const list = (await json(await viewer('GET', `/api/date-overrides?fromDate=${berlinDate(5)}`))).data;
    expect(list.items.map((o: { date: string }) => o.date)).toEqual([berlinDate(5), berlinDate(6), berlinDate(6)]);
    const deleted = await owner('PATCH', `/api/date-overrides/${shorter.overrideId}`, { status: 'deleted' });
    expect(deleted.status).toBe(200);
    expect(await slotStartsOn(platform.url, 'overrides', 4)).toHaveLength(16);
    expect((await viewer('GET', `/api/date-overrides/${shorter.overrideId}`)).status).toBe(404);
  });

  it('refuses bad input at its field, and changes from a read role', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ownerType: 'tenant', date: '2026-02-30', windows: [] }, 'body.date'],
      [{ ownerType: 'tenant', date: berlinDate(9), windows: [{ startMinute: 600, endMinute: 600 }] }, 'body.windows'],
      [
        {
          ownerType: 'tenant',
          date: berlinDate(9),
          windows: [
            { startMinute: 600, endMinute: 700 },
            { startMinute: 650, endMinute: 800 },
          ],
        },
        'body.windows',
      ],
      [{ ownerType: 'staff', date: berlinDate(9), windows: [] }, 'body.ownerId'],
      [{ ownerType: 'staff', ownerId: 'stf_nobody', date: berlinDate(9), windows: [] }, 'body.ownerId'],
      [{ ownerType: 'tenant', date: berlinDate(9) }, 'body.windows'],
    ];
    for (const [body, path] of cases) {
      const err = await errorOf(await owner('POST', '/api/date-overrides', body));
      expect(err, JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(err.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const forbidden = await viewer('POST', '/api/date-overrides', {
      ownerType: 'tenant',
      date: berlinDate(9),
      windows: [],
    });
    expect(await errorOf(forbidden)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await slotStartsOn(platform.url, 'overrides', 9)).toHaveLength(16);
  });
});
