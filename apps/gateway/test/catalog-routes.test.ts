import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CURSOR_PATTERN } from '@svc/store';
import { json } from '@svc/testing';
import { startGatewayWithCatalog, type DashboardCaller, type GatewayHarness } from './support/gateway-harness.js';

/**
 * The dashboard catalog routes over real HTTP, against the real catalog gRPC service, with
 * sessions minted in the gateway's own identity store.
 */

type Caller = DashboardCaller;

let h: GatewayHarness;
let base: string;
let tenantA: string;
let tenantB: string;
let ownerA: Caller;
let viewerA: Caller;
let ownerB: Caller;

beforeAll(async () => {
  // Secrets given, so nothing is generated on disk.
  h = await startGatewayWithCatalog({
    config: { SESSION_SECRET: 's'.repeat(32), MANAGE_TOKEN_SECRET: 'm'.repeat(32) },
  });
  base = h.base;
  const createTenant = async (slug: string) =>
    (
      await h.createTenant(slug, {
        branding: {
          displayName: slug,
          logoUrl: '',
          primaryColor: '#112233',
          accentColor: '#445566',
          embedOrigins: [],
        },
      })
    ).tenantId;
  tenantA = await createTenant('tenant-a');
  tenantB = await createTenant('tenant-b');
  ownerA = await h.mintSession([[tenantA, 'tenant_owner']], { email: 'owner@a.test' });
  viewerA = await h.mintSession([[tenantA, 'tenant_viewer']], { email: 'viewer@a.test' });
  ownerB = await h.mintSession([[tenantB, 'tenant_owner']], { email: 'owner@b.test' });
});

afterAll(async () => {
  await h?.stop();
});

/** A dashboard request: session cookie always, CSRF header unless `csrf: false`. */
const call = (...args: Parameters<GatewayHarness['call']>) => h.call(...args);

const ids = (items: Record<string, string>[], idField: string): string[] => items.map((i) => i[idField] ?? '');

/** One entry per collection: a valid create body, a change, and the field to look at. */
const RESOURCES = [
  {
    path: '/api/services',
    idField: 'serviceId',
    create: () => ({ slug: 'haircut', name: 'Haircut', durationMin: 30, priceAmount: 2500, priceCurrency: 'EUR' }),
    patch: { name: 'Long haircut', durationMin: 45 },
    expectCreated: { durationMin: 30, bufferBeforeMin: 0, bufferAfterMin: 0, status: 'active', priceAmount: 2500 },
  },
  {
    path: '/api/staff',
    idField: 'staffId',
    create: () => ({ displayName: 'Alex', email: 'alex@a.test' }),
    patch: { displayName: 'Alex B.', status: 'disabled' },
    expectCreated: { displayName: 'Alex', email: 'alex@a.test', status: 'active' },
  },
  {
    path: '/api/resources',
    idField: 'resourceId',
    create: () => ({ type: 'room', name: 'Room 1' }),
    patch: { capacity: 3, locationLabel: 'First floor' },
    expectCreated: { type: 'room', name: 'Room 1', capacity: 1, status: 'active' },
  },
  {
    path: '/api/availability-rules',
    idField: 'ruleId',
    create: () => ({ ownerType: 'tenant', weekday: 1, startMinute: 540, endMinute: 1020 }),
    patch: { endMinute: 1080 },
    expectCreated: { ownerType: 'tenant', weekday: 1, startMinute: 540, endMinute: 1020, status: 'active' },
  },
  {
    path: '/api/blocked-times',
    idField: 'blockId',
    create: () => ({
      ownerType: 'tenant',
      startsAtMs: 1_900_000_000_000,
      endsAtMs: 1_900_003_600_000,
      reason: 'Team day',
    }),
    patch: { reason: 'Inventory' },
    expectCreated: {
      ownerType: 'tenant',
      startsAtMs: 1_900_000_000_000,
      endsAtMs: 1_900_003_600_000,
      status: 'active',
    },
  },
  {
    path: '/api/holidays',
    idField: 'holidayId',
    create: () => ({ date: '2030-12-25', name: 'Christmas' }),
    patch: { name: 'Christmas Day' },
    expectCreated: { date: '2030-12-25', name: 'Christmas', status: 'active' },
  },
] as const;

/** Every paged catalog list of the dashboard. */
const LIST_PATHS = [
  '/api/services',
  '/api/staff',
  '/api/resources',
  '/api/availability-rules',
  '/api/blocked-times',
  '/api/holidays',
];
describe('create → list → patch → get', () => {
  it.each(RESOURCES)('$path', async ({ path, idField, create, patch, expectCreated }) => {
    const created = await call(ownerA, 'POST', path, create());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...expectCreated, tenantId: tenantA });
    const id: string = created.body.data[idField];
    expect(id).toEqual(expect.any(String));

    const list = await call(ownerA, 'GET', path);
    expect(list.status).toBe(200);
    expect(list.body.data.nextCursor === null || typeof list.body.data.nextCursor === 'string').toBe(true);
    expect(ids(list.body.data.items, idField)).toContain(id);

    const patched = await call(ownerA, 'PATCH', `${path}/${id}`, patch);
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ ...patch, [idField]: id });

    const after = await call(ownerA, 'GET', path);
    const item = after.body.data.items.find((i: Record<string, string>) => i[idField] === id);
    expect(item).toMatchObject(patch);

    // By id, with read access only: the patched record, the same as the PATCH answered.
    const got = await call(viewerA, 'GET', `${path}/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ ...patch, [idField]: id, tenantId: tenantA });
    expect(got.body.data).toEqual(patched.body.data);
  });

  it('GET /api/services/:serviceId answers the current record', async () => {
    const { body } = await call(ownerA, 'POST', '/api/services', { slug: 'color', name: 'Color', durationMin: 60 });
    const id = body.data.serviceId;
    await call(ownerA, 'PATCH', `/api/services/${id}`, { status: 'hidden' });
    const got = await call(viewerA, 'GET', `/api/services/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ serviceId: id, slug: 'color', status: 'hidden', slotIntervalMin: 60 });
    const hidden = await call(viewerA, 'GET', '/api/services?status=hidden&limit=100');
    expect(ids(hidden.body.data.items, 'serviceId')).toEqual([id]);
  });

  it('a service is confirmed by hand unless set to automatic; other values are refused on body.confirmation', async () => {
    const created = await call(ownerA, 'POST', '/api/services', { slug: 'consult', name: 'Consult', durationMin: 30 });
    expect(created.body.data.confirmation).toBe('manual');
    const id = created.body.data.serviceId;
    const automatic = await call(ownerA, 'PATCH', `/api/services/${id}`, { confirmation: 'automatic' });
    expect(automatic.body.data).toMatchObject({ confirmation: 'automatic', name: 'Consult' });
    expect((await call(viewerA, 'GET', `/api/services/${id}`)).body.data.confirmation).toBe('automatic');
    const wrong = await call(ownerA, 'PATCH', `/api/services/${id}`, { confirmation: 'instant' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.confirmation']);
  });

  it('a deposit service carries its payment policy; payment with automatic confirmation is refused (docs/decisions.md "Payments")', async () => {
    const terms = { payment: 'deposit', depositAmount: 1_000, refundAfterCutoffPercent: 50, noShowCharge: 'remainder' };
    const priced = { name: 'Deposit cut', durationMin: 30, priceAmount: 4_000, priceCurrency: 'eur' };
    const created = await call(ownerA, 'POST', '/api/services', { slug: 'deposit-cut', ...priced, ...terms });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      ...terms,
      noShowFeeAmount: 0,
      confirmation: 'manual',
      priceCurrency: 'EUR',
    });
    const id = created.body.data.serviceId;
    expect((await call(viewerA, 'GET', `/api/services/${id}`)).body.data).toMatchObject(terms);

    const automatic = await call(ownerA, 'POST', '/api/services', {
      slug: 'paid-automatic',
      ...priced,
      payment: 'full',
      confirmation: 'automatic',
    });
    expect(automatic.status).toBe(400);
    expect(automatic.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.confirmation', message: expect.stringContaining('payment policy') }],
    });
    // The same on a PATCH of the stored paid service, and removing its price; neither changes it.
    for (const change of [{ confirmation: 'automatic' }, { priceCurrency: '' }]) {
      const refused = await call(ownerA, 'PATCH', `/api/services/${id}`, change);
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual([
        'confirmation' in change ? 'body.confirmation' : 'body.payment',
      ]);
    }
    expect((await call(viewerA, 'GET', `/api/services/${id}`)).body.data).toMatchObject({
      ...terms,
      confirmation: 'manual',
      priceAmount: 4_000,
    });
    // A schema refusal: an unknown policy never reaches the catalog.
    const unknown = await call(ownerA, 'PATCH', `/api/services/${id}`, { payment: 'later' });
    expect(unknown.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.payment']);
  });

  it('sends staffIds/resourceIds only when present: absent keeps, [] clears', async () => {
    const staff = (await call(ownerA, 'POST', '/api/staff', { displayName: 'Sam' })).body.data.staffId;
    const room = (await call(ownerA, 'POST', '/api/resources', { type: 'room', name: 'Room 2' })).body.data.resourceId;
    const created = await call(ownerA, 'POST', '/api/services', {
      slug: 'massage',
      name: 'Massage',
      durationMin: 50,
      staffIds: [staff],
      resourceIds: [room],
    });
    expect(created.body.data).toMatchObject({ staffIds: [staff], resourceIds: [room] });
    const id = created.body.data.serviceId;
    const renamed = await call(ownerA, 'PATCH', `/api/services/${id}`, { name: 'Deep massage' });
    expect(renamed.body.data).toMatchObject({ name: 'Deep massage', staffIds: [staff], resourceIds: [room] });
    const cleared = await call(ownerA, 'PATCH', `/api/services/${id}`, { staffIds: [] });
    expect(cleared.body.data).toMatchObject({ staffIds: [], resourceIds: [room] });
  });

  it('pages with limit and cursor until nextCursor is null', async () => {
    for (const day of ['2031-01-01', '2031-01-02', '2031-01-03']) {
      expect((await call(ownerB, 'POST', '/api/holidays', { date: day, name: `Day ${day}` })).status).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const { status, body } = await call(ownerB, 'GET', `/api/holidays?limit=2${q}`);
      expect(status).toBe(200);
      expect(body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(body.data.items, 'holidayId'));
      cursor = body.data.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await call(ownerB, 'GET', '/api/holidays?limit=100');
    expect(seen.sort()).toEqual(ids(all.body.data.items, 'holidayId').sort());
  });

  it('answers an unset effective bound as null, in the create, get, list and update answers', async () => {
    const created = await call(ownerA, 'POST', '/api/availability-rules', {
      ownerType: 'tenant',
      weekday: 3,
      startMinute: 540,
      endMinute: 600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const unbounded = { effectiveFromAtMs: null, effectiveUntilAtMs: null };
    expect(created.body.data).toMatchObject(unbounded);
    const path = `/api/availability-rules/${created.body.data.ruleId}`;
    expect((await call(ownerA, 'GET', path)).body.data).toMatchObject(unbounded);
    const listed = await call(ownerA, 'GET', '/api/availability-rules?limit=100');
    const inList = listed.body.data.items.find((r: { ruleId: string }) => r.ruleId === created.body.data.ruleId);
    expect(inList).toMatchObject(unbounded);

    const bounded = await call(ownerA, 'PATCH', path, { effectiveUntilAtMs: 1_950_000_000_000 });
    expect(bounded.body.data).toMatchObject({ effectiveFromAtMs: null, effectiveUntilAtMs: 1_950_000_000_000 });
    // 0 removes the bound: null again.
    expect((await call(ownerA, 'PATCH', path, { effectiveUntilAtMs: 0 })).body.data).toMatchObject(unbounded);
  });

  it('removes a rule with PATCH status: deleted', async () => {
    const { body } = await call(ownerA, 'POST', '/api/availability-rules', {
      ownerType: 'tenant',
      weekday: 2,
      startMinute: 0,
      endMinute: 1440,
    });
    const id = body.data.ruleId;
    const deleted = await call(ownerA, 'PATCH', `/api/availability-rules/${id}`, { status: 'deleted' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.status).toBe('deleted');
    const list = await call(ownerA, 'GET', '/api/availability-rules?limit=100');
    expect(ids(list.body.data.items, 'ruleId')).not.toContain(id);
    const again = await call(ownerA, 'PATCH', `/api/availability-rules/${id}`, { status: 'active' });
    expect(again.body.error.code).toBe('NOT_FOUND');
    const got = await call(ownerA, 'GET', `/api/availability-rules/${id}`);
    expect(got.status).toBe(404);
    expect(got.body.error.code).toBe('NOT_FOUND');
  });

  it.each([
    [
      '/api/blocked-times',
      'blockId',
      { ownerType: 'tenant', startsAtMs: 1_950_000_000_000, endsAtMs: 1_950_000_600_000 },
    ],
    ['/api/holidays', 'holidayId', { date: '2032-01-01', name: 'New Year' }],
  ] as const)('GET %s/:id of a deleted record is NOT_FOUND', async (path, idField, create) => {
    const id = (await call(ownerA, 'POST', path, create)).body.data[idField];
    expect((await call(ownerA, 'GET', `${path}/${id}`)).status).toBe(200);
    expect((await call(ownerA, 'PATCH', `${path}/${id}`, { status: 'deleted' })).status).toBe(200);
    const got = await call(ownerA, 'GET', `${path}/${id}`);
    expect(got.status).toBe(404);
    expect(got.body.error.code).toBe('NOT_FOUND');
  });
});

describe('/api/tenant', () => {
  it("reads the session's tenant and patches name, locale and part of the branding", async () => {
    const got = await call(viewerA, 'GET', '/api/tenant');
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ tenantId: tenantA, slug: 'tenant-a', timezone: 'Europe/Berlin' });

    const patched = await call(ownerA, 'PATCH', '/api/tenant', {
      name: 'Salon A',
      locale: 'de-DE',
      timezone: 'Europe/Vienna',
      branding: { primaryColor: '#000000' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      tenantId: tenantA,
      name: 'Salon A',
      locale: 'de-DE',
      timezone: 'Europe/Vienna',
      branding: { displayName: 'tenant-a', primaryColor: '#000000', accentColor: '#445566' },
    });
    const other = await call(ownerB, 'GET', '/api/tenant');
    expect(other.body.data).toMatchObject({ tenantId: tenantB, name: 'Tenant tenant-b' });
  });

  it('shows the retention (defaults until set), patches part of it, and refuses days out of range', async () => {
    expect((await call(ownerB, 'GET', '/api/tenant')).body.data.retention).toEqual({
      webhookBodyDays: 30,
      notificationBodyDays: 30,
      auditDays: 365,
    });
    const patched = await call(ownerB, 'PATCH', '/api/tenant', { retention: { webhookBodyDays: 7 } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.retention).toEqual({ webhookBodyDays: 7, notificationBodyDays: 30, auditDays: 365 });
    for (const [retention, path] of [
      [{ auditDays: 0 }, 'body.retention.auditDays'],
      [{ auditDays: 89 }, 'body.retention.auditDays'],
      [{ notificationBodyDays: 3651 }, 'body.retention.notificationBodyDays'],
      [{ webhookBodyDays: 1.5 }, 'body.retention.webhookBodyDays'],
      [{}, 'body'],
    ] as const) {
      const res = await call(ownerB, 'PATCH', '/api/tenant', { retention });
      expect(res.status, JSON.stringify(retention)).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
    }
    expect((await call(viewerA, 'PATCH', '/api/tenant', { retention: { auditDays: 90 } })).status).toBe(403);
    // An admin may set how long bodies are kept, not the audit log's own retention.
    const adminB = await h.mintSession([[tenantB, 'tenant_admin']], { email: 'admin@b.test' });
    expect((await call(adminB, 'PATCH', '/api/tenant', { retention: { notificationBodyDays: 14 } })).status).toBe(200);
    const refused = await call(adminB, 'PATCH', '/api/tenant', { retention: { auditDays: 400 } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const owned = await call(ownerB, 'PATCH', '/api/tenant', { retention: { auditDays: 400 } });
    expect(owned.body.data.retention).toEqual({ webhookBodyDays: 7, notificationBodyDays: 14, auditDays: 400 });
  });
});

describe('validation', () => {
  const rule = { ownerType: 'tenant', weekday: 1, startMinute: 540, endMinute: 1020 };
  const block = { ownerType: 'tenant', startsAtMs: 1_900_000_000_000, endsAtMs: 1_900_000_600_000 };
  const service = { slug: 'valid', name: 'Valid', durationMin: 30 };
  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/services', { name: 'x', durationMin: 30 }, 'body.slug'],
    ['POST', '/api/services', { slug: 'x', durationMin: 30 }, 'body.name'],
    ['POST', '/api/services', { slug: 'x', name: 'x' }, 'body.durationMin'],
    ['POST', '/api/services', { ...service, slug: 'Not A Slug' }, 'body.slug'],
    ['POST', '/api/services', { ...service, slug: '-leading' }, 'body.slug'],
    ['POST', '/api/services', { ...service, slug: 'a'.repeat(64) }, 'body.slug'],
    ['POST', '/api/services', { ...service, durationMin: 0 }, 'body.durationMin'],
    ['POST', '/api/services', { ...service, durationMin: 1441 }, 'body.durationMin'],
    ['POST', '/api/services', { ...service, durationMin: 12.5 }, 'body.durationMin'],
    ['POST', '/api/services', { ...service, bufferBeforeMin: -1 }, 'body.bufferBeforeMin'],
    ['POST', '/api/services', { ...service, bufferAfterMin: 1441 }, 'body.bufferAfterMin'],
    ['POST', '/api/services', { ...service, slotIntervalMin: 0 }, 'body.slotIntervalMin'],
    ['POST', '/api/services', { ...service, minNoticeMin: -5 }, 'body.minNoticeMin'],
    ['POST', '/api/services', { ...service, maxAdvanceDays: 0 }, 'body.maxAdvanceDays'],
    ['POST', '/api/services', { ...service, maxAdvanceDays: 3651 }, 'body.maxAdvanceDays'],
    ['POST', '/api/services', { ...service, priceAmount: -1 }, 'body.priceAmount'],
    ['POST', '/api/services', { ...service, priceAmount: 9.99 }, 'body.priceAmount'],
    ['POST', '/api/services', { ...service, priceCurrency: 'EURO' }, 'body.priceCurrency'],
    // From the catalog service itself, which knows the ISO 4217 list.
    ['POST', '/api/services', { ...service, priceAmount: 100, priceCurrency: 'ZZZ' }, 'body.priceCurrency'],
    ['POST', '/api/services', { ...service, staffIds: 'stf_1' }, 'body.staffIds'],
    ['POST', '/api/services', { ...service, resourceIds: [7] }, 'body.resourceIds.0'],
    ['POST', '/api/services', { ...service, status: 'archived' }, 'body.status'],
    ['PATCH', '/api/services/svc_x', { durationMin: 0 }, 'body.durationMin'],
    ['POST', '/api/staff', { email: 'a@b.test' }, 'body.displayName'],
    ['POST', '/api/staff', { displayName: 'A', email: 'not-an-email' }, 'body.email'],
    ['POST', '/api/staff', { displayName: 'A', timezone: 'Mars/Olympus' }, 'body.timezone'],
    // The one email rule (@svc/rules): no control characters, no angle brackets, at most 254.
    ['POST', '/api/staff', { displayName: 'A', email: '<script>@x.y' }, 'body.email'],
    ['POST', '/api/staff', { displayName: 'A', email: 'a\u0001b@x.test' }, 'body.email'],
    ['POST', '/api/staff', { displayName: 'A', email: 'ann@ex\u0007ample.test' }, 'body.email'],
    ['PATCH', '/api/staff/stf_x', { email: `${'a'.repeat(60)}@${'b'.repeat(200)}.test` }, 'body.email'],
    // Instants: 1 to the end of year 9999.
    ['POST', '/api/blocked-times', { ...block, startsAtMs: 0 }, 'body.startsAtMs'],
    ['POST', '/api/blocked-times', { ...block, endsAtMs: 8_640_000_000_000_000 }, 'body.endsAtMs'],
    ['PATCH', '/api/blocked-times/blk_x', { endsAtMs: 9_007_199_254_740_991 }, 'body.endsAtMs'],
    [
      'POST',
      '/api/availability-rules',
      { ...rule, effectiveUntilAtMs: 253_402_300_800_000 },
      'body.effectiveUntilAtMs',
    ],
    ['POST', '/api/services', { ...service, priceAmount: 100, priceCurrency: 'ABC' }, 'body.priceCurrency'],
    ['PATCH', '/api/tenant', { locale: 'en-US-u-ca-buddhist' }, 'body.locale'],
    ['POST', '/api/staff', { displayName: 'A', status: 'hidden' }, 'body.status'],
    ['POST', '/api/resources', { name: 'Room' }, 'body.type'],
    ['POST', '/api/resources', { type: 'room' }, 'body.name'],
    ['POST', '/api/resources', { type: 'room', name: 'Room', capacity: 0 }, 'body.capacity'],
    ['POST', '/api/resources', { type: 'room', name: 'Room', capacity: 10_001 }, 'body.capacity'],
    ['POST', '/api/availability-rules', { ...rule, startMinute: 600, endMinute: 540 }, 'body.startMinute'],
    ['POST', '/api/availability-rules', { ...rule, startMinute: 600, endMinute: 600 }, 'body.startMinute'],
    ['POST', '/api/availability-rules', { ...rule, endMinute: 1441 }, 'body.endMinute'],
    ['POST', '/api/availability-rules', { ...rule, startMinute: -1 }, 'body.startMinute'],
    ['POST', '/api/availability-rules', { ...rule, weekday: 7 }, 'body.weekday'],
    ['POST', '/api/availability-rules', { ...rule, ownerType: 'room' }, 'body.ownerType'],
    ['POST', '/api/availability-rules', { ...rule, ownerType: 'staff' }, 'body.ownerId'],
    ['POST', '/api/availability-rules', { ...rule, timezone: 'Nowhere/City' }, 'body.timezone'],
    [
      'POST',
      '/api/availability-rules',
      { ...rule, effectiveFromAtMs: 2_000, effectiveUntilAtMs: 1_000 },
      'body.effectiveFromAtMs',
    ],
    ['PATCH', '/api/availability-rules/rul_x', { startMinute: 700, endMinute: 600 }, 'body.startMinute'],
    ['POST', '/api/availability-rules', { ...rule, status: 'deleted' }, 'body.status'],
    ['PATCH', '/api/availability-rules/rul_x', { status: 'gone' }, 'body.status'],
    ['POST', '/api/blocked-times', { ...block, endsAtMs: block.startsAtMs }, 'body.startsAtMs'],
    ['POST', '/api/blocked-times', { ownerType: 'tenant', startsAtMs: 1 }, 'body.endsAtMs'],
    ['POST', '/api/blocked-times', { ...block, ownerType: 'resource' }, 'body.ownerId'],
    ['PATCH', '/api/blocked-times/blk_x', { startsAtMs: 5, endsAtMs: 4 }, 'body.startsAtMs'],
    ['POST', '/api/holidays', { date: '2030-02-30', name: 'x' }, 'body.date'],
    ['POST', '/api/holidays', { date: '2030/12/25', name: 'x' }, 'body.date'],
    ['POST', '/api/holidays', { name: 'Christmas' }, 'body.date'],
    ['POST', '/api/holidays', { date: '2030-12-25', status: 'deleted' }, 'body.status'],
    ['PATCH', '/api/tenant', { locale: 'not a locale' }, 'body.locale'],
    ['PATCH', '/api/tenant', { timezone: 'Europe/Atlantis' }, 'body.timezone'],
    ['PATCH', '/api/tenant', { branding: { primaryColor: 'red' } }, 'body.branding.primaryColor'],
    ['PATCH', '/api/tenant', { branding: { logoUrl: 'http://x.test/logo.png' } }, 'body.branding.logoUrl'],
    ['PATCH', '/api/tenant', { branding: {} }, 'body'],
    [
      'PATCH',
      '/api/tenant',
      { branding: { embedOrigins: ['https://ok.example', 'http://www.example.com'] } },
      'body.branding.embedOrigins.1',
    ],
    [
      'PATCH',
      '/api/tenant',
      { branding: { embedOrigins: ['https://shop.example/book'] } },
      'body.branding.embedOrigins.0',
    ],
    ['PATCH', '/api/tenant', { branding: { embedOrigins: 'https://shop.example' } }, 'body.branding.embedOrigins'],
    ['PATCH', '/api/tenant', { name: '   ' }, 'body.name'],
    // Status is the operator's, the slug is in public links: neither is the dashboard's to change.
    ['PATCH', '/api/tenant', { status: 'suspended' }, 'body'],
    ['PATCH', '/api/tenant', { slug: 'renamed' }, 'body'],
  ];

  it.each(cases)('%s %s %j → %s', async (method, path, body, detailPath) => {
    const res = await call(ownerA, method, path, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(detailPath);
  });

  const patchPaths = [
    '/api/services/svc_x',
    '/api/staff/stf_x',
    '/api/resources/res_x',
    '/api/availability-rules/rul_x',
    '/api/blocked-times/blk_x',
    '/api/holidays/hol_x',
    '/api/tenant',
  ];

  it.each(patchPaths)('PATCH %s with an empty body names `body`', async (path) => {
    const res = await call(ownerA, 'PATCH', path, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body' }] });
  });

  it.each(patchPaths)('PATCH %s with an unknown field names it', async (path) => {
    const res = await call(ownerA, 'PATCH', path, { colour: 'blue' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ path: 'body', message: expect.stringContaining('colour') }]);
  });

  it.each([
    ['/api/services', service],
    ['/api/availability-rules', { ...rule, status: 'active' }],
    ['/api/holidays', { date: '2030-12-25', name: 'x', status: 'active' }],
    ['/api/resources', { type: 'room', name: 'Room' }],
  ])('POST %s rejects members it does not know', async (path, body) => {
    const res = await call(ownerA, 'POST', path, { ...body, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error.details)).toContain('extra');
  });

  it.each(LIST_PATHS)('GET %s checks limit (1..100) and the query members', async (path) => {
    for (const q of ['limit=101', 'limit=0', 'limit=ten', 'limit=2.5']) {
      const res = await call(viewerA, 'GET', `${path}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'query.limit' }] });
    }
    expect((await call(viewerA, 'GET', `${path}?limit=100`)).status).toBe(200);
    expect((await call(viewerA, 'GET', `${path}?sort=name`)).body.error.code).toBe('VALIDATION_ERROR');
  });

  it.each(LIST_PATHS)('GET %s takes every cursor of the documented pattern and refuses the rest', async (path) => {
    // Never issued, but of the pattern: a position like any other (a page, maybe empty).
    for (const cursor of ['000000000000000x', `999999999999999${'-'.repeat(100)}`, '0017000000000000stf_abc']) {
      const res = await call(viewerA, 'GET', `${path}?cursor=${cursor}`);
      expect(res.status, cursor).toBe(200);
    }
    for (const cursor of [
      'garbage!',
      '12345x',
      Buffer.from('[1,"x"]').toString('base64url'),
      `000000000000000${'a'.repeat(101)}`,
    ]) {
      const res = await call(viewerA, 'GET', `${path}?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.error.details, cursor).toEqual([
        { path: 'query.cursor', message: 'is not a cursor returned by this list' },
      ]);
    }
  });

  it('takes every price the document allows and refuses the halves it forbids', async () => {
    const ok = [
      { slug: 'price-none' },
      { slug: 'price-cleared', priceCurrency: '' },
      { slug: 'price-full', priceAmount: 0, priceCurrency: 'EUR' },
    ];
    for (const body of ok) {
      const res = await call(ownerB, 'POST', '/api/services', { name: 'P', durationMin: 30, ...body });
      expect(res.status, body.slug).toBe(201);
    }
    const refused: [unknown, string][] = [
      [{ priceAmount: 100 }, 'body.priceCurrency'],
      [{ priceAmount: 100, priceCurrency: '' }, 'body.priceAmount'],
      [{ priceCurrency: 'EUR' }, 'body.priceAmount'],
    ];
    for (const [body, path] of refused) {
      const res = await call(ownerB, 'POST', '/api/services', {
        slug: 'price-x',
        name: 'P',
        durationMin: 30,
        ...(body as object),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
  });

  it('an ownerId of blanks is no owner (the document requires a non-blank character)', async () => {
    for (const ownerId of ['', '   ', '\uFEFF']) {
      const res = await call(ownerA, 'POST', '/api/blocked-times', { ...block, ownerType: 'staff', ownerId });
      expect(res.body.error.details, JSON.stringify(ownerId)).toEqual([
        { path: 'body.ownerId', message: 'Required when ownerType is staff.' },
      ]);
    }
  });

  it('checks the list filters', async () => {
    const status = await call(viewerA, 'GET', '/api/services?status=gone');
    expect(status.body.error.details[0].path).toBe('query.status');
    const owner = await call(viewerA, 'GET', '/api/availability-rules?ownerType=room');
    expect(owner.body.error.details[0].path).toBe('query.ownerType');
    const window = await call(viewerA, 'GET', '/api/blocked-times?fromMs=10&toMs=5');
    expect(window.body.error.details[0].path).toBe('query.toMs');
    const huge = await call(viewerA, 'GET', '/api/blocked-times?fromMs=8639999000000000&toMs=8640000000000000');
    expect(huge.status).toBe(400);
    expect(huge.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['query.fromMs', 'query.toMs']);
  });
});

describe('tenant isolation', () => {
  const foreign: Record<string, string> = {};

  beforeAll(async () => {
    for (const r of RESOURCES) {
      const res = await call(ownerB, 'POST', r.path, r.create());
      expect(res.status).toBe(201);
      foreign[r.path] = res.body.data[r.idField];
    }
  });

  it.each(RESOURCES)("tenant A neither lists, gets nor patches tenant B's $path", async ({ path, idField, patch }) => {
    const id = foreign[path]!;
    const list = await call(ownerA, 'GET', `${path}?limit=100`);
    expect(list.status).toBe(200);
    expect(ids(list.body.data.items, idField)).not.toContain(id);
    expect(list.body.data.items.every((i: { tenantId: string }) => i.tenantId === tenantA)).toBe(true);

    const got = await call(ownerA, 'GET', `${path}/${id}`);
    expect(got.status).toBe(404);
    expect(got.body.error.code).toBe('NOT_FOUND');

    const res = await call(ownerA, 'PATCH', `${path}/${id}`, patch);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');

    // B's record is untouched and still B's, in the list and by id.
    const own = await call(ownerB, 'GET', `${path}?limit=100`);
    const item = own.body.data.items.find((i: Record<string, string>) => i[idField] === id);
    expect(item).toMatchObject({ tenantId: tenantB });
    expect(item).not.toMatchObject(patch);
    const ownById = await call(ownerB, 'GET', `${path}/${id}`);
    expect(ownById.status).toBe(200);
    expect(ownById.body.data).toEqual(item);
  });

  it.each(RESOURCES)('GET $path/:id of an unknown id is NOT_FOUND', async ({ path }) => {
    const res = await call(ownerA, 'GET', `${path}/unk_0000000000000000000000`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  // docs/api-conventions.md "Input rules": one id shape; anything else names nothing and is a 400
  // at the parameter, however long (not a 404 from the router, not a lookup).
  it.each(RESOURCES)(
    'GET and PATCH $path/:id of a value that is no id are 400 at params.$idField',
    async ({ path, idField, patch }) => {
      for (const id of ['x'.repeat(65), 'x'.repeat(15_000), 'unknown_id', 'stf_a%2Fb', 'STF_abc']) {
        for (const method of ['GET', 'PATCH'] as const) {
          const res = await call(ownerA, method, `${path}/${id}`, method === 'PATCH' ? patch : undefined);
          expect(res.status, `${method} ${id.slice(0, 20)}`).toBe(400);
          expect(res.body.error.details).toEqual([
            { path: `params.${idField}`, message: expect.stringMatching(/must be an id/) },
          ]);
        }
      }
    },
  );

  it('a tenant id in the body does not reach another tenant', async () => {
    const res = await call(ownerA, 'POST', '/api/holidays', { date: '2030-01-01', name: 'x', tenantId: tenantB });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    const query = await call(ownerA, 'GET', `/api/holidays?tenantId=${tenantB}`);
    expect(query.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('access', () => {
  const writes: [string, string, unknown][] = [
    ['POST', '/api/services', { slug: 'viewer-made', name: 'x', durationMin: 30 }],
    ['POST', '/api/staff', { displayName: 'x' }],
    ['POST', '/api/resources', { type: 'room', name: 'x' }],
    ['POST', '/api/availability-rules', { ownerType: 'tenant', weekday: 3, startMinute: 0, endMinute: 60 }],
    ['POST', '/api/blocked-times', { ownerType: 'tenant', startsAtMs: 1, endsAtMs: 2 }],
    ['POST', '/api/holidays', { date: '2030-05-01', name: 'x' }],
    ['PATCH', '/api/services/svc_x', { name: 'x' }],
    ['PATCH', '/api/tenant', { name: 'x' }],
  ];

  it('a viewer can list and read', async () => {
    for (const path of [
      '/api/services',
      '/api/staff',
      '/api/resources',
      '/api/availability-rules',
      '/api/blocked-times',
      '/api/holidays',
      '/api/tenant',
    ]) {
      expect((await call(viewerA, 'GET', path)).status, path).toBe(200);
    }
  });

  it.each(writes)('a viewer cannot %s %s (FORBIDDEN)', async (method, path, body) => {
    const res = await call(viewerA, method, path, body);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it.each(writes)('an owner without the CSRF header cannot %s %s (CSRF_INVALID)', async (method, path, body) => {
    const missing = await call(ownerA, method, path, body, { csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe('CSRF_INVALID');
    const wrong = await call(ownerA, method, path, body, { csrf: ownerB.csrf });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('CSRF_INVALID');
  });

  it('no session is AUTH_REQUIRED, for reads and writes', async () => {
    for (const [method, path] of [
      ['GET', '/api/services'],
      ['POST', '/api/holidays'],
      ['GET', '/api/tenant'],
    ] as const) {
      const res = await call(null, method, path, method === 'POST' ? { date: '2030-05-01', name: 'x' } : undefined);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_REQUIRED');
    }
  });
});

describe('GET /openapi.json', () => {
  const collections = [
    ['/api/services', 'serviceId', ['slug', 'name', 'durationMin']],
    ['/api/staff', 'staffId', ['displayName']],
    ['/api/resources', 'resourceId', ['type', 'name']],
    ['/api/availability-rules', 'ruleId', ['ownerType', 'weekday', 'startMinute', 'endMinute']],
    ['/api/blocked-times', 'blockId', ['ownerType', 'startsAtMs', 'endsAtMs']],
    ['/api/holidays', 'holidayId', ['date']],
  ] as const;

  it('documents every catalog route with its request body and response schema', async () => {
    const doc = await json(await fetch(`${base}/openapi.json`));
    const bodyOf = (op: { requestBody: { content: Record<string, { schema: unknown }> } }) =>
      op.requestBody.content['application/json']!.schema as {
        properties: Record<string, unknown>;
        required?: string[];
        additionalProperties: boolean;
      };
    for (const [path, idParam, required] of collections) {
      const item = `${path}/{${idParam}}`;
      expect(doc.paths[path]?.get, path).toBeDefined();
      const create = bodyOf(doc.paths[path].post);
      expect(create.required?.sort()).toEqual([...required].sort());
      expect(create.additionalProperties).toBe(false);
      expect(
        doc.paths[path].post.responses['201'].content['application/json'].schema.properties.data.properties,
      ).toHaveProperty(idParam);
      const get = doc.paths[item]?.get;
      expect(get, `GET ${item}`).toBeDefined();
      expect(get.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: idParam, in: 'path', required: true })]),
      );
      expect(
        get.responses['200'].content['application/json'].schema.properties.data.properties,
        `GET ${item}`,
      ).toHaveProperty(idParam);
      const patch = bodyOf(doc.paths[item].patch);
      expect(patch.required ?? []).toEqual([]);
      expect(Object.keys(patch.properties)).toEqual(expect.arrayContaining([...required]));
      expect(doc.paths[path].get.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['limit', 'cursor']),
      );
      const listData = doc.paths[path].get.responses['200'].content['application/json'].schema.properties.data;
      expect(listData.properties).toHaveProperty('items');
      expect(listData.properties).toHaveProperty('nextCursor');
    }
    expect(doc.paths['/api/tenant'].get).toBeDefined();
    // How each route authenticates: session cookie to read, plus the CSRF header to write (the
    // partner API's Bearer key and the operator's platform key are the other schemes).
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'csrfHeader',
      'platformKey',
      'sessionCookie',
    ]);
    expect(doc.paths['/api/services'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/services'].post.security).toEqual([{ sessionCookie: [], csrfHeader: [] }]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(Object.keys(bodyOf(doc.paths['/api/tenant'].patch).properties).sort()).toEqual([
      'branding',
      'locale',
      'name',
      'retention',
      'timezone',
    ]);
  });

  // docs/decisions.md "Partner API": the same modules register the catalog on /v1.
  it('documents the catalog on /v1 with the dashboard’s schemas and the catalog scopes', async () => {
    const doc = await json(await fetch(`${base}/openapi.json`));
    type Operation = { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, { content: unknown }> };
    const schemasOf = (op: Operation) => ({
      body: op.requestBody ?? null,
      // The partner API adds its tenant header; the rest are the dashboard's parameters.
      parameters: (op.parameters ?? []).filter((p) => (p as { name: string }).name !== 'x-service-tenant-id'),
      // The answer's schema (its links name the surface's own operations).
      answer: (op.responses['200'] ?? op.responses['201'])!.content,
    });
    const read = [{ apiKey: ['catalog:read'] }];
    const write = [{ apiKey: ['catalog:write'] }];
    for (const [path, idParam] of [...collections, ['/api/date-overrides', 'overrideId'] as const]) {
      const v1 = path.replace('/api/', '/v1/');
      const operations = [
        ['get', path, v1, v1 === '/v1/services' ? [...read, { apiKey: ['booking:read'] }] : read],
        ['post', path, v1, write],
        ['get', `${path}/{${idParam}}`, `${v1}/{${idParam}}`, read],
        ['patch', `${path}/{${idParam}}`, `${v1}/{${idParam}}`, write],
      ] as const;
      for (const [method, dashboardPath, partnerPath, security] of operations) {
        const partner = doc.paths[partnerPath]?.[method];
        expect(partner, `${method} ${partnerPath}`).toBeDefined();
        expect(partner.security, `${method} ${partnerPath}`).toEqual(security);
        expect(partner.operationId).toMatch(/^partner/);
        expect(partner.parameters).toEqual(
          expect.arrayContaining([expect.objectContaining({ name: 'x-service-tenant-id', in: 'header' })]),
        );
        expect(schemasOf(partner), `${method} ${partnerPath}`).toEqual(schemasOf(doc.paths[dashboardPath][method]));
      }
    }
  });

  it('states the input rules the server applies (patterns, enums, minProperties, descriptions)', async () => {
    const doc = await json(await fetch(`${base}/openapi.json`));
    const body = (path: string, method: string) =>
      doc.paths[path][method].requestBody.content['application/json'].schema;
    // Staff email: the shared pattern and length.
    const email = body('/api/staff', 'post').properties.email.anyOf[0];
    expect(email).toMatchObject({ maxLength: 254, pattern: expect.stringContaining('@') });
    expect(new RegExp(email.pattern).test('<script>@x.y')).toBe(false);
    expect(new RegExp(email.pattern).test('alex@a.test')).toBe(true);
    // Every PATCH needs at least one field.
    for (const path of [
      '/api/services/{serviceId}',
      '/api/staff/{staffId}',
      '/api/holidays/{holidayId}',
      '/api/tenant',
    ]) {
      expect(body(path, 'patch').minProperties, path).toBe(1);
    }
    // ISO 4217, IANA time zones and BCP 47 locales as the server knows them.
    const currency = body('/api/services', 'post').properties.priceCurrency.anyOf[0];
    expect(currency.enum).toEqual(expect.arrayContaining(['EUR', 'USD', 'JPY']));
    expect(currency.enum).not.toContain('ABC');
    const tenant = body('/api/tenant', 'patch').properties;
    expect(tenant.timezone.enum).toEqual(expect.arrayContaining(['Europe/Berlin', 'UTC']));
    expect(new RegExp(tenant.locale.pattern).test('de-CH')).toBe(true);
    expect(new RegExp(tenant.locale.pattern).test('not a locale')).toBe(false);
    // Instants are bounded.
    const block = body('/api/blocked-times', 'post').properties;
    expect(block.startsAtMs).toMatchObject({ minimum: 1, maximum: 253_402_300_799_999 });
    // What JSON Schema cannot say is in the operation's description.
    expect(doc.paths['/api/availability-rules'].post.description).toContain('`startMinute` < `endMinute`');
    expect(doc.paths['/api/availability-rules'].post.description).toContain('`ownerId` is required');
    expect(doc.paths['/api/blocked-times'].post.description).toContain('`startsAtMs` < `endsAtMs`');
    expect(doc.paths['/api/blocked-times'].get.description).toContain('`fromMs` < `toMs`');
    // The cursor pattern is the codec's (every matching string is a position).
    const cursor = doc.paths['/api/services'].get.parameters.find((p: { name: string }) => p.name === 'cursor');
    expect(cursor.schema.pattern).toBe(PAGE_CURSOR_PATTERN.source);
    // Staff and resource owners need an ownerId; the price comes whole; branding alone needs a field.
    for (const path of ['/api/availability-rules', '/api/blocked-times']) {
      expect(body(path, 'post'), path).toMatchObject({
        if: { required: ['ownerType'], properties: { ownerType: { enum: ['staff', 'resource'] } } },
        then: { required: ['ownerId'], properties: { ownerId: { pattern: expect.any(String) } } },
      });
      const nonBlank = new RegExp(body(path, 'post').then.properties.ownerId.pattern);
      expect(['', '  ', '\uFEFF'].some((id) => nonBlank.test(id))).toBe(false);
      expect(nonBlank.test(' stf_1 ')).toBe(true);
    }
    expect(body('/api/services', 'post')).toMatchObject({
      dependentRequired: { priceAmount: ['priceCurrency'] },
      dependentSchemas: { priceAmount: { properties: { priceCurrency: { minLength: 1 } } } },
    });
    expect(body('/api/services/{serviceId}', 'patch').dependentSchemas).toHaveProperty('priceAmount');
    expect(body('/api/tenant', 'patch').anyOf).toContainEqual({
      required: ['branding'],
      properties: { branding: { minProperties: 1 } },
    });
    expect(body('/api/tenant', 'patch').anyOf).toContainEqual({
      required: ['retention'],
      properties: { retention: { minProperties: 1 } },
    });
    expect(body('/api/tenant', 'patch').properties.retention.properties.auditDays).toMatchObject({
      minimum: 90,
      maximum: 3650,
    });
    expect(body('/api/tenant', 'patch').properties.retention.properties.webhookBodyDays).toMatchObject({
      minimum: 1,
      maximum: 3650,
    });
  });
});
