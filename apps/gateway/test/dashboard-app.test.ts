// The staff dashboard's server side: the one-time sign-in link, the live stream of booking
// changes (GET /api/live) and the web app's files under the pages' CSP (docs/decisions.md
// "Staff dashboard").
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_EVENTS_TOPIC } from '@svc/events';
import { json, openEventStream } from '@svc/testing';
import { SESSION_COOKIE } from '../src/auth/cookies.js';
import { LIVE_STREAMS_PER_TENANT } from '../src/live/booking-feed.js';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

let gw: GatewayHarness;
let tenantId: string;
let otherTenantId: string;

beforeAll(async () => {
  gw = await startGatewayWithCatalog();
  tenantId = (await gw.createTenant('dash-acme')).tenantId;
  otherTenantId = (await gw.createTenant('dash-other')).tenantId;
});
afterAll(() => gw.stop());

const linkFor = async (email: string, tenant = tenantId) => {
  const user = await gw.identity.findOrCreateUserByEmail(email);
  await gw.identity.addMembership(user.userId, tenant, 'tenant_owner');
  return gw.identity.createSignInLink(user.userId, tenant);
};
const open = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${gw.base}${path}`, { redirect: 'manual', headers });

describe('one-time sign-in link', () => {
  it('signs in once: a session cookie and /dashboard; a second use is refused', async () => {
    const link = await linkFor('link-owner@example.test');
    const first = await open(`/auth/link?token=${link.token}`);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/dashboard');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=2592000$`),
    );
    const session = await json(await open('/api/session', { cookie: cookie.split(';')[0]! }));
    expect(session.data).toMatchObject({
      user: { email: 'link-owner@example.test' },
      tenant: { tenantId },
      role: 'tenant_owner',
    });

    const again = await open(`/auth/link?token=${link.token}`);
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await json(again)).error.code).toBe('AUTH_REQUIRED');
    // A browser reads it as a page.
    const page = await open(`/auth/link?token=${link.token}`, { accept: 'text/html' });
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('This sign-in link is not valid');
  });

  it('of two redemptions at once, exactly one signs in', async () => {
    const link = await linkFor('link-race@example.test');
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(`/auth/link?token=${link.token}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([302, ...Array(19).fill(401)]);
  });

  it('refuses an expired link, an unknown one, a malformed one and none', async () => {
    const user = await gw.identity.findOrCreateUserByEmail('link-late@example.test');
    await gw.identity.addMembership(user.userId, tenantId, 'tenant_admin');
    const link = await gw.identity.createSignInLink(user.userId, tenantId);
    await gw.identityStore
      .collection('sign_in_links')
      .updateOne({ tokenHash: { $ne: '' }, userId: user.userId }, { expiresAtMs: Date.now() - 1 });
    for (const query of [
      `?token=${link.token}`,
      `?token=${'A'.repeat(43)}`,
      '?token=short',
      '',
      `?token=${'x'.repeat(129)}`,
    ]) {
      const res = await open(`/auth/link${query}`);
      expect([401, 400], query).toContain(res.status);
      expect(res.headers.get('set-cookie'), query).toBeNull();
    }
  });

  it('stores the link hashed, never the token', async () => {
    const link = await linkFor('link-hash@example.test');
    const docs = await gw.identityStore.collection('sign_in_links').find({});
    expect(JSON.stringify(docs)).not.toContain(link.token);
  });

  it('ends in the workspace still held when the link’s own was left', async () => {
    const user = await gw.identity.findOrCreateUserByEmail('link-moved@example.test');
    await gw.identity.addMembership(user.userId, otherTenantId, 'tenant_viewer');
    // A link for a workspace the user is not a member of (left since it was printed).
    const link = await gw.identity.createSignInLink(user.userId, tenantId);
    const res = await open(`/auth/link?token=${link.token}`);
    expect(res.status).toBe(302);
    const session = await json(await open('/api/session', { cookie: res.headers.get('set-cookie')!.split(';')[0]! }));
    expect(session.data.tenant.tenantId).toBe(otherTenantId);
  });
});

describe('GET /dashboard', () => {
  it('serves the web app under the strict CSP, its files cached for a year', async () => {
    const res = await open('/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const page = await res.text();
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/); // no inline script
    const assets = [...page.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const file = await open(asset);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(file.headers.get('content-type')).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
    expect((await open('/dashboard/assets/js/nothing.js')).status).toBe(400);
  });
});

/** An open GET /api/live with `cookie`. */
const openLive = (cookie: string) => openEventStream(`${gw.base}/api/live`, { cookie });

const bookingEvent = (tenant: string, bookingId: string, type = 'booking.created', status = 'held') => ({
  key: bookingId,
  headers: {},
  value: JSON.stringify({
    id: `evt_${bookingId}_${type}`,
    type,
    payloadVersion: 1,
    occurredAtMs: 1_800_000_000_000,
    data: {
      booking: {
        bookingId,
        tenantId: tenant,
        serviceId: 'svc_1',
        staffId: 'stf_1',
        status,
        startsAtMs: 1_800_003_600_000,
        endsAtMs: 1_800_005_400_000,
        timezone: 'Europe/Berlin',
        revision: 1,
      },
      customer: { name: 'Private Person', email: 'private@example.test' },
    },
  }),
});

describe('GET /api/live', () => {
  it('pushes the workspace’s booking changes, without customer data, and nothing of another workspace', async () => {
    const owner = await gw.mintSession([[tenantId, 'tenant_viewer']]);
    const live = await openLive(owner.cookie);
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(live.headers['x-request-id']).toBeTruthy();
    expect(await live.next('ready')).toEqual({ tenantId });

    await gw.bus.publish(BOOKING_EVENTS_TOPIC, [
      bookingEvent(otherTenantId, 'bkg_other'),
      bookingEvent(tenantId, 'bkg_mine'),
    ]);
    const change = await live.next('booking');
    expect(change).toEqual({
      eventId: 'evt_bkg_mine_booking.created',
      type: 'booking.created',
      bookingId: 'bkg_mine',
      status: 'held',
      startsAtMs: 1_800_003_600_000,
      endsAtMs: 1_800_005_400_000,
      staffId: 'stf_1',
      occurredAtMs: 1_800_000_000_000,
    });
    await gw.bus.publish(BOOKING_EVENTS_TOPIC, [
      { key: 'x', headers: {}, value: 'not json' },
      bookingEvent(tenantId, 'bkg_mine', 'booking.confirmed', 'confirmed'),
    ]);
    expect(await live.next('booking')).toMatchObject({ type: 'booking.confirmed', status: 'confirmed' });
    live.close();
  });

  it('ends the stream of a client that stops reading instead of buffering for it without end', async () => {
    const viewer = await gw.mintSession([[tenantId, 'tenant_viewer']]);
    const socket = connect(gw.port, '127.0.0.1');
    await new Promise((ready) => socket.once('connect', ready));
    socket.write(`GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${viewer.cookie}\r\n\r\n`);
    const head = await new Promise<string>((got) => socket.once('data', (chunk) => got(String(chunk))));
    expect(head).toMatch(/^HTTP\/1\.1 200 OK/);
    socket.pause(); // reads nothing from here on
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    // 20,000 changes of about 330 bytes (6.6 MB): more than the socket buffers and the 256 KiB bound together.
    for (let batch = 0; batch < 20; batch++) {
      await gw.bus.publish(
        BOOKING_EVENTS_TOPIC,
        Array.from({ length: 1_000 }, (_, i) => bookingEvent(tenantId, `bkg_slow_${batch}_${i}`)),
      );
    }
    await sleep(3_000); // the feed hands them out meanwhile
    socket.resume(); // what was sent drains, then the end the server gave the stream
    socket.on('data', () => {});
    await expect(Promise.race([closed.then(() => 'closed'), sleep(10_000).then(() => 'still open')])).resolves.toBe(
      'closed',
    );
  });

  it('needs a session, and keeps at most 50 streams per workspace open', async () => {
    expect((await open('/api/live')).status).toBe(401);
    const viewer = await gw.mintSession([[otherTenantId, 'tenant_viewer']]);
    const streams = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_TENANT }, () => openLive(viewer.cookie)));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const over = await open('/api/live', { cookie: viewer.cookie });
    expect(over.status).toBe(429);
    expect((await json(over)).error.code).toBe('RATE_LIMITED');
    // A closed stream makes room again.
    streams[0]!.close();
    await expect
      .poll(async () => {
        const res = await open('/api/live', { cookie: viewer.cookie });
        const status = res.status;
        await res.body?.cancel();
        return status;
      })
      .toBe(200);
    for (const s of streams) s.close();
  });
});

describe('/api/members', () => {
  it('owners add, change and remove members; admins only read; the last owner stays', async () => {
    const t = (await gw.createTenant('dash-team')).tenantId;
    const owner = await gw.mintSession([[t, 'tenant_owner']], { email: 'team-owner@example.test' });
    const admin = await gw.mintSession([[t, 'tenant_admin']]);
    const viewer = await gw.mintSession([[t, 'tenant_viewer']]);

    const listed = await gw.call(admin, 'GET', '/api/members');
    expect(listed.status).toBe(200);
    type Listed = { membershipId: string; email: string; role: string };
    const items = listed.body.data.items as Listed[];
    // Oldest first; memberships made in the same millisecond (as here) are in id order.
    expect(items.map((m) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        ['team-owner@example.test', 'tenant_owner'],
        [admin.email, 'tenant_admin'],
        [viewer.email, 'tenant_viewer'],
      ]),
    );
    expect(items).toHaveLength(3);
    const idOf = (email: string) => items.find((m) => m.email === email)!.membershipId;
    expect((await gw.call(viewer, 'GET', '/api/members')).status).toBe(403);
    expect(
      (await gw.call(admin, 'POST', '/api/members', { email: 'x@example.test', role: 'tenant_viewer' })).status,
    ).toBe(403);

    const added = await gw.call(owner, 'POST', '/api/members', {
      email: 'New.Desk@Example.test',
      role: 'tenant_staff',
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ email: 'new.desk@example.test', role: 'tenant_staff', name: '' });
    const again = await gw.call(owner, 'POST', '/api/members', {
      email: 'new.desk@example.test',
      role: 'tenant_viewer',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.details).toEqual([
      { path: 'body.email', message: 'is a member already; change its role instead' },
    ]);
    const bad = await gw.call(owner, 'POST', '/api/members', { email: 'new@example.test', role: 'tenant_king' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.role');

    const id = added.body.data.membershipId;
    const promoted = await gw.call(owner, 'PATCH', `/api/members/${id}`, { role: 'tenant_admin' });
    expect(promoted.body.data.role).toBe('tenant_admin');
    // Another workspace's member is not this one's.
    const stranger = await gw.mintSession([[otherTenantId, 'tenant_owner']]);
    expect((await gw.call(stranger, 'PATCH', `/api/members/${id}`, { role: 'tenant_viewer' })).status).toBe(404);

    // The last owner can neither step down nor leave.
    const mine = idOf('team-owner@example.test');
    for (const [method, body] of [
      ['PATCH', { role: 'tenant_admin' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await gw.call(owner, method, `/api/members/${mine}`, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toContain('at least one owner');
    }

    // A removed member's session stops working at once.
    const viewerId = idOf(viewer.email);
    expect((await gw.call(owner, 'DELETE', `/api/members/${viewerId}`)).body.data.role).toBe('tenant_viewer');
    expect((await gw.call(viewer, 'GET', '/api/session')).status).toBe(403);
    expect((await gw.call(owner, 'DELETE', `/api/members/${viewerId}`)).status).toBe(404);
  });

  it('two owners stepping down at once: exactly one does', async () => {
    const t = (await gw.createTenant('dash-duo')).tenantId;
    const a = await gw.mintSession([[t, 'tenant_owner']]);
    const b = await gw.mintSession([[t, 'tenant_owner']]);
    const members = (await gw.call(a, 'GET', '/api/members')).body.data.items as Array<{ membershipId: string }>;
    const answers = await Promise.all(
      [a, b].map((who, i) =>
        gw.call(who, 'PATCH', `/api/members/${members[i]!.membershipId}`, { role: 'tenant_admin' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const roles = ((await gw.call(a, 'GET', '/api/members')).body.data.items as Array<{ role: string }>).map(
      (m) => m.role,
    );
    expect(roles.filter((r) => r === 'tenant_owner')).toHaveLength(1);
  });
});
