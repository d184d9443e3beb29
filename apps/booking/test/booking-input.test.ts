// The booking service's own input checks (docs/api-conventions.md "Input rules"): the shared
// rules of @svc/rules, applied before any lock, over real gRPC with the real catalog and
// customer services behind it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessLockManager, type AcquireOptions } from '@svc/lock';
import { DAY_MS, EPOCH_MS_MAX } from '@svc/rules';
import {
  create,
  createBookableTenant,
  createRequest,
  failure,
  localSlot,
  startBooking,
  startDependencies,
  type BookableTenant,
  type BookingHarness,
  type Dependencies,
} from './booking-fixture.js';

/** The in-process lock, counting how often a create asked for a lock. */
class CountingLock extends InProcessLockManager {
  acquired = 0;
  override acquire(key: string, opts: AcquireOptions) {
    this.acquired++;
    return super.acquire(key, opts);
  }
}

let deps: Dependencies;
let svc: BookingHarness;
let tenant: BookableTenant;
const lock = new CountingLock();

beforeAll(async () => {
  deps = await startDependencies();
  svc = await startBooking(deps, { lock });
  tenant = await createBookableTenant(deps.catalog);
});
afterAll(async () => {
  await svc?.stop();
  await deps?.stop();
});

const paths = (err: { details: Array<{ path: string }> }) => err.details.map((d) => d.path).sort();

describe('a customer the customer service would refuse is refused before any lock', () => {
  it.each([
    ['a phone libphonenumber cannot parse', { name: 'Ann', phone: '12345' }, ['customer.phone']],
    ['a national phone without country code', { name: 'Ann', phone: '030 1234567' }, ['customer.phone']],
    ['an email with angle brackets', { name: 'Ann', primaryEmail: '<script>@x.y' }, ['customer.primaryEmail']],
    ['an email with a control character', { name: 'Ann', primaryEmail: 'a\u0001@x.test' }, ['customer.primaryEmail']],
    [
      'an email over 254 characters',
      { name: 'Ann', primaryEmail: `a@${'b'.repeat(250)}.test` },
      ['customer.primaryEmail'],
    ],
    ['neither email nor phone', { name: 'Ann' }, ['customer']],
    [
      'a locale that is not a tag',
      { name: 'Ann', phone: '+14155550123', locale: 'english please' },
      ['customer.locale'],
    ],
  ])('%s → VALIDATION_ERROR on %j', async (_what, customer, expected) => {
    const before = lock.acquired;
    const err = await failure(create(svc.client, createRequest(tenant, localSlot(3, 10), { customer })));
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(paths(err)).toEqual(expected);
    expect(lock.acquired).toBe(before);
  });

  it("the booking's own time zone is checked with the same rule", async () => {
    const err = await failure(create(svc.client, createRequest(tenant, localSlot(3, 10), { timezone: 'Mars/Base' })));
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(paths(err)).toEqual(['timezone']);
  });
});

describe('instants outside the epoch-ms range never reach the engine or the catalog', () => {
  it.each([8_640_000_000_000_000, 9_007_199_254_740_991, 0, -1])(
    'create at %d → VALIDATION_ERROR on startsAtMs',
    async (startsAtMs) => {
      const before = lock.acquired;
      const err = await failure(create(svc.client, createRequest(tenant, startsAtMs)));
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(paths(err)).toEqual(['startsAtMs']);
      expect(lock.acquired).toBe(before);
    },
  );

  it.each([
    ['the first instant', 1],
    ['the last instant of year 9999', EPOCH_MS_MAX],
  ])('create at %s is the usual slot answer (the padded catalog window is clamped)', async (_what, startsAtMs) => {
    const err = await failure(create(svc.client, createRequest(tenant, startsAtMs)));
    expect(err.code).toBe('BOOKING_SLOT_UNAVAILABLE');
  });

  const availability = (fromMs: number, toMs: number) =>
    svc.client.getAvailability({
      tenantId: tenant.tenantId,
      serviceSlug: tenant.service.slug,
      fromMs,
      toMs,
      catalogVersion: '', // not known: the booking service asks the catalog
    });

  it('availability beyond the range → VALIDATION_ERROR naming both ends, not INTERNAL', async () => {
    const err = await failure(availability(8_639_999_000_000_000, 8_640_000_000_000_000));
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(paths(err)).toEqual(['fromMs', 'toMs']);
  });

  it('availability at either end of the range answers (no slots there)', async () => {
    expect((await availability(EPOCH_MS_MAX - DAY_MS, EPOCH_MS_MAX)).slotStartsMs).toEqual([]);
    expect((await availability(1, DAY_MS)).slotStartsMs).toEqual([]);
  });
});
