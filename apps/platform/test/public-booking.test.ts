import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigFor } from '@svc/config';
import { connectService } from '@svc/grpc';
import { openStore } from '@svc/store';
import { catalogV1 } from '@svc/proto';
import { eventually, json, SERVICE_LISTS_UNCHANGED } from '@svc/testing';
import { berlinTime, seedTenant, slotStartsOn } from './booking-fixture.js';
import { startTestPlatform } from './platform-fixture.js';
import { customer, errorOf, publicBooking, publicBookingPath, slot } from './public-booking-path.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
const DAY = 86_400_000;

beforeAll(async () => {
  platform = await startTestPlatform();
  base = platform.url;
  await seedTenant(platform.services.catalog.address, 'smile');
  await seedTenant(platform.services.catalog.address, 'closed', { suspended: true });
});
afterAll(() => platform.cleanup());

const { create } = publicBooking(() => base);

publicBookingPath(
  () => base,
  () => openStore(storeConfigFor('booking', { PROFILE: 'embedded', DATA_DIR: platform.dataDir })),
);

describe('idempotency', () => {
  const body = { serviceSlug: 'checkup', startsAtMs: slot + 60 * 60_000, customer: customer('idem') };

  it('replays the same key and body with 200 and identical data', async () => {
    const first = await create(body, 'idem-1');
    expect(first.status).toBe(201);
    const a = (await json(first)).data;
    // Same body, other key order: still the same request.
    const again = await create(
      { customer: body.customer, startsAtMs: body.startsAtMs, serviceSlug: 'checkup' },
      'idem-1',
    );
    expect(again.status).toBe(200);
    expect((await json(again)).data).toEqual({ ...a, idempotentReplay: true });
  });

  it('refuses the same key with another body', async () => {
    const res = await create({ ...body, notes: 'different' }, 'idem-1');
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'BOOKING_IDEMPOTENCY_CONFLICT' });
  });

  it('makes one booking of 20 concurrent requests with the same key', async () => {
    const same = { serviceSlug: 'checkup', startsAtMs: slot + 2 * 60 * 60_000, customer: customer('twenty') };
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(same, 'twenty')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(18).fill(200), 201].sort());
    const ids = new Set(await Promise.all(answers.map(async (r) => (await json(r)).data.booking.bookingId)));
    expect(ids.size).toBe(1);
  });
});

describe('errors', () => {
  const ok = { serviceSlug: 'checkup', startsAtMs: slot + 4 * 60 * 60_000, customer: customer('err') };

  it('unknown tenant → NOT_FOUND; suspended tenant → TENANT_INACTIVE (config, availability, create)', async () => {
    expect(await errorOf(await fetch(`${base}/book/nobody/config`))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await errorOf(await fetch(`${base}/book/closed/config`))).toMatchObject({
      status: 403,
      code: 'TENANT_INACTIVE',
    });
    const avail = await fetch(`${base}/book/closed/availability?serviceSlug=checkup&fromMs=${slot}&toMs=${slot + DAY}`);
    expect(await errorOf(avail)).toMatchObject({ status: 403, code: 'TENANT_INACTIVE' });
    expect(await errorOf(await create(ok, 'k-closed', 'closed'))).toMatchObject({
      status: 403,
      code: 'TENANT_INACTIVE',
    });
  });

  it('a tenant suspended after it took bookings → TENANT_INACTIVE; active again → bookable', async () => {
    // The gateway keeps the slug's tenant id once found (tenant-ids.ts); the status is the
    // booking service's check under the lock, with the catalog read fresh.
    const { tenantId } = await seedTenant(platform.services.catalog.address, 'paused');
    const at = (hours: number) => ({ ...ok, startsAtMs: slot + hours * 60 * 60_000 });
    expect((await create(at(0), 'paused-1', 'paused')).status).toBe(201);
    const catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
    try {
      await catalog.updateTenant({ tenantId, status: 'suspended' });
      expect(await errorOf(await create(at(1), 'paused-2', 'paused'))).toMatchObject({
        status: 403,
        code: 'TENANT_INACTIVE',
      });
      await catalog.updateTenant({ tenantId, status: 'active' });
      // A refusal may come from the booking service's short-lived schedule cache for a moment
      // (catalog-schedules.ts); each try is a new key.
      let attempt = 0;
      await eventually('a create accepted again', async () =>
        (await create(at(2), `paused-3-${attempt++}`, 'paused')).status === 201 ? true : undefined,
      );
    } finally {
      catalog.close();
    }
  });

  it('a catalog change shows in the very next availability answer (the schedule is kept per catalog version)', async () => {
    const { tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'reshaped');
    const ten = berlinTime(4, 10);
    // Read twice: the second answer comes from the schedule kept for this catalog version.
    expect(await slotStartsOn(base, 'reshaped', 4)).toContain(ten);
    expect(await slotStartsOn(base, 'reshaped', 4)).toContain(ten);
    const catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
    try {
      const { blockedTime } = await catalog.createBlockedTime({
        tenantId,
        fields: { ownerType: 'staff', ownerId: staffId, startsAtMs: ten, endsAtMs: ten + 60 * 60_000 },
      });
      const blocked = await slotStartsOn(base, 'reshaped', 4);
      expect(blocked).not.toContain(ten);
      expect(blocked).not.toContain(ten + 30 * 60_000);
      expect(blocked).toContain(ten + 60 * 60_000);
      // And back: the block removed, the very next answer offers 10:00 again.
      await catalog.updateBlockedTime({ tenantId, blockId: blockedTime!.blockId, fields: { status: 'deleted' } });
      expect(await slotStartsOn(base, 'reshaped', 4)).toContain(ten);
      // A service made longer: the next answer has its new duration.
      const { items } = await catalog.listServices({ tenantId, statuses: ['active'], page: { limit: 10, cursor: '' } });
      const checkup = items.find((x) => x.slug === 'checkup')!;
      await catalog.updateService({
        tenantId,
        serviceId: checkup.serviceId,
        fields: {
          durationMin: 60,
          ...SERVICE_LISTS_UNCHANGED,
        },
      });
      const res = await fetch(
        `${base}/book/reshaped/availability?serviceSlug=checkup&fromMs=${berlinTime(4, 0)}&toMs=${berlinTime(5, 0)}`,
      );
      const slots = ((await json(res)).data as { slots: Array<{ startsAtMs: number; endsAtMs: number }> }).slots;
      expect(slots.length).toBeGreaterThan(0);
      expect(slots.every((x) => x.endsAtMs - x.startsAtMs === 60 * 60_000)).toBe(true);
    } finally {
      catalog.close();
    }
  });

  it('a service that is not active → SERVICE_INACTIVE; an unknown one → NOT_FOUND', async () => {
    expect(await errorOf(await create({ ...ok, serviceSlug: 'secret' }))).toMatchObject({
      status: 403,
      code: 'SERVICE_INACTIVE',
    });
    expect(await errorOf(await create({ ...ok, serviceSlug: 'nope' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'cl\u00e9'],
  ])('Idempotency-Key %s → VALIDATION_ERROR on headers.idempotency-key', async (_what, key) => {
    const err = await errorOf(await create(ok, key));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(err.details.map((d: { path: string }) => d.path)).toContain('headers.idempotency-key');
  });

  it.each([
    ['no email and no phone', { ...ok, customer: { name: 'X' } }, 'body.customer'],
    ['a bad email', { ...ok, customer: { name: 'X', primaryEmail: 'nope' } }, 'body.customer.primaryEmail'],
    ['no name', { ...ok, customer: { primaryEmail: 'a@b.test' } }, 'body.customer.name'],
    ['another source', { ...ok, source: 'dashboard' }, 'body.source'],
    ['a fractional start', { ...ok, startsAtMs: 1.5 }, 'body.startsAtMs'],
    ['an unknown member', { ...ok, coupon: 'FREE' }, 'body'],
    ['notes over 2000 characters', { ...ok, notes: 'n'.repeat(2001) }, 'body.notes'],
    ['an unknown time zone', { ...ok, timezone: 'Mars/Olympus' }, 'body.timezone'],
    // Fuzzing probes: instants beyond JavaScript's dates, and the epoch itself.
    ['startsAtMs 8640000000000000', { ...ok, startsAtMs: 8_640_000_000_000_000 }, 'body.startsAtMs'],
    ['startsAtMs 9007199254740991', { ...ok, startsAtMs: 9_007_199_254_740_991 }, 'body.startsAtMs'],
    ['startsAtMs 0', { ...ok, startsAtMs: 0 }, 'body.startsAtMs'],
    // The customer service's rules, applied here before the booking service takes any lock.
    ['a phone that is not a number', { ...ok, customer: { name: 'X', phone: '12345' } }, 'body.customer.phone'],
    ['a phone without country code', { ...ok, customer: { name: 'X', phone: '030 1234567' } }, 'body.customer.phone'],
    [
      'an email with <>',
      { ...ok, customer: { name: 'X', primaryEmail: '<script>@x.y' } },
      'body.customer.primaryEmail',
    ],
    [
      'an email of 300 characters',
      { ...ok, customer: { name: 'X', primaryEmail: `${'a'.repeat(60)}@${'b'.repeat(235)}.test` } },
      'body.customer.primaryEmail',
    ],
  ])('create with %s → VALIDATION_ERROR on %s', async (_what, body, path) => {
    const err = await errorOf(await create(body));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(err.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it.each([
    ['taken', slot],
    ['outside hours (20:00)', berlinTime(3, 20)],
    ['misaligned (+5 minutes)', slot + 5 * 60_000 + 4 * 60 * 60_000],
    ['in the past', berlinTime(-1, 10)],
    ['too far (100 days)', berlinTime(100, 10)],
  ])('a start that is %s → BOOKING_SLOT_UNAVAILABLE 409', async (_what, startsAtMs) => {
    expect(await errorOf(await create({ ...ok, startsAtMs }))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });
  });

  it('a refused create does not use up its key', async () => {
    expect((await create({ ...ok, startsAtMs: slot }, 'retry-me')).status).toBe(409);
    expect((await create(ok, 'retry-me')).status).toBe(201);
  });

  it.each([
    ['a window over 31 days', `serviceSlug=checkup&fromMs=${slot}&toMs=${slot + 32 * DAY}`, 'query.toMs'],
    ['from after to', `serviceSlug=checkup&fromMs=${slot}&toMs=${slot - 1}`, 'query.toMs'],
    ['no serviceSlug', `fromMs=${slot}&toMs=${slot + DAY}`, 'query.serviceSlug'],
    ['no fromMs', `serviceSlug=checkup&toMs=${slot + DAY}`, 'query.fromMs'],
    [
      'instants beyond the date range',
      'serviceSlug=checkup&fromMs=8639999000000000&toMs=8640000000000000',
      'query.fromMs',
    ],
    ['fromMs 0', `serviceSlug=checkup&fromMs=0&toMs=${DAY}`, 'query.fromMs'],
  ])('availability with %s → VALIDATION_ERROR on %s', async (_what, query, path) => {
    const err = await errorOf(await fetch(`${base}/book/smile/availability?${query}`));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(err.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('a session cookie on a public route changes nothing', async () => {
    const res = await fetch(`${base}/book/smile/config`, { headers: { cookie: '__Host-service_session=forged' } });
    expect(res.status).toBe(200);
  });
});
