// The partner API over real HTTP on the embedded platform (docs/api-conventions.md "API keys",
// "Partner API"): the key lifecycle on the dashboard, Bearer auth and the tenant header, the
// scope of every /v1 route, and that the four auth contexts never stand in for one another.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectService, type CatalogClient } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { eventually, json, startWebhookReceiver } from '@svc/testing';
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
import { createKey, partner, partnerBooking } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const DASHBOARD_ORIGIN = 'https://dashboard.example';
const ALL_SCOPES = [
  'booking:read',
  'booking:write',
  'customer:read',
  'customer:write',
  'branding:read',
  'branding:write',
  'notification:read',
  'notification:write',
  'catalog:read',
  'catalog:write',
  'webhook:read',
  'webhook:write',
];
const DAY = 86_400_000;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
let stores: PlatformStores;
let catalog: CatalogClient;
let tenantId = '';
let otherTenantId = '';
let owner: DashboardSession;
let otherOwner: DashboardSession;
let everything: string;
let v1: ReturnType<typeof partner>;
const nextSlot = slotSequence(berlinTime);

beforeAll(async () => {
  platform = await startTestPlatform({ DASHBOARD_ORIGIN });
  base = platform.url;
  stores = await platformStores(platform);
  catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
  ({ tenantId } = await seedTenant(platform.services.catalog.address, 'partner'));
  ({ tenantId: otherTenantId } = await seedTenant(platform.services.catalog.address, 'elsewhere'));
  owner = await stores.session(tenantId, 'tenant_owner');
  otherOwner = await stores.session(otherTenantId, 'tenant_owner');
  everything = (await createKey(base, owner, ['*'], 'everything')).secret;
  v1 = partner(base, everything, tenantId);
});
afterAll(async () => {
  catalog?.close();
  await stores?.close();
  await platform?.cleanup();
});

describe('API key lifecycle', () => {
  it('create → use → rotate (the old secret stops at once) → revoke', async () => {
    const created = await createKey(base, owner, ['booking:read', 'customer:read'], 'ci');
    expect(created.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({
      apiKeyId: expect.stringMatching(/^key_/),
      tenantId,
      name: 'ci',
      prefix: created.secret.slice(0, 12),
      scopes: ['booking:read', 'customer:read'],
      status: 'active',
      lastUsedAtMs: null,
    });
    const id = created.apiKey.apiKeyId;

    const use = partner(base, created.secret, tenantId);
    expect((await use('GET', '/v1/bookings')).status).toBe(200);

    // The list shows the key, never its secret; the use above is recorded.
    const listed = await dashboard(base, owner)('GET', '/api/api-keys');
    const listText = await listed.text();
    expect(listed.status).toBe(200);
    expect(listText).not.toContain(created.secret);
    expect(listText).not.toContain('secretHash');
    const mine = JSON.parse(listText).data.items.find((k: { apiKeyId: string }) => k.apiKeyId === id);
    expect(mine).toMatchObject({ status: 'active', prefix: created.secret.slice(0, 12) });
    expect(mine.lastUsedAtMs).toEqual(expect.any(Number));

    const rotated = await json(await dashboard(base, owner)('POST', `/api/api-keys/${id}/rotate`));
    expect(rotated.data.apiKey).toMatchObject({
      apiKeyId: id,
      status: 'active',
      scopes: ['booking:read', 'customer:read'],
    });
    const fresh = rotated.data.secret as string;
    expect(fresh).toMatch(/^sk_live_/);
    expect(fresh).not.toBe(created.secret);
    expect(rotated.data.apiKey.prefix).toBe(fresh.slice(0, 12));

    const old = await use('GET', '/v1/bookings');
    expect(old.headers.get('www-authenticate')).toBe('Bearer');
    expect(await errorOf(old)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    expect((await partner(base, fresh, tenantId)('GET', '/v1/bookings')).status).toBe(200);

    const revoked = await json(await dashboard(base, owner)('POST', `/api/api-keys/${id}/revoke`));
    expect(revoked.data).toMatchObject({ apiKeyId: id, status: 'revoked', revokedAtMs: expect.any(Number) });
    expect(await errorOf(await partner(base, fresh, tenantId)('GET', '/v1/bookings'))).toMatchObject({
      status: 401,
      code: 'AUTH_REQUIRED',
    });
    // Revoked stays revoked: revoking again changes nothing, rotating cannot bring it back.
    expect((await json(await dashboard(base, owner)('POST', `/api/api-keys/${id}/revoke`))).data.status).toBe(
      'revoked',
    );
    expect(await errorOf(await dashboard(base, owner)('POST', `/api/api-keys/${id}/rotate`))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'params.apiKeyId', message: 'is revoked' }],
    });
  });

  it('only owners and admins see or change keys, only their tenant’s', async () => {
    const key = await createKey(base, owner, ['booking:read']);
    const viewer = await stores.session(tenantId, 'tenant_viewer');
    expect(await errorOf(await dashboard(base, viewer)('GET', '/api/api-keys'))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(
      await errorOf(await dashboard(base, viewer)('POST', '/api/api-keys', { name: 'x', scopes: ['*'] })),
    ).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const admin = await stores.session(tenantId, 'tenant_admin');
    expect((await dashboard(base, admin)('GET', '/api/api-keys')).status).toBe(200);
    // Another tenant's owner cannot name this tenant's key.
    for (const action of ['rotate', 'revoke']) {
      expect(
        await errorOf(await dashboard(base, otherOwner)('POST', `/api/api-keys/${key.apiKey.apiKeyId}/${action}`)),
      ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const theirs = await json(await dashboard(base, otherOwner)('GET', '/api/api-keys'));
    expect(theirs.data.items.map((k: { tenantId: string }) => k.tenantId)).not.toContain(tenantId);
  });

  it('refuses bad create bodies with the field at fault', async () => {
    const api = dashboard(base, owner);
    const cases: Array<[unknown, string]> = [
      [{ name: 'x', scopes: ['booking:delete'] }, 'body.scopes.0'],
      [{ name: 'x', scopes: [] }, 'body.scopes'],
      [{ name: 'x', scopes: ['booking:read', 'booking:read'] }, 'body.scopes'],
      [{ scopes: ['*'] }, 'body.name'],
      [{ name: '   ', scopes: ['*'] }, 'body.name'],
      [{ name: 'x', scopes: ['*'], tenant: 'x' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const err = await errorOf(await api('POST', '/api/api-keys', body));
      expect(err, JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(err.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });
});

describe('Bearer auth and the tenant header', () => {
  it('missing, malformed or unknown keys are AUTH_REQUIRED; the tenant header must be the key’s', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer sk_live_nope', `Basic ${everything}`, everything]) {
      const res = await fetch(`${base}/v1/bookings`, {
        headers: { 'x-service-tenant-id': tenantId, ...(authorization ? { authorization } : {}) },
      });
      expect(await errorOf(res), String(authorization)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    }
    expect(await errorOf(await partner(base, everything, null)('GET', '/v1/bookings'))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await errorOf(await partner(base, everything, otherTenantId)('GET', '/v1/bookings'))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('a key never works on /api/*; a session cookie never works on /v1', async () => {
    const withKey = await fetch(`${base}/api/bookings`, { headers: { authorization: `Bearer ${everything}` } });
    expect(await errorOf(withKey)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    const withCookie = await fetch(`${base}/v1/bookings`, {
      headers: { cookie: owner.cookie, 'x-service-tenant-id': tenantId },
    });
    expect(await errorOf(withCookie)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    // Nor does a manage token: it opens its booking's manage routes only.
    const { manageToken } = await book(base, 'partner', nextSlot());
    const withToken = await fetch(`${base}/v1/bookings`, {
      headers: { authorization: `Bearer ${manageToken}`, 'x-service-tenant-id': tenantId },
    });
    expect(await errorOf(withToken)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
  });

  it('a key sees only its tenant: another tenant’s booking is NOT_FOUND', async () => {
    const { booking } = await book(base, 'partner', nextSlot());
    const theirs = (await createKey(base, otherOwner, ['*'])).secret;
    const res = await partner(base, theirs, otherTenantId)('GET', `/v1/bookings/${booking.bookingId}`);
    expect(await errorOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await v1('GET', `/v1/bookings/${booking.bookingId}`)).status).toBe(200);
  });

  it('a suspended tenant’s keys are TENANT_INACTIVE', async () => {
    const { tenantId: doomed } = await seedTenant(platform.services.catalog.address, 'doomed');
    const doomedOwner = await stores.session(doomed, 'tenant_owner');
    const key = await createKey(base, doomedOwner, ['*']);
    expect((await partner(base, key.secret, doomed)('GET', '/v1/branding')).status).toBe(200);
    await catalog.updateTenant({ tenantId: doomed, status: 'suspended' });
    expect(await errorOf(await partner(base, key.secret, doomed)('GET', '/v1/branding'))).toMatchObject({
      status: 403,
      code: 'TENANT_INACTIVE',
    });
  });
});

describe('every /v1 route under its scope', () => {
  it('refuses a key without the route’s scope (403), serves one with only that scope and one with *', async () => {
    const doc = await json(await fetch(`${base}/openapi.json`));
    const api = dashboard(base, owner);
    const heldBooking = async () => (await book(base, 'partner', nextSlot())).booking.bookingId;
    const confirmedBooking = async () => {
      const id = await heldBooking();
      expect((await api('POST', `/api/bookings/${id}/confirm`)).status).toBe(200);
      return id;
    };
    const customer = (await json(await api('POST', '/api/customers', { name: 'Scope Test' }))).data.customerId;
    // A subscription with a receiver that answers, so the next booking's events are delivered.
    const receiver = await startWebhookReceiver();
    const subscribed = (await json(await api('POST', '/api/webhook-subscriptions', { url: receiver.url('scope') })))
      .data;
    receiver.setSecret('scope', subscribed.signingSecret);
    const subscriptionId = subscribed.subscriptionId as string;
    const newSubscription = async () =>
      (await json(await api('POST', '/api/webhook-subscriptions', { url: receiver.url('scope') }))).data
        .subscriptionId as string;
    // A booking's first message (the customer's "request received") in the send log.
    const notified = await heldBooking();
    const delivery = await eventually('a delivery of the booking', async () => {
      const log = await json(await api('GET', `/api/webhook-deliveries?bookingId=${notified}&status=succeeded`));
      return (log.data.items as Array<{ deliveryId: string }>)[0]?.deliveryId;
    });
    const notification = await eventually('the request received message of a booking', async () => {
      const log = await json(await api('GET', `/api/notifications?bookingId=${notified}`));
      return (log.data.items as Array<{ notificationId: string }>)[0]?.notificationId;
    });
    let n = 0;
    const from = berlinTime(20, 0);
    // The catalog's records the item rows read and change: a hidden service and a staff member
    // of no service, so nothing here changes what the other tests book. Holidays and date
    // overrides fall on days no test books.
    const created = async (path: string, body: unknown) => (await json(await api('POST', path, body))).data;
    const service = (
      await created('/api/services', { slug: 'scope-matrix', name: 'Scope', durationMin: 30, status: 'hidden' })
    ).serviceId as string;
    const staff = (await created('/api/staff', { displayName: 'Scope Staff' })).staffId as string;
    const resource = (await created('/api/resources', { type: 'room', name: 'Scope Room' })).resourceId as string;
    const staffRule = { ownerType: 'staff', ownerId: staff, weekday: 1, startMinute: 540, endMinute: 600 };
    const rule = (await created('/api/availability-rules', staffRule)).ruleId as string;
    const block = { ownerType: 'staff', ownerId: staff, startsAtMs: from, endsAtMs: from + 3_600_000 };
    const blockId = (await created('/api/blocked-times', block)).blockId as string;
    const farDate = () => `2090-01-${String((++n % 28) + 1).padStart(2, '0')}`;
    const holiday = (await created('/api/holidays', { date: farDate(), name: 'Scope day' })).holidayId as string;
    const override = { ownerType: 'staff', ownerId: staff, windows: [{ startMinute: 600, endMinute: 660 }] };
    const overrideId = (await created('/api/date-overrides', { ...override, date: farDate() })).overrideId as string;
    /** The catalog collection's four operations under catalog:read and catalog:write. */
    const catalogRows = (
      collection: string,
      idParam: string,
      id: string,
      body: () => unknown,
      patch: unknown,
    ): Row[] => [
      ['POST', `/v1/${collection}`, 'catalog:write', 201, async () => ({ path: `/v1/${collection}`, body: body() })],
      ['GET', `/v1/${collection}/{${idParam}}`, 'catalog:read', 200, async () => ({ path: `/v1/${collection}/${id}` })],
      [
        'PATCH',
        `/v1/${collection}/{${idParam}}`,
        'catalog:write',
        200,
        async () => ({ path: `/v1/${collection}/${id}`, body: patch }),
      ],
    ];

    // [method, path template, scope (either of a pair), status, prepare → { path, body }]
    type Row = [
      string,
      string,
      string | [string, string],
      number,
      () => Promise<{ path: string; body?: unknown; key?: string }>,
    ];
    const rows: Row[] = [
      ['GET', '/v1/bookings', 'booking:read', 200, async () => ({ path: '/v1/bookings' })],
      [
        'GET',
        '/v1/bookings/{bookingId}',
        'booking:read',
        200,
        async () => ({ path: `/v1/bookings/${await heldBooking()}` }),
      ],
      [
        'GET',
        '/v1/bookings/{bookingId}/events',
        'booking:read',
        200,
        async () => ({ path: `/v1/bookings/${await heldBooking()}/events` }),
      ],
      [
        'POST',
        '/v1/bookings',
        'booking:write',
        201,
        async () => ({ path: '/v1/bookings', body: partnerBooking(nextSlot(), `scope-${++n}`), key: `scope-${n}` }),
      ],
      [
        'POST',
        '/v1/bookings/{bookingId}/confirm',
        'booking:write',
        200,
        async () => ({ path: `/v1/bookings/${await heldBooking()}/confirm` }),
      ],
      [
        'POST',
        '/v1/bookings/{bookingId}/cancel',
        'booking:write',
        200,
        async () => ({ path: `/v1/bookings/${await heldBooking()}/cancel`, body: { reason: 'partner' } }),
      ],
      [
        'POST',
        '/v1/bookings/{bookingId}/complete',
        'booking:write',
        200,
        async () => ({ path: `/v1/bookings/${await confirmedBooking()}/complete` }),
      ],
      [
        'POST',
        '/v1/bookings/{bookingId}/no-show',
        'booking:write',
        200,
        async () => ({ path: `/v1/bookings/${await confirmedBooking()}/no-show` }),
      ],
      [
        'POST',
        '/v1/bookings/{bookingId}/reschedule',
        'booking:write',
        200,
        async () => ({ path: `/v1/bookings/${await heldBooking()}/reschedule`, body: { startsAtMs: nextSlot() } }),
      ],
      // The one list a booking partner and a catalog partner share (docs/decisions.md "Partner API").
      ['GET', '/v1/services', ['catalog:read', 'booking:read'], 200, async () => ({ path: '/v1/services' })],
      ...catalogRows(
        'services',
        'serviceId',
        service,
        () => ({ slug: `scope-made-${++n}`, name: 'Made', durationMin: 20, status: 'hidden' }),
        { description: 'Changed by a partner' },
      ),
      ['GET', '/v1/staff', 'catalog:read', 200, async () => ({ path: '/v1/staff' })],
      ...catalogRows('staff', 'staffId', staff, () => ({ displayName: `Made ${++n}` }), { timezone: 'Europe/Berlin' }),
      ['GET', '/v1/resources', 'catalog:read', 200, async () => ({ path: '/v1/resources' })],
      ...catalogRows('resources', 'resourceId', resource, () => ({ type: 'room', name: `Room ${++n}` }), {
        capacity: 2,
      }),
      [
        'GET',
        '/v1/availability-rules',
        'catalog:read',
        200,
        async () => ({ path: `/v1/availability-rules?ownerId=${staff}` }),
      ],
      ...catalogRows('availability-rules', 'ruleId', rule, () => ({ ...staffRule, weekday: ++n % 7 }), {
        endMinute: 660,
      }),
      ['GET', '/v1/blocked-times', 'catalog:read', 200, async () => ({ path: '/v1/blocked-times' })],
      ...catalogRows('blocked-times', 'blockId', blockId, () => block, { reason: 'Partner sync' }),
      ['GET', '/v1/holidays', 'catalog:read', 200, async () => ({ path: '/v1/holidays' })],
      ...catalogRows('holidays', 'holidayId', holiday, () => ({ date: farDate() }), { name: 'Renamed' }),
      ['GET', '/v1/date-overrides', 'catalog:read', 200, async () => ({ path: '/v1/date-overrides' })],
      ...catalogRows('date-overrides', 'overrideId', overrideId, () => ({ ...override, date: farDate() }), {
        windows: [{ startMinute: 600, endMinute: 720 }],
      }),
      [
        'GET',
        '/v1/availability',
        'booking:read',
        200,
        async () => ({ path: `/v1/availability?serviceSlug=checkup&fromMs=${from}&toMs=${from + DAY}` }),
      ],
      ['GET', '/v1/customers', 'customer:read', 200, async () => ({ path: '/v1/customers' })],
      ['GET', '/v1/customers/{customerId}', 'customer:read', 200, async () => ({ path: `/v1/customers/${customer}` })],
      [
        'POST',
        '/v1/customers',
        'customer:write',
        201,
        async () => ({ path: '/v1/customers', body: { name: `Partner made ${++n}` } }),
      ],
      [
        'PATCH',
        '/v1/customers/{customerId}',
        'customer:write',
        200,
        async () => ({ path: `/v1/customers/${customer}`, body: { locale: 'de' } }),
      ],
      [
        'GET',
        '/v1/customers/{customerId}/export',
        'customer:read',
        200,
        async () => ({ path: `/v1/customers/${customer}/export` }),
      ],
      [
        'POST',
        '/v1/customers/{customerId}/erase',
        'customer:write',
        200,
        async () => {
          const doomed = (await json(await api('POST', '/api/customers', { name: `Erased ${++n}` }))).data.customerId;
          return { path: `/v1/customers/${doomed}/erase`, body: { confirmCustomerId: doomed } };
        },
      ],
      ['GET', '/v1/notifications', 'notification:read', 200, async () => ({ path: '/v1/notifications' })],
      [
        'GET',
        '/v1/notifications/{notificationId}',
        'notification:read',
        200,
        async () => ({ path: `/v1/notifications/${notification}` }),
      ],
      [
        'POST',
        '/v1/notifications/{notificationId}/resend',
        'notification:write',
        202,
        async () => ({ path: `/v1/notifications/${notification}/resend` }),
      ],
      ['GET', '/v1/webhook-subscriptions', 'webhook:read', 200, async () => ({ path: '/v1/webhook-subscriptions' })],
      [
        'POST',
        '/v1/webhook-subscriptions',
        'webhook:write',
        201,
        async () => ({ path: '/v1/webhook-subscriptions', body: { url: receiver.url('scope') } }),
      ],
      [
        'GET',
        '/v1/webhook-subscriptions/{subscriptionId}',
        'webhook:read',
        200,
        async () => ({ path: `/v1/webhook-subscriptions/${subscriptionId}` }),
      ],
      [
        'PATCH',
        '/v1/webhook-subscriptions/{subscriptionId}',
        'webhook:write',
        200,
        async () => ({ path: `/v1/webhook-subscriptions/${subscriptionId}`, body: { description: `scope ${++n}` } }),
      ],
      [
        'POST',
        '/v1/webhook-subscriptions/{subscriptionId}/rotate-secret',
        'webhook:write',
        200,
        async () => ({ path: `/v1/webhook-subscriptions/${subscriptionId}/rotate-secret` }),
      ],
      [
        'DELETE',
        '/v1/webhook-subscriptions/{subscriptionId}',
        'webhook:write',
        200,
        async () => ({ path: `/v1/webhook-subscriptions/${await newSubscription()}` }),
      ],
      ['GET', '/v1/webhook-deliveries', 'webhook:read', 200, async () => ({ path: '/v1/webhook-deliveries' })],
      [
        'GET',
        '/v1/webhook-deliveries/{deliveryId}',
        'webhook:read',
        200,
        async () => ({ path: `/v1/webhook-deliveries/${delivery}` }),
      ],
      [
        'POST',
        '/v1/webhook-deliveries/{deliveryId}/replay',
        'webhook:write',
        202,
        async () => ({ path: `/v1/webhook-deliveries/${delivery}/replay` }),
      ],
      ['GET', '/v1/branding', 'branding:read', 200, async () => ({ path: '/v1/branding' })],
      [
        'PATCH',
        '/v1/branding',
        'branding:write',
        200,
        async () => ({ path: '/v1/branding', body: { accentColor: '#00aa00' } }),
      ],
    ];

    // The table covers every /v1 operation of the document, and each names the scope tested here.
    const documented = Object.entries(doc.paths as Record<string, Record<string, { security: unknown }>>)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.security]),
      );
    expect(documented.map(([op]) => op).sort()).toEqual(rows.map(([m, p]) => `${m} ${p}`).sort());
    const scopesOf = (scope: Row[2]) => (Array.isArray(scope) ? scope : [scope]);
    for (const [method, path, scope] of rows) {
      expect(doc.paths[path][method.toLowerCase()].security, `${method} ${path}`).toEqual(
        scopesOf(scope).map((s) => ({ apiKey: [s] })),
      );
    }

    // Per scope a key with only it; per scope (or pair) a key with every other scope.
    const keys = new Map<string, string>();
    const keyOf = async (scopes: string[]) => {
      const name = scopes.join(',');
      if (!keys.has(name)) keys.set(name, (await createKey(base, owner, scopes)).secret);
      return keys.get(name)!;
    };
    for (const [method, template, scope, status, prepare] of rows) {
      const needed = scopesOf(scope);
      const call = async (secret: string) => {
        const { path, body, key } = await prepare();
        return partner(base, secret, tenantId)(method, path, body, key ? { 'idempotency-key': key } : {});
      };
      const refused = await errorOf(await call(await keyOf(ALL_SCOPES.filter((s) => !needed.includes(s)))));
      expect(refused, `${method} ${template} without ${needed.join(' or ')}`).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
        message: `This API key lacks the ${needed.join(' or ')} scope.`,
      });
      for (const granted of [...needed.map((s) => [s]), ['*']]) {
        const served = await call(await keyOf(granted));
        expect(served.status, `${method} ${template} with ${granted}: ${await served.clone().text()}`).toBe(status);
        const answer = await json(served);
        // The customer export is a document of its own (docs/decisions.md "Privacy"), every other answer the envelope.
        if (template.endsWith('/export')) expect(answer.customer.customerId).toBe(customer);
        else expect(answer.ok).toBe(true);
      }
    }
    await receiver.close();
  });
});

describe('bookings through /v1', () => {
  it('creates with Idempotency-Key (one booking), source partner_api, the dashboard’s record', async () => {
    const slot = nextSlot();
    const body = partnerBooking(slot, 'idem');
    const first = await v1('POST', '/v1/bookings', body, { 'idempotency-key': 'partner-idem-1' });
    expect(first.status).toBe(201);
    const a = (await json(first)).data;
    expect(a).toMatchObject({
      booking: { status: 'held', source: 'partner_api', startsAtMs: slot, serviceSlug: 'checkup', tenantId },
      idempotentReplay: false,
      manageUrl: `${base}/booking/manage/${a.manageToken}`,
    });
    const again = await v1('POST', '/v1/bookings', body, { 'idempotency-key': 'partner-idem-1' });
    expect(again.status).toBe(200);
    const b = (await json(again)).data;
    expect(b).toMatchObject({ idempotentReplay: true, manageToken: a.manageToken });
    expect(b.booking.bookingId).toBe(a.booking.bookingId);

    const conflict = await v1(
      'POST',
      '/v1/bookings',
      { ...body, startsAtMs: nextSlot() },
      { 'idempotency-key': 'partner-idem-1' },
    );
    expect(await errorOf(conflict)).toMatchObject({ status: 409, code: 'BOOKING_IDEMPOTENCY_CONFLICT' });

    // The same record as the dashboard's, field for field.
    const detail = (await json(await dashboard(base, owner)('GET', `/api/bookings/${a.booking.bookingId}`))).data;
    const viaPartner = (await json(await v1('GET', `/v1/bookings/${a.booking.bookingId}`))).data;
    expect(viaPartner).toEqual(detail);
    // The detail is the record plus its calendar write-back (none here).
    const { calendarSync, ...viaDashboard } = detail;
    expect(calendarSync).toBeNull();
    expect(a.booking).toEqual(viaDashboard);

    // The state machine is the booking service's: a partner cancels, then cannot confirm.
    const cancelled = await v1('POST', `/v1/bookings/${a.booking.bookingId}/cancel`, { reason: 'changed plans' });
    expect((await json(cancelled)).data).toMatchObject({ status: 'cancelled', cancelReason: 'changed plans' });
    expect(await errorOf(await v1('POST', `/v1/bookings/${a.booking.bookingId}/confirm`))).toMatchObject({
      status: 409,
      code: 'BOOKING_POLICY_BLOCKED',
    });
    const list = (await json(await v1('GET', '/v1/bookings?status=cancelled&limit=100'))).data;
    expect(list.items.map((i: { bookingId: string }) => i.bookingId)).toContain(a.booking.bookingId);
  });

  it('keys are the caller’s own: one key from the public page and from two API keys books three times', async () => {
    // An anonymous caller who guesses a partner's predictable key takes nothing from the partner.
    const key = 'order-1002';
    const other = partner(base, (await createKey(base, owner, ['booking:write'], 'second')).secret, tenantId);
    const publicCreate = (startsAtMs: number) =>
      fetch(`${base}/book/partner/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(partnerBooking(startsAtMs, 'public-order')),
      });
    const callers = [
      { name: 'public', create: publicCreate },
      {
        name: 'first key',
        create: (at: number) => v1('POST', '/v1/bookings', partnerBooking(at, 'order'), { 'idempotency-key': key }),
      },
      {
        name: 'second key',
        create: (at: number) => other('POST', '/v1/bookings', partnerBooking(at, 'order'), { 'idempotency-key': key }),
      },
    ];
    const made = new Map<string, { slot: number; bookingId: string }>();
    for (const { name, create } of callers) {
      const slot = nextSlot();
      const res = await create(slot);
      const body = await json(res);
      expect(res.status, `${name}: ${JSON.stringify(body)}`).toBe(201);
      made.set(name, { slot, bookingId: body.data.booking.bookingId });
    }
    expect(new Set([...made.values()].map((m) => m.bookingId)).size).toBe(3);
    // Each replays its own booking, and only its own.
    for (const { name, create } of callers) {
      const { slot, bookingId } = made.get(name)!;
      const res = await create(slot);
      const body = await json(res);
      expect(res.status, name).toBe(200);
      expect(body.data).toMatchObject({ idempotentReplay: true, booking: { bookingId } });
    }
    for (const { bookingId } of made.values()) {
      expect(await stores.events(bookingId)).toEqual(['booking.created']);
    }
  });

  it('answers bad input with the field at fault', async () => {
    const ok = partnerBooking(nextSlot(), 'bad');
    const cases: Array<[string, string, unknown, Record<string, string>, string]> = [
      ['POST', '/v1/bookings', ok, {}, 'headers.idempotency-key'],
      ['POST', '/v1/bookings', { ...ok, source: 'public_page' }, { 'idempotency-key': 'bad-1' }, 'body.source'],
      ['POST', '/v1/bookings', { ...ok, startsAtMs: 'soon' }, { 'idempotency-key': 'bad-2' }, 'body.startsAtMs'],
      [
        'POST',
        '/v1/bookings',
        { ...ok, customer: { name: 'No contact' } },
        { 'idempotency-key': 'bad-3' },
        'body.customer',
      ],
      ['GET', '/v1/availability?fromMs=1&toMs=2', undefined, {}, 'query.serviceSlug'],
      ['GET', `/v1/availability?serviceSlug=checkup&fromMs=1000&toMs=${1000 + 40 * DAY}`, undefined, {}, 'query.toMs'],
      ['GET', '/v1/bookings?limit=101', undefined, {}, 'query.limit'],
      ['PATCH', '/v1/branding', { primaryColor: 'red' }, {}, 'body.primaryColor'],
      ['PATCH', '/v1/branding', {}, {}, 'body'],
      ['PATCH', '/v1/customers/cus_x', { name: '' }, {}, 'body.name'],
    ];
    for (const [method, path, body, headers, at] of cases) {
      const err = await errorOf(await v1(method, path, body, headers));
      expect(err, `${method} ${path} ${JSON.stringify(body)}`).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(err.details.map((d: { path: string }) => d.path)).toContain(at);
    }
    const missing = await v1('GET', '/v1/bookings/bkg_missing');
    expect(await errorOf(missing)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('availability and branding as the public page sees them', async () => {
    const from = berlinTime(21, 0);
    const viaPartner = await json(
      await v1('GET', `/v1/availability?serviceSlug=checkup&fromMs=${from}&toMs=${from + DAY}`),
    );
    const viaPublic = await json(
      await fetch(`${base}/book/partner/availability?serviceSlug=checkup&fromMs=${from}&toMs=${from + DAY}`),
    );
    expect(viaPartner.data).toEqual(viaPublic.data);
    expect(viaPartner.data.slots).toHaveLength(16);

    const patched = await v1('PATCH', '/v1/branding', { displayName: 'Partner Clinic', primaryColor: '#123abc' });
    expect((await json(patched)).data).toMatchObject({ displayName: 'Partner Clinic', primaryColor: '#123abc' });
    expect((await json(await v1('GET', '/v1/branding'))).data).toMatchObject({ primaryColor: '#123abc' });
    const config = await json(await fetch(`${base}/book/partner/config`));
    expect(config.data.tenant.branding).toMatchObject({ displayName: 'Partner Clinic', primaryColor: '#123abc' });
  });

  it('customers: create, find, update, and another tenant’s is NOT_FOUND', async () => {
    const made = await v1('POST', '/v1/customers', { name: 'Partner Person', primaryEmail: 'pp@example.test' });
    expect(made.status).toBe(201);
    const { customerId } = (await json(made)).data;
    const found = await json(await v1('GET', '/v1/customers?q=partner%20pe'));
    expect(found.data.items.map((c: { customerId: string }) => c.customerId)).toContain(customerId);
    const patched = await json(await v1('PATCH', `/v1/customers/${customerId}`, { phone: '+49 151 12345678' }));
    expect(patched.data).toMatchObject({ customerId, phone: '+4915112345678' });
    const theirs = (await createKey(base, otherOwner, ['customer:read'])).secret;
    expect(
      await errorOf(await partner(base, theirs, otherTenantId)('GET', `/v1/customers/${customerId}`)),
    ).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe('ORIGIN_NOT_ALLOWED on the dashboard', () => {
  it('a foreign Origin on a dashboard write is refused; the dashboard’s own is taken', async () => {
    const post = (origin: string) =>
      fetch(`${base}/api/api-keys`, {
        method: 'POST',
        headers: {
          cookie: owner.cookie,
          'x-service-csrf': owner.csrf,
          'content-type': 'application/json',
          origin,
        },
        body: JSON.stringify({ name: 'from a page', scopes: ['booking:read'] }),
      });
    expect(await errorOf(await post('https://evil.example'))).toMatchObject({
      status: 403,
      code: 'ORIGIN_NOT_ALLOWED',
    });
    expect((await post(DASHBOARD_ORIGIN)).status).toBe(201);
  });
});
