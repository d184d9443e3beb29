// The availability rules of docs/decisions.md "Availability" through the gateway's HTTP surface,
// black-box, on the embedded platform: buffers protect both sides, staff without rules work the
// tenant's hours, and GET /api/availability/explain answers every reason it can give.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigFor } from '@svc/config';
import { SESSION_COOKIE } from '@svc/crypto';
import { IdentityStore } from '@svc/identity';
import { connectService, type CatalogClient } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openStore, type DocumentStore } from '@svc/store';
import { createTestTenant, json, uniqueSlug } from '@svc/testing';
import { berlinTime } from './booking-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
let catalog: CatalogClient;
let identityStore: DocumentStore;

beforeAll(async () => {
  platform = await startTestPlatform();
  base = platform.url;
  catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
  // The operator CLI's way to a dashboard session: the gateway's own identity store.
  identityStore = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: platform.dataDir }));
});
afterAll(async () => {
  catalog?.close();
  await identityStore?.close();
  await platform?.cleanup();
});

const NO_LISTS = {
  staffIds: [],
  staffIdsSet: true,
  resourceIds: [],
  resourceIdsSet: true,
  questions: [],
  questionsSet: false,
  staffWeights: {},
  staffWeightsSet: false,
};

async function rules(
  tenantId: string,
  ownerType: string,
  ownerId: string,
  weekdays: number[],
  from: number,
  to: number,
) {
  for (const weekday of weekdays) {
    await catalog.createAvailabilityRule({
      tenantId,
      fields: { ownerType, ownerId, weekday, startMinute: from, endMinute: to },
    });
  }
}

/** The weekday (0 = Sunday) of the Berlin calendar day `daysAhead` days from now. */
function berlinWeekday(daysAhead: number): number {
  const name = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(
    new Date(Date.now() + daysAhead * DAY),
  );
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** The first day at least `minAhead` days from now whose Berlin weekday is one of `weekdays`. */
function firstDayAhead(weekdays: number[], minAhead = 2): number {
  let d = minAhead;
  while (!weekdays.includes(berlinWeekday(d))) d++;
  return d;
}

let keys = 0;
function create(tenantSlug: string, serviceSlug: string, startsAtMs: number) {
  return fetch(`${base}/book/${tenantSlug}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `rules-${++keys}` },
    body: JSON.stringify({
      serviceSlug,
      startsAtMs,
      customer: { name: 'Ada', primaryEmail: `ada${keys}@example.test` },
    }),
  });
}

async function slotStarts(tenantSlug: string, serviceSlug: string, fromMs: number, toMs: number): Promise<number[]> {
  const res = await fetch(
    `${base}/book/${tenantSlug}/availability?serviceSlug=${serviceSlug}&fromMs=${fromMs}&toMs=${toMs}`,
  );
  expect(res.status).toBe(200);
  return (await json(res)).data.slots.map((s: { startsAtMs: number }) => s.startsAtMs);
}

describe('buffers protect both sides (the issue’s case)', () => {
  const tenantSlug = uniqueSlug('buffers');
  const day = 3;
  const at = (h: number, m = 0) => berlinTime(day, h, m);

  beforeAll(async () => {
    const { tenantId } = await createTestTenant(catalog, { slug: tenantSlug, name: 'Buffers' });
    await rules(tenantId, 'tenant', tenantId, [0, 1, 2, 3, 4, 5, 6], 0, 1440);
    await catalog.createService({
      tenantId,
      fields: {
        slug: 'clean',
        name: 'Cleaned room',
        durationMin: 30,
        slotIntervalMin: 15,
        bufferAfterMin: 20,
        ...NO_LISTS,
      },
    });
  });

  it('booked at 10:00 with a 20-minute after-buffer: 10:30 and 10:45 are neither listed nor bookable, 11:00 is', async () => {
    expect((await create(tenantSlug, 'clean', at(10))).status).toBe(201);

    const listed = await slotStarts(tenantSlug, 'clean', at(9), at(12));
    // 09:15–09:45 would reach into the booking with their own after-buffer; 10:00–10:45 into its occupation until 10:50.
    expect(listed).toEqual([at(9), at(11), at(11, 15), at(11, 30), at(11, 45)]);

    for (const start of [at(10, 30), at(10, 45)]) {
      const res = await create(tenantSlug, 'clean', start);
      expect(res.status).toBe(409);
      expect((await json(res)).error.code).toBe('BOOKING_SLOT_UNAVAILABLE');
    }
    expect((await create(tenantSlug, 'clean', at(11))).status).toBe(201);
  });
});

describe('a staff member without rules works the tenant’s hours', () => {
  const tenantSlug = uniqueSlug('weekdays');

  beforeAll(async () => {
    const { tenantId } = await createTestTenant(catalog, { slug: tenantSlug, name: 'Weekdays' });
    await rules(tenantId, 'tenant', tenantId, [1, 2, 3, 4, 5], 540, 1020);
    const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: 'New Hire' } });
    await catalog.createService({
      tenantId,
      fields: { slug: 'visit', name: 'Visit', durationMin: 30, ...NO_LISTS, staffIds: [staff!.staffId] },
    });
  });

  it('Monday to Friday 09:00–17:00 and no rules of their own: slots on a weekday, none on Saturday', async () => {
    const weekday = firstDayAhead([1, 2, 3, 4, 5]);
    const listed = await slotStarts(tenantSlug, 'visit', berlinTime(weekday, 0), berlinTime(weekday, 23, 59));
    expect(listed).toHaveLength(16);
    expect(listed[0]).toBe(berlinTime(weekday, 9));
    expect(listed.at(-1)).toBe(berlinTime(weekday, 16, 30));
    const saturday = firstDayAhead([6]);
    expect(await slotStarts(tenantSlug, 'visit', berlinTime(saturday, 0), berlinTime(saturday, 23, 59))).toEqual([]);
    expect((await create(tenantSlug, 'visit', berlinTime(weekday, 9))).status).toBe(201);
  });
});

describe('GET /api/availability/explain', () => {
  const tenantSlug = uniqueSlug('explain');
  let tenantId = '';
  let cookie = '';
  const ids: Record<string, string> = {};
  // A weekday and a Saturday ahead; the tenant is open Monday to Friday, 09:00–17:00.
  const weekday = firstDayAhead([1, 2, 3, 4, 5], 3);
  const saturday = firstDayAhead([6], 3);
  const holidayDay = firstDayAhead([1, 2, 3, 4, 5], weekday + 1);

  beforeAll(async () => {
    ({ tenantId } = await createTestTenant(catalog, { slug: tenantSlug, name: 'Explain' }));
    await rules(tenantId, 'tenant', tenantId, [1, 2, 3, 4, 5], 540, 1020);
    const staff = async (displayName: string) =>
      (await catalog.createStaff({ tenantId, fields: { displayName } })).staff!.staffId;
    ids.ann = await staff('Ann');
    ids.pat = await staff('Pat');
    await rules(tenantId, 'staff', ids.pat, [1, 2, 3, 4, 5], 780, 1020);
    ids.room = (
      await catalog.createResource({ tenantId, fields: { name: 'Room', type: 'room', capacity: 1 } })
    ).resource!.resourceId;
    await rules(tenantId, 'resource', ids.room, [1, 2, 3, 4, 5], 780, 1020);
    const service = async (slug: string, fields: Partial<catalogV1.ServiceFields>) =>
      (await catalog.createService({ tenantId, fields: { slug, name: slug, durationMin: 30, ...NO_LISTS, ...fields } }))
        .service!.serviceId;
    ids.visit = await service('visit', { staffIds: [ids.ann] });
    ids.late = await service('late', { staffIds: [ids.pat] });
    ids.roomed = await service('roomed', { resourceIds: [ids.room] });
    ids.bare = await service('bare', {});
    ids.hidden = await service('hidden', { status: 'hidden' });
    await catalog.createHoliday({ tenantId, fields: { date: berlinDate(holidayDay), name: 'Closed' } });
    await catalog.createBlockedTime({
      tenantId,
      fields: {
        ownerType: 'staff',
        ownerId: ids.ann,
        startsAtMs: berlinTime(weekday, 14),
        endsAtMs: berlinTime(weekday, 15),
      },
    });
    await catalog.createBlockedTime({
      tenantId,
      fields: {
        ownerType: 'tenant',
        ownerId: tenantId,
        startsAtMs: berlinTime(weekday, 16),
        endsAtMs: berlinTime(weekday, 17),
      },
    });

    const identity = new IdentityStore(identityStore);
    const user = await identity.findOrCreateUserByEmail('viewer@explain.test', 'Viewer');
    await identity.addMembership(user.userId, tenantId, 'tenant_viewer');
    cookie = `${SESSION_COOKIE}=${(await identity.createSession(user.userId, tenantId)).token}`;
  });

  function berlinDate(daysAhead: number): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
      new Date(Date.now() + daysAhead * DAY),
    );
  }

  async function explain(query: string, who = cookie) {
    const res = await fetch(`${base}/api/availability/explain?${query}`, { headers: who ? { cookie: who } : {} });
    const body = await json(res);
    expect(body.meta.requestId).toBe(res.headers.get('x-request-id'));
    return { status: res.status, body };
  }
  const verdict = async (service: string, startsAtMs: number) => {
    const { status, body } = await explain(`serviceId=${ids[service]}&startsAtMs=${startsAtMs}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const reasonOf = async (service: string, startsAtMs: number) => {
    const { reason, owner } = await verdict(service, startsAtMs);
    return { reason, owner };
  };

  it('a free start: the assignment a create would make', async () => {
    const start = berlinTime(weekday, 10);
    expect(await verdict('visit', start)).toEqual({
      serviceId: ids.visit,
      serviceSlug: 'visit',
      timezone: 'Europe/Berlin',
      startsAtMs: start,
      endsAtMs: start + 30 * MIN,
      free: true,
      reason: 'free',
      owner: null,
      staffId: ids.ann,
      resourceId: null,
      override: null,
    });
  });

  it('the service’s timing and status: too_soon, too_far, misaligned, service_inactive', async () => {
    const service = { ownerType: 'service', ownerId: ids.visit };
    expect(await reasonOf('visit', berlinTime(-1, 10))).toEqual({ reason: 'too_soon', owner: service });
    expect(await reasonOf('visit', berlinTime(120, 10))).toEqual({ reason: 'too_far', owner: service });
    expect(await reasonOf('visit', berlinTime(weekday, 10, 10))).toEqual({ reason: 'misaligned', owner: service });
    expect(await reasonOf('hidden', berlinTime(weekday, 10))).toEqual({
      reason: 'service_inactive',
      owner: { ownerType: 'service', ownerId: ids.hidden },
    });
  });

  it('the tenant: outside_hours, holiday, blocked', async () => {
    const tenant = { ownerType: 'tenant', ownerId: tenantId };
    expect(await reasonOf('visit', berlinTime(saturday, 10))).toEqual({ reason: 'outside_hours', owner: tenant });
    expect(await reasonOf('visit', berlinTime(holidayDay, 10))).toEqual({ reason: 'holiday', owner: tenant });
    expect(await reasonOf('visit', berlinTime(weekday, 16))).toEqual({ reason: 'blocked', owner: tenant });
  });

  it('a staff member or resource: outside_hours, blocked, taken, naming which', async () => {
    expect(await reasonOf('late', berlinTime(weekday, 10))).toEqual({
      reason: 'outside_hours',
      owner: { ownerType: 'staff', ownerId: ids.pat },
    });
    expect(await reasonOf('roomed', berlinTime(weekday, 10))).toEqual({
      reason: 'outside_hours',
      owner: { ownerType: 'resource', ownerId: ids.room },
    });
    expect(await reasonOf('visit', berlinTime(weekday, 14))).toEqual({
      reason: 'blocked',
      owner: { ownerType: 'staff', ownerId: ids.ann },
    });
    expect((await create(tenantSlug, 'visit', berlinTime(weekday, 11))).status).toBe(201);
    expect(await reasonOf('visit', berlinTime(weekday, 11))).toEqual({
      reason: 'taken',
      owner: { ownerType: 'staff', ownerId: ids.ann },
    });
    expect((await create(tenantSlug, 'roomed', berlinTime(weekday, 13))).status).toBe(201);
    expect(await reasonOf('roomed', berlinTime(weekday, 13))).toEqual({
      reason: 'taken',
      owner: { ownerType: 'resource', ownerId: ids.room },
    });
    expect((await create(tenantSlug, 'bare', berlinTime(weekday, 12))).status).toBe(201);
    expect(await reasonOf('bare', berlinTime(weekday, 12))).toEqual({
      reason: 'taken',
      owner: { ownerType: 'service', ownerId: ids.bare },
    });
  });

  it('refuses bad input with the envelope, never a 500', async () => {
    const start = berlinTime(weekday, 10);
    const missing = await explain(`startsAtMs=${start}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_ERROR');
    expect(missing.body.error.details.map((d: { path: string }) => d.path)).toEqual(['query.serviceId']);
    for (const bad of ['abc', '-1', '1e400', '8640000000000001']) {
      const res = await explain(`serviceId=${ids.visit}&startsAtMs=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['query.startsAtMs']);
    }
    const unknown = await explain(`serviceId=svc_nope&startsAtMs=${start}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const extra = await explain(`serviceId=${ids.visit}&startsAtMs=${start}&tenantId=${tenantId}`);
    expect(extra.status).toBe(400);
  });

  it('needs a dashboard session; another tenant’s service is not found', async () => {
    const anonymous = await explain(`serviceId=${ids.visit}&startsAtMs=${berlinTime(weekday, 10)}`, '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('AUTH_REQUIRED');

    const other = await createTestTenant(catalog, { slug: uniqueSlug('other'), name: 'Other' });
    const identity = new IdentityStore(identityStore);
    const user = await identity.findOrCreateUserByEmail('owner@other.test', 'Other');
    await identity.addMembership(user.userId, other.tenantId, 'tenant_owner');
    const otherCookie = `${SESSION_COOKIE}=${(await identity.createSession(user.userId, other.tenantId)).token}`;
    const foreign = await explain(`serviceId=${ids.visit}&startsAtMs=${berlinTime(weekday, 10)}`, otherCookie);
    expect(foreign.status).toBe(404);
  });
});
