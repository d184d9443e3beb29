// A service's policies through the gateway's HTTP surface on the embedded platform
// (docs/decisions.md "Service policies"): the dashboard sets them with the catalog's rules, the
// daily limit shapes public availability, create and explain. The cut-offs over the manage link
// are in manage-routes.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { berlinTime, postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, errorOf, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let tenantId = '';
let staffId = '';
let checkup = '';
let owner: ReturnType<typeof dashboard>;

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'policies'));
  owner = dashboard(platform.url, await stores.session(tenantId, 'tenant_owner'));
  const services = (await json(await owner('GET', '/api/services'))).data.items as {
    serviceId: string;
    slug: string;
  }[];
  checkup = services.find((s) => s.slug === 'checkup')!.serviceId;
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

const patch = (body: unknown) => owner('PATCH', `/api/services/${checkup}`, body);

describe('service policies on the dashboard', () => {
  it('default to none, take 0 to their bounds, and refuse the rest with the field’s path', async () => {
    const before = (await json(await owner('GET', `/api/services/${checkup}`))).data;
    expect(before).toMatchObject({ cancelCutoffMin: 0, rescheduleCutoffMin: 0, maxBookingsPerDay: 0 });
    for (const [field, value] of [
      ['cancelCutoffMin', 43_201],
      ['rescheduleCutoffMin', -1],
      ['maxBookingsPerDay', 1001],
      ['maxBookingsPerDay', 1.5],
      ['cancelCutoffMin', '60'],
    ] as const) {
      const refused = await errorOf(await patch({ [field]: value }));
      expect(refused, `${field} = ${value}`).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(refused.details?.[0]?.path).toBe(`body.${field}`);
    }
    const bounds = { cancelCutoffMin: 43_200, rescheduleCutoffMin: 0, maxBookingsPerDay: 1000 };
    expect((await json(await patch(bounds))).data).toMatchObject(bounds);
    await patch({ cancelCutoffMin: 0, maxBookingsPerDay: 0 });
  });
});

describe('daily limit', () => {
  it('closes the staff member’s day on the booking page once reached; explain says daily_limit; a cancel opens it', async () => {
    expect((await json(await patch({ maxBookingsPerDay: 2 }))).data.maxBookingsPerDay).toBe(2);
    const day = 4;
    expect(await slotStartsOn(platform.url, 'policies', day)).toHaveLength(16);
    const first = await postBooking(platform.url, 'policies', berlinTime(day, 9), 'limit-1');
    expect(first.status).toBe(201);
    expect((await postBooking(platform.url, 'policies', berlinTime(day, 14), 'limit-2')).status).toBe(201);

    expect(await slotStartsOn(platform.url, 'policies', day)).toEqual([]);
    expect(await slotStartsOn(platform.url, 'policies', day + 1)).toHaveLength(16);
    const refused = await errorOf(await postBooking(platform.url, 'policies', berlinTime(day, 11), 'limit-3'));
    expect(refused).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
      message: 'This time is not available (daily limit).',
    });
    const explained = await json(
      await owner('GET', `/api/availability/explain?serviceId=${checkup}&startsAtMs=${berlinTime(day, 11)}`),
    );
    expect(explained.data).toMatchObject({
      free: false,
      reason: 'daily_limit',
      owner: { ownerType: 'staff', ownerId: staffId },
    });

    const bookingId = (await json(first)).data.booking.bookingId as string;
    expect((await owner('POST', `/api/bookings/${bookingId}/cancel`, {})).status).toBe(200);
    // One booking left that day: every slot but its own is offered again.
    expect(await slotStartsOn(platform.url, 'policies', day)).toHaveLength(15);
    await patch({ maxBookingsPerDay: 0 });
  });
});
