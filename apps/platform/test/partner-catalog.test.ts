// The catalog in the partner API over real HTTP on the embedded platform (docs/decisions.md
// "Partner API", docs/api-conventions.md "Partner API"): a partner changes a staff member's hours
// and the public availability follows; the one GET /v1/services for booking and catalog partners;
// bad input refused as on the dashboard; each change in the audit log under the API key.
// (The scope of every operation is partner-api.test.ts's matrix.)

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinTime, seedTenant, slotStartsOn } from './booking-fixture.js';
import {
  dashboard,
  type DashboardSession,
  dataOf,
  errorOf,
  platformStores,
  type PlatformStores,
} from './dashboard-fixture.js';
import { createKey, partner, type CreatedKey } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
let stores: PlatformStores;
let tenantId = '';
let staffId = '';
let owner: DashboardSession;
let key: CreatedKey;
let v1: ReturnType<typeof partner>;
let api: ReturnType<typeof dashboard>;

beforeAll(async () => {
  platform = await startTestPlatform();
  base = platform.url;
  stores = await platformStores(platform);
  // Open 09:00–17:00 every day (the tenant and Dr. Weber), `checkup` of 30 minutes with her.
  ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'synced'));
  owner = await stores.session(tenantId, 'tenant_owner');
  api = dashboard(base, owner);
  key = await createKey(base, owner, ['catalog:read', 'catalog:write'], 'practice system');
  v1 = partner(base, key.secret, tenantId);
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

/** The Berlin date `daysAhead` days from now, as YYYY-MM-DD, and its weekday (0 = Sunday). */
const berlinDay = (daysAhead: number) => {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(berlinTime(daysAhead, 12)),
  );
  return { date, weekday: new Date(`${date}T12:00:00Z`).getUTCDay() };
};

const hhmm = (starts: number[]) =>
  starts.map((ms) =>
    new Date(ms).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }),
  );

describe('a practice-management system keeps hours in sync through /v1', () => {
  it('shorter weekly hours and a date override change the public availability; each change is audited', async () => {
    const day = berlinDay(5);
    const next = berlinDay(6);
    expect(await slotStartsOn(base, 'synced', 5)).toHaveLength(16);
    expect(await slotStartsOn(base, 'synced', 6)).toHaveLength(16);

    // The partner finds the staff member and her rule for that weekday as the dashboard lists them.
    const staff = await dataOf(await v1('GET', '/v1/staff'));
    expect(staff.items).toEqual((await dataOf(await api('GET', '/api/staff'))).items);
    expect(staff.items.map((s: { staffId: string }) => s.staffId)).toEqual([staffId]);
    const rules = await dataOf(await v1('GET', `/v1/availability-rules?ownerType=staff&ownerId=${staffId}&limit=100`));
    const rule = rules.items.find((r: { weekday: number }) => r.weekday === day.weekday);
    expect(rule).toMatchObject({ ownerId: staffId, startMinute: 540, endMinute: 1020, status: 'active' });

    // Her hours that weekday end at noon: the booking page offers the morning only.
    const patched = await dataOf(await v1('PATCH', `/v1/availability-rules/${rule.ruleId}`, { endMinute: 720 }));
    expect(patched).toMatchObject({ ruleId: rule.ruleId, startMinute: 540, endMinute: 720 });
    expect((await dataOf(await api('GET', `/api/availability-rules/${rule.ruleId}`))).endMinute).toBe(720);
    expect(hhmm(await slotStartsOn(base, 'synced', 5))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);

    // The next day she works 10:00–11:00 only.
    const override = await dataOf(
      await v1('POST', '/v1/date-overrides', {
        ownerType: 'staff',
        ownerId: staffId,
        date: next.date,
        windows: [{ startMinute: 600, endMinute: 660 }],
      }),
      201,
    );
    expect(override).toMatchObject({ ownerType: 'staff', ownerId: staffId, date: next.date, status: 'active' });
    expect(hhmm(await slotStartsOn(base, 'synced', 6))).toEqual(['10:00', '10:30']);

    // The audit log names the API key and the operation of each change.
    const events = await dataOf(await api('GET', `/api/audit-events?actorId=${key.apiKey.apiKeyId}&limit=100`));
    const made = events.items.map((e: { operation: string; surface: string; actor: unknown; outcome: string }) => ({
      operation: e.operation,
      surface: e.surface,
      actor: e.actor,
      outcome: e.outcome,
    }));
    const actor = { type: 'api_key', id: key.apiKey.apiKeyId, role: null };
    expect(made).toEqual(
      expect.arrayContaining([
        { operation: 'partnerUpdateAvailabilityRule', surface: 'partner', actor, outcome: 'succeeded' },
        { operation: 'partnerCreateDateOverride', surface: 'partner', actor, outcome: 'succeeded' },
      ]),
    );

    // Removed as on the dashboard: the override deleted, the hours back to 17:00.
    await dataOf(await v1('PATCH', `/v1/date-overrides/${override.overrideId}`, { status: 'deleted' }));
    await dataOf(await v1('PATCH', `/v1/availability-rules/${rule.ruleId}`, { endMinute: 1020 }));
    expect(await slotStartsOn(base, 'synced', 5)).toHaveLength(16);
    expect(await slotStartsOn(base, 'synced', 6)).toHaveLength(16);
  });

  it('a blocked time and a holiday through /v1 take their slots away', async () => {
    const from = berlinTime(7, 9);
    await dataOf(
      await v1('POST', '/v1/blocked-times', {
        ownerType: 'staff',
        ownerId: staffId,
        startsAtMs: from,
        endsAtMs: from + 2 * 3_600_000,
        reason: 'Training',
      }),
      201,
    );
    expect(hhmm(await slotStartsOn(base, 'synced', 7)).slice(0, 2)).toEqual(['11:00', '11:30']);
    expect(await slotStartsOn(base, 'synced', 7)).toHaveLength(12);

    const holiday = await dataOf(await v1('POST', '/v1/holidays', { date: berlinDay(8).date, name: 'Closed' }), 201);
    expect(await slotStartsOn(base, 'synced', 8)).toEqual([]);
    const listed = await dataOf(await v1('GET', '/v1/holidays'));
    expect(listed.items.map((h: { holidayId: string }) => h.holidayId)).toContain(holiday.holidayId);
  });
});

describe('GET /v1/services', () => {
  it('one list for booking and catalog partners: the catalog’s records, `status=active` the bookable ones', async () => {
    const hidden = await dataOf(
      await v1('POST', '/v1/services', { slug: 'private', name: 'Private', durationMin: 45, status: 'hidden' }),
      201,
    );
    expect(hidden).toMatchObject({ slug: 'private', status: 'hidden', price: null });
    const booker = partner(base, (await createKey(base, owner, ['booking:read'])).secret, tenantId);

    const all = await dataOf(await booker('GET', '/v1/services'));
    // The dashboard's record, field for field.
    expect(all).toEqual(await dataOf(await api('GET', '/api/services')));
    // Every status: the fixture's hidden `secret` too.
    expect(all.items.map((s: { slug: string; status: string }) => `${s.slug} ${s.status}`)).toEqual([
      'checkup active',
      'secret hidden',
      'private hidden',
    ]);
    const bookable = await dataOf(await booker('GET', '/v1/services?status=active'));
    expect(bookable.items.map((s: { slug: string }) => s.slug)).toEqual(['checkup']);
    // Every field partners had from the old bookable list is still there.
    expect(bookable.items[0]).toMatchObject({
      serviceId: expect.stringMatching(/^svc_/),
      slug: 'checkup',
      name: expect.any(String),
      description: expect.any(String),
      durationMin: 30,
      price: { amount: 4500, currency: 'EUR' },
      confirmation: 'manual',
      cancelCutoffMin: 0,
      rescheduleCutoffMin: 0,
      questions: [],
      seats: 1,
      maxPartySize: 1,
      assignment: 'first_available',
    });
    const priced = await dataOf(
      await v1('PATCH', `/v1/services/${hidden.serviceId}`, { priceAmount: 4500, priceCurrency: 'EUR' }),
    );
    expect(priced).toMatchObject({ priceAmount: 4500, priceCurrency: 'EUR', price: { amount: 4500, currency: 'EUR' } });

    // booking:read opens the list only: the records themselves are the catalog's.
    expect(await errorOf(await booker('GET', `/v1/services/${hidden.serviceId}`))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API key lacks the catalog:read scope.',
    });
    expect(await errorOf(await booker('POST', '/v1/services', { slug: 'x', name: 'x', durationMin: 5 }))).toMatchObject(
      { status: 403, code: 'FORBIDDEN', message: 'This API key lacks the catalog:write scope.' },
    );
  });
});

describe('bad input on /v1 is refused as on /api', () => {
  it('VALIDATION_ERROR with the same details, from the schemas and from the catalog', async () => {
    const rule = (await dataOf(await api('GET', '/api/availability-rules?limit=1'))).items[0];
    const cases: Array<[string, string, unknown, string[]]> = [
      ['POST', '/services', { slug: 'Bad Slug', name: ' ', durationMin: 0 }, ['body.slug', 'body.name']],
      // The catalog's own rule (a slug once per tenant), at the field.
      ['POST', '/services', { slug: 'checkup', name: 'Again', durationMin: 30 }, ['body.slug']],
      ['POST', '/services', { slug: 'paid', name: 'Paid', durationMin: 30, priceAmount: 100 }, ['body.priceCurrency']],
      ['PATCH', `/staff/${staffId}`, {}, ['body']],
      ['PATCH', `/staff/${staffId}`, { timezone: 'Mars/Olympus' }, ['body.timezone']],
      ['POST', '/resources', { name: 'No type', capacity: 0 }, ['body.type', 'body.capacity']],
      [
        'POST',
        '/availability-rules',
        { ownerType: 'staff', weekday: 7, startMinute: 600, endMinute: 540 },
        ['body.ownerId', 'body.weekday'],
      ],
      ['PATCH', `/availability-rules/${rule.ruleId}`, { startMinute: 1020 }, ['body.startMinute']],
      // A staff member of no tenant of the key's: the catalog's check.
      [
        'POST',
        '/blocked-times',
        { ownerType: 'staff', ownerId: 'stf_elsewhere', startsAtMs: 2_000_000_000_000, endsAtMs: 2_000_000_360_000 },
        ['body.ownerId'],
      ],
      [
        'POST',
        '/blocked-times',
        // Out of order: refused at the start, as on the dashboard.
        { ownerType: 'tenant', startsAtMs: 2_000_000_000_000, endsAtMs: 1_900_000_000_000 },
        ['body.startsAtMs'],
      ],
      ['POST', '/holidays', { date: '2030-02-30' }, ['body.date']],
      [
        'POST',
        '/date-overrides',
        { ownerType: 'tenant', date: '2030-03-01', windows: [{ startMinute: 600, endMinute: 540 }] },
        ['body.windows'],
      ],
      ['GET', '/services?status=gone', undefined, ['query.status']],
      ['GET', '/date-overrides?fromDate=2030-03-02&toDate=2030-03-01', undefined, ['query.toDate']],
    ];
    for (const [method, path, body, at] of cases) {
      const viaV1 = await errorOf(await v1(method, `/v1${path}`, body));
      const viaApi = await errorOf(await api(method, `/api${path}`, body));
      expect(viaV1, `${method} /v1${path} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      const paths = viaV1.details.map((d: { path: string }) => d.path);
      expect(paths, `${method} /v1${path}`).toEqual(expect.arrayContaining(at));
      expect(viaV1.details, `${method} ${path}: /v1 and /api agree`).toEqual(viaApi.details);
    }
    // Another tenant's key never reaches this tenant's records.
    const { tenantId: otherId } = await seedTenant(platform.services.catalog.address, 'unsynced');
    const theirs = await createKey(base, await stores.session(otherId, 'tenant_owner'), ['*']);
    expect(
      await errorOf(await partner(base, theirs.secret, otherId)('PATCH', `/v1/staff/${staffId}`, { displayName: 'X' })),
    ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
