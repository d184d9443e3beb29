import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BookingApiError,
  createDashboardClient,
  createPartnerClient,
  createPlatformClient,
  createPublicClient,
  type ApiClient,
  type RetryEvent,
} from '../src/index.js';
import { verifyWebhook } from '../src/webhooks.js';
import { startPlatform, type RunningPlatform } from './platform-fixture.js';

// The SDK against the real platform process (docs/testing.md "SDK"). The partner limit is small
// and its window short, so the 429 path is reached quickly and its Retry-After is seconds.
const PARTNER_LIMIT = 20;

interface Delivery {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

let platform: RunningPlatform;
let dashboard: ApiClient;
let partner: ApiClient;
let tenantId = '';
let apiKey = '';
let webhookSecret = '';
let receiver: Server;
const deliveries: Delivery[] = [];
const retries: RetryEvent[] = [];
const free: number[] = [];

beforeAll(async () => {
  platform = await startPlatform({ RATE_LIMIT_WINDOW_MS: '2000', RATE_LIMIT_PARTNER_PER_KEY: String(PARTNER_LIMIT) });
  const tenant = await platform.admin(
    'tenant:create',
    '--slug',
    'sdk',
    '--name',
    'SDK Dental',
    '--timezone',
    'Europe/Berlin',
    '--owner-email',
    'owner@sdk.test',
  );
  tenantId = tenant.tenantId!;
  const session = await platform.admin('session:create', '--tenant', 'sdk', '--email', 'owner@sdk.test');
  apiKey = (await platform.admin('apikey:create', '--tenant', 'sdk', '--name', 'sdk-tests', '--scopes', '*')).secret!;

  dashboard = createDashboardClient({ baseUrl: platform.url, cookie: session.cookie! });
  partner = createPartnerClient({
    baseUrl: platform.url,
    apiKey,
    tenantId,
    retry: { onRetry: (event) => retries.push(event) },
  });

  // From the API key alone: the catalog, the hours and the webhook subscription.
  await partner.post('/v1/services', {
    body: { slug: 'cleaning', name: 'Cleaning', durationMin: 30, confirmation: 'automatic' },
  });
  for (let weekday = 0; weekday < 7; weekday++) {
    await partner.post('/v1/availability-rules', {
      body: { ownerType: 'tenant', weekday, startMinute: 0, endMinute: 24 * 60 },
    });
  }
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ rawBody: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const subscription = await partner.post('/v1/webhook-subscriptions', {
    body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` },
  });
  webhookSecret = subscription.signingSecret;

  const fromMs = Date.now() + 24 * 3600_000;
  const slots = await createPublicClient({ baseUrl: platform.url, slug: 'sdk' }).availability({
    serviceSlug: 'cleaning',
    fromMs,
    toMs: fromMs + 2 * 24 * 3600_000,
  });
  free.push(...slots.slots.map((s) => s.startsAtMs));
  expect(free.length).toBeGreaterThan(10);
}, 180_000);

afterAll(async () => {
  receiver?.close();
  await platform?.stop();
});

const customer = (n: number) => ({ name: `Customer ${n}`, primaryEmail: `customer${n}@sdk.test` });

describe('creates: an Idempotency-Key on each, the same one on its retries', () => {
  it('a create whose answer is lost on the way is sent again and books once', async () => {
    const sent: Array<string | null> = [];
    let dropped = false;
    // The connection drops after the platform answered: the SDK saw no answer, so it retries.
    const flaky = createPartnerClient({
      baseUrl: platform.url,
      apiKey,
      tenantId,
      fetch: async (request) => {
        sent.push(request.headers.get('idempotency-key'));
        const response = await fetch(request);
        if (!dropped) {
          dropped = true;
          await response.body?.cancel();
          throw new TypeError('fetch failed: socket hang up');
        }
        return response;
      },
      retry: { baseDelayMs: 10 },
    });
    const startsAtMs = free.shift()!;
    const created = await flaky.post('/v1/bookings', {
      body: { serviceSlug: 'cleaning', startsAtMs, customer: customer(1) },
    });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(created.idempotentReplay).toBe(true);
    expect(created.booking.status).toBe('confirmed');

    const atThatTime: string[] = [];
    for await (const booking of partner.paginate('/v1/bookings', {
      params: { query: { fromMs: startsAtMs, toMs: startsAtMs + 1, limit: 10 } },
    })) {
      atThatTime.push(booking.bookingId);
    }
    expect(atThatTime).toEqual([created.booking.bookingId]);
  });

  it('a key given by the caller is used as given; the public client makes one too', async () => {
    const key = `order-${Date.now()}`;
    const startsAtMs = free.shift()!;
    const body = { serviceSlug: 'cleaning', startsAtMs, customer: customer(2) };
    const first = await partner.post('/v1/bookings', { params: { header: { 'idempotency-key': key } }, body });
    const again = await partner.post('/v1/bookings', { params: { header: { 'idempotency-key': key } }, body });
    expect(first.idempotentReplay).toBe(false);
    expect(again).toMatchObject({ idempotentReplay: true, booking: { bookingId: first.booking.bookingId } });

    const page = createPublicClient({ baseUrl: platform.url, slug: 'sdk' });
    const booked = await page.createBooking({
      serviceSlug: 'cleaning',
      startsAtMs: free.shift()!,
      customer: customer(3),
    });
    expect(booked.booking.status).toBe('confirmed');
    expect(booked.manageToken).toMatch(/^svc_m1\./);
  });
});

describe('errors: one class, never retried when the caller must change the request', () => {
  it('a taken slot is BOOKING_SLOT_UNAVAILABLE with status, message and request id, sent once', async () => {
    const startsAtMs = free.shift()!;
    await partner.post('/v1/bookings', { body: { serviceSlug: 'cleaning', startsAtMs, customer: customer(4) } });
    const before = retries.length;
    const error = await partner
      .post('/v1/bookings', { body: { serviceSlug: 'cleaning', startsAtMs, customer: customer(5) } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingApiError);
    expect(error).toMatchObject({ code: 'BOOKING_SLOT_UNAVAILABLE', status: 409, details: [] });
    expect((error as BookingApiError).requestId).toMatch(/\S/);
    expect(retries.length).toBe(before);
  });

  it('a bad field is VALIDATION_ERROR with its details path', async () => {
    const error = await partner
      .post('/v1/bookings', { body: { serviceSlug: 'cleaning', startsAtMs: -5, customer: customer(6) } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect((error as BookingApiError).details.map((d) => d.path)).toContain('body.startsAtMs');
  });

  it('a wrong key is AUTH_REQUIRED', async () => {
    const stranger = createPartnerClient({ baseUrl: platform.url, apiKey: 'sk_live_nope', tenantId });
    await expect(stranger.get('/v1/branding')).rejects.toMatchObject({ code: 'AUTH_REQUIRED', status: 401 });
  });
});

describe('the dashboard client', () => {
  it('finds its CSRF token itself (GET /api/session) on its first write', async () => {
    const made = await dashboard.post('/api/customers', { body: customer(900) });
    expect(made.customerId).toMatch(/\S/);
    const found = await dashboard.get('/api/customers/{customerId}', {
      params: { path: { customerId: made.customerId } },
    });
    expect(found.primaryEmail).toBe('customer900@sdk.test');
    const anonymous = createDashboardClient({ baseUrl: platform.url });
    await expect(anonymous.get('/api/customers')).rejects.toMatchObject({ code: 'AUTH_REQUIRED', status: 401 });
  });
});

describe('the platform client', () => {
  it('opens a tenant with an operator key, mints its API key, and the partner client uses it', async () => {
    const platformKey = (await platform.admin('platformkey:create', '--name', 'sdk-reseller')).secret!;
    const operator = createPlatformClient({ baseUrl: platform.url, platformKey });
    const opened = await operator.post('/platform/v1/tenants', {
      body: { slug: 'sdk-two', name: 'SDK Two', timezone: 'Europe/Berlin', ownerEmail: 'owner@sdk-two.test' },
    });
    expect(opened.status).toBe('active');
    const minted = await operator.post('/platform/v1/tenants/{tenantId}/api-keys', {
      params: { path: { tenantId: opened.tenantId } },
      body: { name: 'sync', scopes: ['catalog:read', 'catalog:write'] },
    });
    const synced = createPartnerClient({ baseUrl: platform.url, apiKey: minted.secret, tenantId: opened.tenantId });
    await synced.post('/v1/staff', { body: { displayName: 'Dr. Two' } });
    const staff: string[] = [];
    for await (const s of synced.paginate('/v1/staff')) staff.push(s.displayName);
    expect(staff).toEqual(['Dr. Two']);
    // The operator key opens no tenant's data.
    const misused = createPartnerClient({ baseUrl: platform.url, apiKey: platformKey, tenantId: opened.tenantId });
    await expect(misused.get('/v1/staff')).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  });
});

describe('paging', () => {
  it('the iterator returns every record once, across pages', async () => {
    const made: string[] = [];
    for (let n = 100; n < 123; n++) {
      made.push((await partner.post('/v1/customers', { body: customer(n) })).customerId);
    }
    const seen: string[] = [];
    for await (const c of partner.paginate('/v1/customers', { params: { query: { limit: 5 } } })) {
      seen.push(c.customerId);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made));
  });
});

describe('rate limits', () => {
  it('a 429 is retried after its Retry-After, and the call then answers', async () => {
    // Spend the key's budget in this window with plain requests, so the SDK's call meets 429.
    let limited = false;
    for (let i = 0; i < PARTNER_LIMIT * 2 && !limited; i++) {
      const res = await fetch(`${platform.url}/v1/branding`, {
        headers: { authorization: `Bearer ${apiKey}`, 'x-service-tenant-id': tenantId },
      });
      limited = res.status === 429;
      await res.body?.cancel();
    }
    expect(limited).toBe(true);
    const before = retries.length;
    const branding = await partner.get('/v1/branding');
    expect(branding.displayName).toBeTypeOf('string');
    const waited = retries.slice(before);
    expect(waited.length).toBeGreaterThanOrEqual(1);
    expect(waited[0]).toMatchObject({ reason: 'RATE_LIMITED', method: 'GET', attempt: 1 });
    // Retry-After is whole seconds, at least 1, at most the 2 s window.
    expect(waited[0]!.delayMs % 1000).toBe(0);
    expect(waited[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(waited[0]!.delayMs).toBeLessThanOrEqual(2000);
  });
});

describe('verifyWebhook on a real delivery', () => {
  it('accepts what the dispatcher signed; refuses a tampered body, a wrong secret and a stale timestamp', async () => {
    const booked = await partner.post('/v1/bookings', {
      body: { serviceSlug: 'cleaning', startsAtMs: free.shift()!, customer: customer(7) },
    });
    const delivery = await vi.waitFor(
      () => {
        const found = deliveries.find((d) => d.rawBody.includes(booked.booking.bookingId));
        if (!found) throw new Error('not delivered yet');
        return found;
      },
      { timeout: 20_000, interval: 100 },
    );
    const { rawBody, headers } = delivery;
    expect(verifyWebhook(rawBody, headers, webhookSecret)).toBe(true);
    expect(verifyWebhook(rawBody.toString('utf8'), new Headers(headers as Record<string, string>), webhookSecret)).toBe(
      true,
    );

    const id = booked.booking.bookingId;
    const tampered = Buffer.from(
      rawBody.toString('utf8').replace(id, `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`),
    );
    expect(tampered.equals(rawBody)).toBe(false);
    expect(verifyWebhook(tampered, headers, webhookSecret)).toBe(false);
    expect(verifyWebhook(rawBody, headers, `${webhookSecret}x`)).toBe(false);

    const sentAt = Number(headers['x-service-timestamp']);
    expect(verifyWebhook(rawBody, headers, webhookSecret, { nowSec: sentAt + 301 })).toBe(false);
    expect(verifyWebhook(rawBody, headers, webhookSecret, { nowSec: sentAt + 301, toleranceSec: 600 })).toBe(true);
  });
});
