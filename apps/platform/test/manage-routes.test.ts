// A customer's own booking through the manage link, over real HTTP on the embedded platform
// (docs/api-conventions.md "Customer manage"): view, cancel, reschedule, the calendar file, the
// token's checks in their order, Cache-Control, and tokens of a rotated-out key. The platform runs
// with a rotated manage-token key (current k2, previous k1), as after a secret rotation.

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, mintManageToken, MANAGE_TOKEN_TTL_MS, type ManageTokenKeys } from '@svc/crypto';
import { connectService, type CatalogClient } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { describeMinutes } from '@svc/rules';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { book, dashboard, errorOf, platformStores, slotSequence, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const MIN = 60_000;
const NO_STORE = 'private, no-store';
const PREVIOUS = { kid: 'k1', secret: 'the-secret-before-the-rotation-0123456789' };
const CURRENT = { kid: 'k2', secret: 'the-secret-after-the-rotation-9876543210ab' };
const KEYS: ManageTokenKeys = { current: CURRENT, previous: [PREVIOUS] };

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
let stores: PlatformStores;
let catalog: CatalogClient;
let tenantId = '';
let staffId = '';
let staff: ReturnType<typeof dashboard>;
const nextSlot = slotSequence(berlinTime);

beforeAll(async () => {
  platform = await startTestPlatform({
    MANAGE_TOKEN_KID: CURRENT.kid,
    MANAGE_TOKEN_SECRET: CURRENT.secret,
    MANAGE_TOKEN_PREVIOUS: `${PREVIOUS.kid}:${PREVIOUS.secret}`,
  });
  base = platform.url;
  stores = await platformStores(platform);
  catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
  ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'smile'));
  staff = dashboard(base, await stores.session(tenantId, 'tenant_owner'));
});
afterAll(async () => {
  catalog?.close();
  await stores?.close();
  await platform?.cleanup();
});

interface Booked {
  bookingId: string;
  customerId: string;
  createdAtMs: number;
  token: string;
  startsAtMs: number;
}

/** A held booking of `smile`, with its manage token and the ids a token is minted from. */
async function booked(startsAtMs = nextSlot(), tenantSlug = 'smile'): Promise<Booked> {
  const made = await book(base, tenantSlug, startsAtMs);
  expect(made.manageUrl).toBe(`${base}/booking/manage/${made.manageToken}`);
  const claims = JSON.parse(Buffer.from(made.manageToken.split('.')[1]!, 'base64url').toString('utf8'));
  expect(claims).toMatchObject({ bookingId: made.booking.bookingId, kid: CURRENT.kid });
  return {
    bookingId: made.booking.bookingId,
    customerId: claims.customerId,
    createdAtMs: claims.iatMs,
    token: made.manageToken,
    startsAtMs,
  };
}

const manage = (token: string, path = '', init: RequestInit = {}) =>
  fetch(`${base}/booking/manage/${token}${path}`, init);
const post = (token: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  manage(token, path, {
    method: 'POST',
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

/** The response's data, after checking it is a 200 that no cache may keep. */
async function ok(res: Response) {
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(res.headers.get('cache-control')).toBe(NO_STORE);
  return body.data;
}

async function ics(token: string) {
  const res = await manage(token, '/ics');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe(NO_STORE);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = await res.text();
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  expect(typeof event.getFirstPropertyValue('sequence')).toBe('number');
  return {
    text,
    disposition: res.headers.get('content-disposition'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    url: event.getFirstPropertyValue('url'),
    startsAtMs: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime(),
  };
}

/** Whether a public create at `startsAtMs` gets the slot now. */
async function bookable(startsAtMs: number): Promise<boolean> {
  const res = await fetch(`${base}/book/smile/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `probe-${startsAtMs}-${Math.random()}` },
    body: JSON.stringify({ serviceSlug: 'checkup', startsAtMs, customer: { name: 'Probe', phone: '+4930123456' } }),
  });
  expect([201, 409]).toContain(res.status);
  return res.status === 201;
}

/** The actions of a booking whose link can do everything until it starts (no cut-offs). */
const openUntil = (startsAtMs: number) => ({
  canCancel: true,
  canReschedule: true,
  cancelUntilMs: startsAtMs,
  rescheduleUntilMs: startsAtMs,
  cancelRefusal: null,
  rescheduleRefusal: null,
  // A booking without a payment: nothing to refund (docs/decisions.md "Payments").
  cancelRefundAmount: null,
});

describe('view', () => {
  it('shows the booking, its service and tenant, and what the customer may do', async () => {
    const b = await booked();
    const data = await ok(await manage(b.token));
    const { service } = await catalog.getService({ tenantId, serviceId: data.booking.serviceId, slug: '' });
    // The dashboard's record; its detail also has calendarSync, which the manage view does not show.
    const { calendarSync: _sync, ...record } = (await json(await staff('GET', `/api/bookings/${b.bookingId}`))).data;
    expect(data).toEqual({
      booking: record,
      service: { serviceId: service!.serviceId, slug: 'checkup', name: 'Check-up', maxAdvanceDays: 90 },
      tenant: { slug: 'smile', name: 'Clinic smile', timezone: 'Europe/Berlin' },
      // No video meeting (a held booking, a service without video).
      meetingUrl: null,
      actions: openUntil(b.startsAtMs),
    });
    expect(data.booking).toMatchObject({ bookingId: b.bookingId, status: 'held', cancelReason: null });
  });

  it('needs no cookie, and a dashboard session changes nothing', async () => {
    const b = await booked();
    const readOnly = mintManageToken(KEYS, { ...claimsOf(b), actions: ['read'] }, Date.now());
    const owner = await stores.session(tenantId, 'tenant_owner');
    const res = await post(readOnly, '/cancel', undefined, { cookie: owner.cookie, 'x-service-csrf': owner.csrf });
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});

const claimsOf = (b: Booked) => ({ tenantId, bookingId: b.bookingId, customerId: b.customerId });

describe('cancel', () => {
  it('cancels (reason "customer"): the view after it, one booking.cancelled, STATUS:CANCELLED; again is 409', async () => {
    const b = await booked();
    const before = await ics(b.token);
    const data = await ok(await post(b.token, '/cancel'));
    expect(data.booking).toMatchObject({ status: 'cancelled', cancelReason: 'customer', holdExpiresAtMs: null });
    expect(data.actions).toEqual({
      canCancel: false,
      canReschedule: false,
      cancelUntilMs: null,
      rescheduleUntilMs: null,
      cancelRefusal: { reason: 'status', message: 'This booking cannot be cancelled: it is cancelled.' },
      rescheduleRefusal: { reason: 'status', message: 'This booking cannot be rescheduled: it is cancelled.' },
      cancelRefundAmount: null,
    });
    expect(data.service.slug).toBe('checkup');
    expect(await stores.events(b.bookingId)).toEqual(['booking.created', 'booking.cancelled']);

    const after = await ics(b.token);
    expect(after.status).toBe('CANCELLED');
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(await bookable(b.startsAtMs)).toBe(true);

    const again = await post(b.token, '/cancel');
    expect(again.headers.get('cache-control')).toBe(NO_STORE);
    expect(await errorOf(again)).toMatchObject({ status: 409, code: 'BOOKING_POLICY_BLOCKED' });
    expect(await stores.events(b.bookingId)).toEqual(['booking.created', 'booking.cancelled']);
  });

  it('a client that sends content-type: application/json with no body is heard (an empty body is no body)', async () => {
    const jsonNoBody = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' };
    // The dashboard's body-less transitions, with the session and CSRF header.
    const session = await stores.session(tenantId, 'tenant_owner');
    const dashboardPost = (path: string) =>
      fetch(`${base}${path}`, {
        ...jsonNoBody,
        headers: { ...jsonNoBody.headers, cookie: session.cookie, 'x-service-csrf': session.csrf },
      });
    const confirmed = await booked();
    for (const action of ['confirm', 'cancel']) {
      const res = await dashboardPost(`/api/bookings/${confirmed.bookingId}/${action}`);
      expect(res.status, action).toBe(200);
    }
    expect(await stores.events(confirmed.bookingId)).toEqual([
      'booking.created',
      'booking.confirmed',
      'booking.cancelled',
    ]);
    // The customer's cancel.
    const b = await booked();
    expect((await ok(await manage(b.token, '/cancel', jsonNoBody))).booking.status).toBe('cancelled');
    // A reschedule needs its body: still a VALIDATION_ERROR at `body`, never "not valid JSON".
    const other = await booked();
    const reschedule = await errorOf(await manage(other.token, '/reschedule', jsonNoBody));
    expect(reschedule).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(reschedule.details?.[0]?.path).toBe('body');
  });

  it('a token without `cancel` is FORBIDDEN 403 and nothing changes; the view says canCancel false', async () => {
    const b = await booked();
    const token = mintManageToken(KEYS, { ...claimsOf(b), actions: ['read', 'reschedule'] }, Date.now());
    expect((await ok(await manage(token))).actions).toEqual({
      ...openUntil(b.startsAtMs),
      canCancel: false,
      cancelUntilMs: null,
      cancelRefusal: { reason: 'token', message: 'This link does not allow cancelling the booking.' },
    });
    const res = await post(token, '/cancel');
    expect(res.headers.get('cache-control')).toBe(NO_STORE);
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await ok(await manage(b.token))).booking.status).toBe('held');
    expect(await stores.events(b.bookingId)).toEqual(['booking.created']);
  });

  it('a token without `read` cannot view or download, but may cancel', async () => {
    const b = await booked();
    const token = mintManageToken(KEYS, { ...claimsOf(b), actions: ['cancel'] }, Date.now());
    expect(await errorOf(await manage(token))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await errorOf(await manage(token, '/ics'))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await ok(await post(token, '/cancel'))).booking.status).toBe('cancelled');
  });
});

describe('reschedule', () => {
  it('moves the booking: the old slot is bookable at once, the new one not; the ICS keeps its UID and SEQUENCE grows', async () => {
    const b = await booked();
    const first = await ics(b.token);
    expect(first).toMatchObject({
      uid: `${b.bookingId}@127.0.0.1`,
      sequence: 0,
      status: 'TENTATIVE',
      url: `${base}/booking/manage/${b.token}`,
      startsAtMs: b.startsAtMs,
    });
    expect(first.disposition).toBe(`attachment; filename="booking-${b.bookingId}.ics"`);
    expect(first.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(first.text).toContain('\r\nMETHOD:PUBLISH\r\n');
    expect((await ics(b.token)).text).toBe(first.text);

    const to = nextSlot();
    const data = await ok(await post(b.token, '/reschedule', { startsAtMs: to }));
    expect(data.booking).toMatchObject({ status: 'held', startsAtMs: to, endsAtMs: to + 30 * MIN });
    expect(data.actions).toEqual(openUntil(to));
    const rows = await stores.outbox(b.bookingId);
    expect(rows.map((r) => r.type)).toEqual(['booking.created', 'booking.rescheduled']);
    expect(rows[1]!.data.previous).toEqual({ startsAtMs: b.startsAtMs, endsAtMs: b.startsAtMs + 30 * MIN });

    expect(await bookable(to)).toBe(false);
    expect(await bookable(b.startsAtMs)).toBe(true);

    const moved = await ics(b.token);
    expect(moved).toMatchObject({ uid: first.uid, sequence: 1, startsAtMs: to, status: 'TENTATIVE' });

    // Confirmed by the business, then moved again: CONFIRMED, and SEQUENCE still grows.
    expect((await staff('POST', `/api/bookings/${b.bookingId}/confirm`)).status).toBe(200);
    expect(await ics(b.token)).toMatchObject({ sequence: 2, status: 'CONFIRMED' });
    const again = nextSlot();
    expect((await ok(await post(b.token, '/reschedule', { startsAtMs: again }))).booking.status).toBe('confirmed');
    expect(await ics(b.token)).toMatchObject({ uid: first.uid, sequence: 3, startsAtMs: again, status: 'CONFIRMED' });
  });

  it('keeps a hold’s expiry: moving it, even onto its own start again and again, never extends the hold', async () => {
    const b = await booked();
    const holdEnds = b.createdAtMs + 10 * MIN;
    expect((await ok(await manage(b.token))).booking.holdExpiresAtMs).toBe(holdEnds);
    for (const to of [b.startsAtMs, b.startsAtMs, nextSlot(), b.startsAtMs]) {
      const data = await ok(await post(b.token, '/reschedule', { startsAtMs: to }));
      expect(data.booking).toMatchObject({ status: 'held', startsAtMs: to, holdExpiresAtMs: holdEnds });
    }
    const detail = await staff('GET', `/api/bookings/${b.bookingId}`);
    expect((await detail.json()).data.holdExpiresAtMs).toBe(holdEnds);
  });

  it('onto a taken slot is BOOKING_SLOT_UNAVAILABLE 409; nothing changes', async () => {
    const taken = await booked();
    const b = await booked();
    const res = await post(b.token, '/reschedule', { startsAtMs: taken.startsAtMs });
    expect(res.headers.get('cache-control')).toBe(NO_STORE);
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'BOOKING_SLOT_UNAVAILABLE' });
    expect((await ok(await manage(b.token))).booking.startsAtMs).toBe(b.startsAtMs);
    expect(await stores.events(b.bookingId)).toEqual(['booking.created']);
  });

  it('a body that is not valid is VALIDATION_ERROR 400 on body.startsAtMs, not stored', async () => {
    const b = await booked();
    for (const body of [{}, { startsAtMs: 'soon' }, { startsAtMs: 0 }, { startsAtMs: 2 ** 60 }]) {
      const res = await post(b.token, '/reschedule', body);
      expect(res.headers.get('cache-control')).toBe(NO_STORE);
      const err = await errorOf(res);
      expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(err.details.map((d: { path: string }) => d.path)).toContain('body.startsAtMs');
    }
    const extra = await errorOf(await post(b.token, '/reschedule', { startsAtMs: nextSlot(), why: 'x' }));
    expect(extra).toMatchObject({ status: 400, details: [{ path: 'body' }] });
  });

  it('a token without `reschedule` is FORBIDDEN, checked before the body', async () => {
    const b = await booked();
    const token = mintManageToken(KEYS, { ...claimsOf(b), actions: ['read', 'cancel'] }, Date.now());
    expect(await errorOf(await post(token, '/reschedule', { startsAtMs: nextSlot() }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await errorOf(await post(token, '/reschedule', { startsAtMs: 'soon' }))).toMatchObject({ status: 403 });
    expect(await stores.events(b.bookingId)).toEqual(['booking.created']);
  });
});

describe('cut-offs (docs/decisions.md "Service policies")', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  let serviceId = '';
  beforeAll(async () => {
    const res = await staff('POST', '/api/services', {
      slug: 'consult',
      name: 'Consultation',
      durationMin: 30,
      staffIds: [staffId],
    });
    serviceId = (await json(res)).data.serviceId;
    expect(res.status).toBe(201);
  });

  /** A booking of the consultation at `startsAtMs`, made with these cut-offs on the service. */
  async function bookedWith(startsAtMs: number, cutoffs: { cancelCutoffMin: number; rescheduleCutoffMin: number }) {
    const patched = await staff('PATCH', `/api/services/${serviceId}`, cutoffs);
    expect((await json(patched)).data).toMatchObject(cutoffs);
    return book(base, 'smile', startsAtMs, { serviceSlug: 'consult' });
  }

  it('at the minute a cut-off is reached the link is refused, and says so; a minute or two before, it says until when', async () => {
    const startsAtMs = nextSlot();
    // The cancel cut-off reached now (its minute has begun); the reschedule one two minutes away.
    const reached = Math.ceil((startsAtMs - Date.now()) / MIN);
    const made = await bookedWith(startsAtMs, { cancelCutoffMin: reached, rescheduleCutoffMin: reached - 2 });
    const view = await ok(await manage(made.manageToken));
    // A whole number of hours is worded in hours (docs/decisions.md "Service policies").
    const message = `This booking cannot be cancelled online: changes close ${describeMinutes(reached)} before the start; please contact the business.`;
    expect(view.actions).toEqual({
      canCancel: false,
      canReschedule: true,
      cancelUntilMs: null,
      rescheduleUntilMs: startsAtMs - (reached - 2) * MIN,
      cancelRefusal: { reason: 'cutoff', message },
      rescheduleRefusal: null,
      cancelRefundAmount: null,
    });
    expect(await errorOf(await post(made.manageToken, '/cancel'))).toMatchObject({
      status: 409,
      code: 'BOOKING_POLICY_BLOCKED',
      message,
    });

    // The page states both: the one closed, and until when the other is open.
    const page = await (await manage(made.manageToken, '', { headers: { accept: BROWSER } })).text();
    expect(page).toContain(`<p class="hint" id="cancel-closed">${message}</p>`);
    expect(page).toMatch(
      /<p class="hint" id="reschedule-until">\s*You can move this booking online until [^<]+\.\s*<\/p>/,
    );
    expect(page).not.toContain('id="cancel-start"');
    expect(page).toContain('id="reschedule-form"');

    // The business is not bound by it.
    const cancelled = await staff('POST', `/api/bookings/${made.booking.bookingId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await stores.events(made.booking.bookingId)).toEqual(['booking.created', 'booking.cancelled']);
  });

  it('both closed: nothing to press, and whom to ask', async () => {
    const startsAtMs = nextSlot();
    const reached = Math.ceil((startsAtMs - Date.now()) / MIN);
    const made = await bookedWith(startsAtMs, { cancelCutoffMin: reached + 60, rescheduleCutoffMin: reached });
    const view = await ok(await manage(made.manageToken));
    expect(view.actions).toMatchObject({
      canCancel: false,
      canReschedule: false,
      cancelRefusal: { reason: 'cutoff' },
      rescheduleRefusal: { reason: 'cutoff' },
    });
    const refused = await errorOf(await post(made.manageToken, '/reschedule', { startsAtMs: nextSlot() }));
    expect(refused).toMatchObject({ status: 409, code: 'BOOKING_POLICY_BLOCKED' });
    expect(refused.message).toContain(`${describeMinutes(reached)} before the start`);
    const page = await (await manage(made.manageToken, '', { headers: { accept: BROWSER } })).text();
    expect(page).toContain('id="cancel-closed"');
    expect(page).toContain('id="reschedule-closed"');
    expect(page).not.toContain('id="no-changes"');
    expect(page).not.toContain('manage-page.js');
  });

  it('without cut-offs the page states no deadline: changes work until the start', async () => {
    const made = await bookedWith(nextSlot(), { cancelCutoffMin: 0, rescheduleCutoffMin: 0 });
    const page = await (await manage(made.manageToken, '', { headers: { accept: BROWSER } })).text();
    expect(page).not.toContain('online until');
    expect(page).toContain('id="cancel-start"');
  });
});

describe('tokens that do not lead to the booking: one NOT_FOUND for all', () => {
  it('tampered, expired, another booking, customer or tenant, or an unknown key', async () => {
    const b = await booked();
    const other = await booked();
    const { tenantId: otherTenant } = await seedTenant(platform.services.catalog.address, 'smile-two');
    const [prefix, payload, signature] = b.token.split('.') as [string, string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const swapped = encodeBase64Url(JSON.stringify({ ...decoded, bookingId: other.bookingId }));
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    const mint = (over: object, nowMs = Date.now(), keys = KEYS) =>
      mintManageToken(keys, { ...claimsOf(b), ...over }, nowMs);
    const tokens: Record<string, string> = {
      'a tampered payload (another booking)': `${prefix}.${swapped}.${signature}`,
      'a tampered signature': `${prefix}.${payload}.${flipped}`,
      expired: mint({}, Date.now() - MANAGE_TOKEN_TTL_MS - 1),
      'an unknown booking': mint({ bookingId: 'bkg_does_not_exist' }),
      "another customer's booking": mint({ customerId: other.customerId }),
      "another tenant's": mint({ tenantId: otherTenant }),
      'an unknown key id': mint({}, Date.now(), { current: { kid: 'k0', secret: CURRENT.secret } }),
      malformed: 'svc_m1.not-a-token',
    };
    for (const [what, token] of Object.entries(tokens)) {
      for (const [method, path] of [
        ['GET', ''],
        ['GET', '/ics'],
        ['POST', '/cancel'],
        ['POST', '/reschedule'],
      ] as const) {
        const res = await manage(token, path, {
          method,
          ...(path === '/reschedule'
            ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ startsAtMs: nextSlot() }) }
            : {}),
        });
        expect(res.headers.get('cache-control'), what).toBe(NO_STORE);
        const err = await errorOf(res);
        expect({ what, path, ...err }).toEqual({
          what,
          path,
          status: 404,
          code: 'NOT_FOUND',
          message: 'Booking was not found.',
          details: undefined,
        });
      }
    }
    expect((await ok(await manage(b.token))).booking.status).toBe('held');
    expect((await ok(await manage(other.token))).booking.status).toBe('held');
  });

  it('a manage token on the dashboard API is AUTH_REQUIRED 401', async () => {
    const b = await booked();
    for (const res of [
      await fetch(`${base}/api/bookings/${b.bookingId}`, { headers: { authorization: `Bearer ${b.token}` } }),
      await fetch(`${base}/api/bookings/${b.token}`),
      await fetch(`${base}/api/bookings/${b.bookingId}/cancel`, {
        method: 'POST',
        headers: { cookie: `__Host-service_session=${b.token}` },
      }),
    ]) {
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    }
    expect(await stores.events(b.bookingId)).toEqual(['booking.created']);
  });
});

describe('key rotation', () => {
  it('a token signed with the previous secret still verifies; the current one signs new tokens', async () => {
    const b = await booked();
    const old = mintManageToken({ current: PREVIOUS }, claimsOf(b), b.createdAtMs);
    expect(JSON.parse(Buffer.from(old.split('.')[1]!, 'base64url').toString('utf8')).kid).toBe('k1');
    expect((await ok(await manage(old))).booking.bookingId).toBe(b.bookingId);
    expect((await ics(old)).uid).toBe(`${b.bookingId}@127.0.0.1`);
    expect((await ok(await post(old, '/cancel'))).booking.status).toBe('cancelled');
  });
});

describe('the tenant', () => {
  it('suspended: the link answers TENANT_INACTIVE 403 until it is active again', async () => {
    const { tenantId: id } = await seedTenant(platform.services.catalog.address, 'smile-paused');
    const b = await booked(nextSlot(), 'smile-paused');
    await catalog.updateTenant({ tenantId: id, status: 'suspended' });
    for (const res of [await manage(b.token), await post(b.token, '/cancel')]) {
      expect(res.headers.get('cache-control')).toBe(NO_STORE);
      expect(await errorOf(res)).toMatchObject({ status: 403, code: 'TENANT_INACTIVE' });
    }
    expect(await stores.events(b.bookingId)).toEqual(['booking.created']);
    await catalog.updateTenant({ tenantId: id, status: 'active' });
    expect((await ok(await manage(b.token))).tenant.slug).toBe('smile-paused');
  });
});
