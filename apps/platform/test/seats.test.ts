// Seats through the gateway's HTTP surface on the embedded platform (docs/decisions.md "Seats"):
// a class set up on the dashboard, its slots' seats left for a party, creates of parties, the
// refusals at body.partySize and of a full session, the booking record's party.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { dashboard, errorOf, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let owner: ReturnType<typeof dashboard>;
let staffId = '';

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  let tenantId: string;
  ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'studio'));
  owner = dashboard(platform.url, await stores.session(tenantId, 'tenant_owner'));
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

const at = berlinTime(3, 10);

async function slotsFor(partySize?: number) {
  const query = new URLSearchParams({ serviceSlug: 'yoga', fromMs: String(at), toMs: String(at + 1) });
  if (partySize !== undefined) query.set('partySize', String(partySize));
  const res = await fetch(`${platform.url}/book/studio/availability?${query}`);
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.slots as Array<{ startsAtMs: number; seatsLeft?: number }>;
}

const book = (partySize: number | undefined, key: string) =>
  fetch(`${platform.url}/book/studio/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      serviceSlug: 'yoga',
      startsAtMs: at,
      customer: { name: 'Yogi', primaryEmail: `${key}@example.test` },
      ...(partySize !== undefined ? { partySize } : {}),
    }),
  });

describe('a class with seats', () => {
  it('is set up with seats and a largest party no larger than them', async () => {
    const refused = await errorOf(
      await owner('POST', '/api/services', {
        slug: 'yoga',
        name: 'Yoga',
        durationMin: 60,
        staffIds: [staffId],
        seats: 3,
        maxPartySize: 4,
      }),
    );
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(refused.details[0].path).toBe('body.maxPartySize');
    const res = await owner('POST', '/api/services', {
      slug: 'yoga',
      name: 'Yoga',
      durationMin: 60,
      slotIntervalMin: 60,
      staffIds: [staffId],
      seats: 5,
      maxPartySize: 3,
    });
    expect(res.status).toBe(201);
    expect((await json(res)).data).toMatchObject({ seats: 5, maxPartySize: 3 });
  });

  it('lists seats left for a party; books parties until full; refuses what does not fit', async () => {
    expect(await slotsFor()).toEqual([{ startsAtMs: at, endsAtMs: at + 3_600_000, seatsLeft: 5 }]);
    const first = await book(3, 'yoga-1');
    expect(first.status).toBe(201);
    const bookingId = (await json(first)).data.booking.bookingId;
    expect((await json(await owner('GET', `/api/bookings/${bookingId}`))).data.partySize).toBe(3);
    expect((await slotsFor())[0]?.seatsLeft).toBe(2);
    expect(await slotsFor(3)).toEqual([]);

    expect(await errorOf(await book(3, 'yoga-2'))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
      message: 'This time is not available (full).',
    });
    const tooBig = await errorOf(await book(4, 'yoga-3'));
    expect(tooBig).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(tooBig.details).toEqual([{ path: 'body.partySize', message: 'must be at most 3 for this service' }]);
    expect((await errorOf(await book(0, 'yoga-4'))).details[0].path).toBe('body.partySize');
    const badQuery = await fetch(
      `${platform.url}/book/studio/availability?serviceSlug=yoga&fromMs=${at}&toMs=${at + 1}&partySize=x`,
    );
    expect(badQuery.status).toBe(400);

    expect((await book(undefined, 'yoga-5')).status).toBe(201);
    expect((await book(1, 'yoga-6')).status).toBe(201);
    expect(await slotsFor()).toEqual([]);
  });
});
