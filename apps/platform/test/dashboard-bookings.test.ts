// The dashboard's bookings over real HTTP on the embedded platform (docs/api-conventions.md
// "Bookings"): every row of the transition table and every refused transition, each checked
// against the booking service's outbox; roles and CSRF; paging and filters; a race.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectService, type CatalogClient } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import {
  book,
  dashboard,
  errorOf,
  platformStores,
  slotSequence,
  type DashboardSession,
  type PlatformStores,
} from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
let stores: PlatformStores;
let catalog: CatalogClient;
let tenantId = '';
let owner: DashboardSession;
let api: ReturnType<typeof dashboard>;
const nextSlot = slotSequence(berlinTime);

beforeAll(async () => {
  platform = await startTestPlatform();
  base = platform.url;
  stores = await platformStores(platform);
  catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
  ({ tenantId } = await seedTenant(platform.services.catalog.address, 'life'));
  owner = await stores.session(tenantId, 'tenant_owner');
  api = dashboard(base, owner);
});
afterAll(async () => {
  catalog?.close();
  await stores?.close();
  await platform?.cleanup();
});

/** A new held booking of the `life` tenant; its id. */
async function held(startsAtMs = nextSlot()): Promise<string> {
  return (await book(base, 'life', startsAtMs)).booking.bookingId;
}

async function confirmed(): Promise<string> {
  const id = await held();
  expect((await api('POST', `/api/bookings/${id}/confirm`)).status).toBe(200);
  return id;
}

async function record(id: string) {
  const res = await api('GET', `/api/bookings/${id}`);
  expect(res.status).toBe(200);
  // The detail is the record plus its calendar write-back (none: no calendar is connected here).
  const { calendarSync, ...rest } = (await json(res)).data;
  expect(calendarSync).toBeNull();
  return rest;
}

/** The free slots of the `life` tenant's check-up on the Berlin day of `startsAtMs`. */
async function freeStarts(startsAtMs: number): Promise<number[]> {
  const from = startsAtMs - 12 * 60 * MIN;
  const res = await fetch(`${base}/book/life/availability?serviceSlug=checkup&fromMs=${from}&toMs=${from + DAY}`);
  return (await json(res)).data.slots.map((s: { startsAtMs: number }) => s.startsAtMs);
}

describe('the transition table through HTTP, each change one outbox row', () => {
  it('held → confirmed: the hold ends; booking.confirmed', async () => {
    const id = await held();
    const res = await api('POST', `/api/bookings/${id}/confirm`);
    expect(res.status).toBe(200);
    const data = (await json(res)).data;
    expect(data).toMatchObject({ bookingId: id, tenantId, status: 'confirmed', holdExpiresAtMs: null });
    expect(data).toEqual(await record(id));
    expect(await stores.events(id)).toEqual(['booking.created', 'booking.confirmed']);
  });

  it('held → cancelled with a reason (trimmed); booking.cancelled', async () => {
    const id = await held();
    const res = await api('POST', `/api/bookings/${id}/cancel`, { reason: '  called to cancel  ' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ status: 'cancelled', cancelReason: 'called to cancel' });
    expect(await stores.events(id)).toEqual(['booking.created', 'booking.cancelled']);
  });

  it('confirmed → cancelled without a body: no reason is null; booking.cancelled', async () => {
    const id = await confirmed();
    const res = await api('POST', `/api/bookings/${id}/cancel`);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ status: 'cancelled', cancelReason: null, noShowReason: null });
    expect(await stores.events(id)).toEqual(['booking.created', 'booking.confirmed', 'booking.cancelled']);
  });

  it('confirmed → completed (with `{}` as the body); booking.completed', async () => {
    const id = await confirmed();
    const res = await api('POST', `/api/bookings/${id}/complete`, {});
    expect(res.status).toBe(200);
    expect((await json(res)).data.status).toBe('completed');
    expect(await stores.events(id)).toEqual(['booking.created', 'booking.confirmed', 'booking.completed']);
  });

  it('confirmed → no_show with a reason; booking.no_show', async () => {
    const id = await confirmed();
    const res = await api('POST', `/api/bookings/${id}/no-show`, { reason: 'did not come' });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      status: 'no_show',
      noShowReason: 'did not come',
      cancelReason: null,
    });
    const rows = await stores.outbox(id);
    expect(rows.map((r) => r.type)).toEqual(['booking.created', 'booking.confirmed', 'booking.no_show']);
    expect(rows[2]!.data.booking).toMatchObject({ bookingId: id, status: 'no_show' });
  });

  it.each(['held', 'confirmed'])(
    'reschedules a %s booking: same status, new time, booking.rescheduled with data.previous; the old slot is free at once, the new one taken',
    async (status) => {
      const from = nextSlot();
      const to = nextSlot();
      const id = await held(from);
      if (status === 'confirmed') expect((await api('POST', `/api/bookings/${id}/confirm`)).status).toBe(200);
      const before = await record(id);
      expect(await freeStarts(from)).not.toContain(from);

      const res = await api('POST', `/api/bookings/${id}/reschedule`, { startsAtMs: to });
      expect(res.status).toBe(200);
      const after = (await json(res)).data;
      expect(after).toMatchObject({ status, startsAtMs: to, endsAtMs: to + 30 * MIN });
      if (status === 'held') expect(after.holdExpiresAtMs).toBeGreaterThanOrEqual(before.holdExpiresAtMs);
      else expect(after.holdExpiresAtMs).toBeNull();

      const free = await freeStarts(from);
      expect(free).toContain(from);
      expect(free).not.toContain(to);
      const rows = await stores.outbox(id);
      expect(rows.map((r) => r.type)).toEqual(
        status === 'held'
          ? ['booking.created', 'booking.rescheduled']
          : ['booking.created', 'booking.confirmed', 'booking.rescheduled'],
      );
      expect(rows.at(-1)!.data.previous).toEqual({ startsAtMs: from, endsAtMs: from + 30 * MIN });
    },
  );

  it('a reschedule onto a taken slot is BOOKING_SLOT_UNAVAILABLE 409 and changes nothing', async () => {
    const taken = nextSlot();
    await held(taken);
    const id = await held();
    const before = await record(id);
    expect(await errorOf(await api('POST', `/api/bookings/${id}/reschedule`, { startsAtMs: taken }))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });
    expect(await record(id)).toEqual(before);
    expect(await stores.events(id)).toEqual(['booking.created']);
  });
});

describe('transitions outside the table: BOOKING_POLICY_BLOCKED 409, nothing written', () => {
  const ACTIONS = ['confirm', 'cancel', 'complete', 'no-show', 'reschedule'] as const;
  const REFUSED: Record<string, readonly string[]> = {
    held: ['complete', 'no-show'],
    confirmed: ['confirm'],
    cancelled: ACTIONS,
    completed: ACTIONS,
    no_show: ACTIONS,
  };

  async function inState(state: string): Promise<string> {
    if (state === 'held') return held();
    const id = await confirmed();
    const to: Record<string, string> = { cancelled: 'cancel', completed: 'complete', no_show: 'no-show' };
    if (to[state]) expect((await api('POST', `/api/bookings/${id}/${to[state]}`)).status).toBe(200);
    return id;
  }

  it.each(Object.entries(REFUSED))('a %s booking refuses %j', async (state, actions) => {
    const id = await inState(state);
    const before = await record(id);
    const events = await stores.events(id);
    for (const action of actions) {
      const body = action === 'reschedule' ? { startsAtMs: nextSlot() } : undefined;
      const err = await errorOf(await api('POST', `/api/bookings/${id}/${action}`, body));
      expect(err, `${state} → ${action}`).toMatchObject({ status: 409, code: 'BOOKING_POLICY_BLOCKED' });
    }
    expect(await record(id)).toEqual(before);
    expect(await stores.events(id)).toEqual(events);
  });
});

describe('who may do what', () => {
  it('a viewer lists and reads, and gets FORBIDDEN on every change; nothing changes', async () => {
    const id = await held();
    const viewer = dashboard(base, await stores.session(tenantId, 'tenant_viewer'));
    expect((await viewer('GET', '/api/bookings')).status).toBe(200);
    expect((await viewer('GET', `/api/bookings/${id}`)).status).toBe(200);
    for (const [action, body] of [
      ['confirm', undefined],
      ['cancel', { reason: 'x' }],
      ['complete', undefined],
      ['no-show', undefined],
      ['reschedule', { startsAtMs: nextSlot() }],
    ] as const) {
      expect(await errorOf(await viewer('POST', `/api/bookings/${id}/${action}`, body))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect((await record(id)).status).toBe('held');
    expect(await stores.events(id)).toEqual(['booking.created']);
  });

  it('a write without the CSRF header is CSRF_INVALID 403', async () => {
    const id = await held();
    expect(await errorOf(await api('POST', `/api/bookings/${id}/confirm`, undefined, { csrf: false }))).toMatchObject({
      status: 403,
      code: 'CSRF_INVALID',
    });
    expect(await stores.events(id)).toEqual(['booking.created']);
  });

  it('no session is AUTH_REQUIRED 401', async () => {
    expect((await fetch(`${base}/api/bookings`)).status).toBe(401);
  });

  it("another tenant's booking is NOT_FOUND to read and to change", async () => {
    const { tenantId: otherTenant } = await seedTenant(platform.services.catalog.address, 'life-other');
    const other = dashboard(base, await stores.session(otherTenant, 'tenant_owner'));
    const id = await held();
    expect(await errorOf(await other('GET', `/api/bookings/${id}`))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await errorOf(await other('POST', `/api/bookings/${id}/confirm`))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    const list = (await json(await other('GET', '/api/bookings'))).data;
    expect(list).toEqual({ items: [], nextCursor: null });
    expect(await stores.events(id)).toEqual(['booking.created']);
  });
});

describe('input', () => {
  it.each([
    ['limit 101', '?limit=101', 'query.limit'],
    ['limit 0', '?limit=0', 'query.limit'],
    ['an unknown status', '?status=expired', 'query.status'],
    ['fromMs not before toMs', `?fromMs=${2 * DAY}&toMs=${DAY}`, 'query.toMs'],
    ['fromMs beyond the epoch range', '?fromMs=9007199254740993', 'query.fromMs'],
    ['a cursor no list made', '?cursor=nope', 'query.cursor'],
    ['an unknown parameter', '?sort=desc', 'query'],
    ['a serviceId over 64 characters', `?serviceId=${'s'.repeat(65)}`, 'query.serviceId'],
  ])('the list with %s → VALIDATION_ERROR on %s', async (_what, query, path) => {
    const err = await errorOf(await api('GET', `/api/bookings${query}`));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(err.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it.each([
    ['a reason of 501 characters', 'cancel', { reason: 'r'.repeat(501) }, 'body.reason'],
    ['an unknown member', 'confirm', { note: 'x' }, 'body'],
    ['a reason on complete', 'complete', { reason: 'x' }, 'body'],
    ['no startsAtMs', 'reschedule', {}, 'body.startsAtMs'],
    ['startsAtMs 0', 'reschedule', { startsAtMs: 0 }, 'body.startsAtMs'],
    ['startsAtMs past the safe integers', 'reschedule', '{"startsAtMs": 90071992547409930}', 'body.startsAtMs'],
    // A JSON content type without a body is no body (issue 23): a confirm goes through
    // (manage-routes.test.ts); a reschedule, which needs one, is refused at `body`.
    ['a JSON content type without a body', 'reschedule', '', 'body'],
    ['a body that is not JSON', 'cancel', '{"reason":', 'body'],
  ])('a change with %s → VALIDATION_ERROR on %s', async (_what, action, body, path) => {
    const id = await held();
    const err = await errorOf(await api('POST', `/api/bookings/${id}/${action}`, body));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(err.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await stores.events(id)).toEqual(['booking.created']);
  });

  it('an unknown booking is NOT_FOUND; an id over 64 characters is VALIDATION_ERROR on params.bookingId', async () => {
    expect(await errorOf(await api('GET', '/api/bookings/bkg_nope'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await errorOf(await api('POST', '/api/bookings/bkg_nope/cancel'))).toMatchObject({ status: 404 });
    const err = await errorOf(await api('GET', `/api/bookings/${'b'.repeat(65)}`));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'params.bookingId' }] });
  });
});

describe('the list', () => {
  it('walks 120 bookings 50 at a time: 50, 50, 20, none twice, none missing, by start then id', async () => {
    const { tenantId: pagesTenant } = await seedTenant(platform.services.catalog.address, 'pages');
    const slots = slotSequence(berlinTime, 2);
    const starts = Array.from({ length: 120 }, () => slots());
    const created: string[] = [];
    for (let i = 0; i < starts.length; i += 10) {
      const batch = await Promise.all(starts.slice(i, i + 10).map((s) => book(base, 'pages', s)));
      created.push(...batch.map((b) => b.booking.bookingId));
    }
    const viewer = dashboard(base, await stores.session(pagesTenant, 'tenant_viewer'));

    const pages: Array<{ items: Array<{ bookingId: string; startsAtMs: number }>; nextCursor: string | null }> = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await viewer('GET', `/api/bookings?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = (await json(res)).data;
      pages.push(page);
      cursor = page.nextCursor;
    }
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
    const items = pages.flatMap((p) => p.items);
    const ids = items.map((b) => b.bookingId);
    expect(new Set(ids).size).toBe(120);
    expect([...ids].sort()).toEqual([...created].sort());
    const order = [...items].sort((a, b) => a.startsAtMs - b.startsAtMs || (a.bookingId < b.bookingId ? -1 : 1));
    expect(ids).toEqual(order.map((b) => b.bookingId));

    // No limit: the default of 50.
    expect((await json(await viewer('GET', '/api/bookings'))).data.items).toHaveLength(50);
  });

  it('filters by status, fromMs/toMs, serviceId, staffId and customerId', async () => {
    const { tenantId: filterTenant, staffId: staffA } = await seedTenant(platform.services.catalog.address, 'filters');
    const { staff } = await catalog.createStaff({ tenantId: filterTenant, fields: { displayName: 'Nurse Kim' } });
    const staffB = staff!.staffId;
    const { service } = await catalog.createService({
      tenantId: filterTenant,
      fields: {
        slug: 'cleaning',
        name: 'Cleaning',
        durationMin: 30,
        staffIds: [staffA, staffB],
        staffIdsSet: true,
        resourceIds: [],
        resourceIdsSet: false,
        questions: [],
        questionsSet: false,
        staffWeights: {},
        staffWeightsSet: false,
      },
    });
    const cleaningId = service!.serviceId;
    const day = (d: number, h: number) => berlinTime(d, h);
    const made = {
      checkup1: await book(base, 'filters', day(3, 9), { email: 'regular@example.test' }),
      checkup2: await book(base, 'filters', day(4, 9)),
      cleanA: await book(base, 'filters', day(3, 11), { serviceSlug: 'cleaning', staffId: staffA }),
      cleanB1: await book(base, 'filters', day(3, 11), { serviceSlug: 'cleaning', staffId: staffB }),
      cleanB2: await book(base, 'filters', day(5, 12), {
        serviceSlug: 'cleaning',
        staffId: staffB,
        email: 'regular@example.test',
      }),
    };
    const id = (k: keyof typeof made) => made[k].booking.bookingId;
    const fOwner = dashboard(base, await stores.session(filterTenant, 'tenant_owner'));
    expect((await fOwner('POST', `/api/bookings/${id('checkup2')}/confirm`)).status).toBe(200);
    expect((await fOwner('POST', `/api/bookings/${id('cleanA')}/cancel`)).status).toBe(200);
    const customerId = (await json(await fOwner('GET', `/api/bookings/${id('checkup1')}`))).data.customerId;

    const listed = async (query: string) => {
      const res = await fOwner('GET', `/api/bookings?${query}`);
      expect(res.status).toBe(200);
      return (await json(res)).data.items.map((b: { bookingId: string }) => b.bookingId);
    };
    expect(await listed('')).toEqual([
      id('checkup1'),
      ...[id('cleanA'), id('cleanB1')].sort(),
      id('checkup2'),
      id('cleanB2'),
    ]);
    expect(await listed('status=confirmed')).toEqual([id('checkup2')]);
    expect(await listed('status=cancelled')).toEqual([id('cleanA')]);
    expect((await listed('status=held')).sort()).toEqual([id('checkup1'), id('cleanB1'), id('cleanB2')].sort());
    // [fromMs, toMs): day 3 from 11:00 up to day 4 09:00 exclusive, then day 4 09:00 on.
    expect((await listed(`fromMs=${day(3, 11)}&toMs=${day(4, 9)}`)).sort()).toEqual(
      [id('cleanA'), id('cleanB1')].sort(),
    );
    expect(await listed(`fromMs=${day(4, 9)}`)).toEqual([id('checkup2'), id('cleanB2')]);
    expect(await listed(`toMs=${day(3, 11)}`)).toEqual([id('checkup1')]);
    expect((await listed(`serviceId=${cleaningId}`)).sort()).toEqual(
      [id('cleanA'), id('cleanB1'), id('cleanB2')].sort(),
    );
    expect(await listed(`staffId=${staffB}`)).toEqual([id('cleanB1'), id('cleanB2')]);
    expect(await listed(`customerId=${customerId}`)).toEqual([id('checkup1'), id('cleanB2')]);
    expect(await listed(`customerId=${customerId}&serviceId=${cleaningId}&status=held`)).toEqual([id('cleanB2')]);
    expect(await listed('customerId=cus_nobody')).toEqual([]);
  });
});

describe('races', () => {
  it('20 parallel confirms and cancels of one hold: an allowed sequence, the rest 409, one row per change', async () => {
    const id = await held();
    const actions = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'confirm' : 'cancel'));
    const answers = await Promise.all(actions.map((a) => api('POST', `/api/bookings/${id}/${a}`)));
    const won = { confirm: 0, cancel: 0 };
    for (const [i, res] of answers.entries()) {
      if (res.status === 200) won[actions[i] as 'confirm' | 'cancel'] += 1;
      else expect(await errorOf(res)).toMatchObject({ status: 409, code: 'BOOKING_POLICY_BLOCKED' });
    }
    // A cancel is allowed from held and from confirmed, so exactly one lands; a confirm only
    // before it.
    expect(won.cancel).toBe(1);
    expect(won.confirm).toBeLessThanOrEqual(1);
    expect(await stores.events(id)).toEqual(
      won.confirm === 1
        ? ['booking.created', 'booking.confirmed', 'booking.cancelled']
        : ['booking.created', 'booking.cancelled'],
    );
    expect((await record(id)).status).toBe('cancelled');
  });

  it('20 parallel confirms of one hold: exactly one 200', async () => {
    const id = await held();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api('POST', `/api/bookings/${id}/confirm`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await stores.events(id)).toEqual(['booking.created', 'booking.confirmed']);
  });
});
