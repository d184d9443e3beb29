// Webhook subscriptions and the delivery log in the partner API over real HTTP on the embedded
// platform (docs/decisions.md "Partner API"): a partner subscribes with its API key, receives
// signed deliveries, reads and replays them; each operation needs webhook:read or webhook:write
// (or `*`), and /v1 and /api show the same subscriptions.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, json, startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import { postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, type DashboardSession, dataOf, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { createKey, partner } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';
let stores: PlatformStores;
let tenantId = '';
let owner: DashboardSession;
let receiver: WebhookReceiver;

beforeAll(async () => {
  platform = await startTestPlatform();
  base = platform.url;
  stores = await platformStores(platform);
  ({ tenantId } = await seedTenant(platform.services.catalog.address, 'hooked'));
  owner = await stores.session(tenantId, 'tenant_owner');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await stores?.close();
  await platform?.cleanup();
});

describe('a partner subscribes to webhooks with its API key', () => {
  it('creates a subscription, receives a signed delivery, reads it and replays it', async () => {
    const key = await createKey(base, owner, ['webhook:read', 'webhook:write'], 'receiver');
    const v1 = partner(base, key.secret, tenantId);
    const created = await dataOf(await v1('POST', '/v1/webhook-subscriptions', { url: receiver.url('partner') }), 201);
    expect(created.signingSecret).toMatch(/^whsec_/);
    receiver.setSecret('partner', created.signingSecret);
    const { subscriptionId } = created;

    // The dashboard sees the same subscription; the list never shows the secret.
    const listed = await dataOf(await v1('GET', '/v1/webhook-subscriptions'));
    expect(listed.items).toEqual(
      (await dataOf(await dashboard(base, owner)('GET', '/api/webhook-subscriptions'))).items,
    );
    expect(JSON.stringify(listed)).not.toContain(created.signingSecret);
    expect(await dataOf(await v1('GET', `/v1/webhook-subscriptions/${subscriptionId}`))).toMatchObject({
      subscriptionId,
      url: receiver.url('partner'),
    });

    const [startsAtMs] = await slotStartsOn(base, 'hooked', 3);
    const booked = await postBooking(base, 'hooked', startsAtMs!, `hook-${Date.now()}`);
    expect(booked.status).toBe(201);
    const bookingId = ((await json(booked)) as { data: { booking: { bookingId: string } } }).data.booking.bookingId;
    await eventually('the delivery', async () =>
      receiver.received('partner').find((r) => r.event.type === 'booking.created') ? true : undefined,
    );

    const deliveries = await eventually('the delivery log', async () => {
      const page = await dataOf(await v1('GET', `/v1/webhook-deliveries?bookingId=${bookingId}`));
      return page.items.some((d: { status: string }) => d.status === 'succeeded') ? page : undefined;
    });
    const [delivery] = deliveries.items as Array<{ deliveryId: string; eventType: string }>;
    expect(delivery).toMatchObject({ subscriptionId, eventType: 'booking.created', status: 'succeeded' });
    expect(await dataOf(await v1('GET', `/v1/webhook-deliveries/${delivery!.deliveryId}`))).toMatchObject({
      deliveryId: delivery!.deliveryId,
    });
    await dataOf(await v1('POST', `/v1/webhook-deliveries/${delivery!.deliveryId}/replay`), 202);
    await eventually('the replayed delivery', async () =>
      receiver.received('partner').filter((r) => r.event.type === 'booking.created').length >= 2 ? true : undefined,
    );

    const rotated = await dataOf(await v1('POST', `/v1/webhook-subscriptions/${subscriptionId}/rotate-secret`));
    expect(rotated.signingSecret).not.toBe(created.signingSecret);
    expect(
      await dataOf(
        await v1('PATCH', `/v1/webhook-subscriptions/${subscriptionId}`, { description: 'practice system' }),
      ),
    ).toMatchObject({ description: 'practice system' });
    expect((await v1('DELETE', `/v1/webhook-subscriptions/${subscriptionId}`)).status).toBe(200);
  });
});

describe('scopes', () => {
  // Created subscriptions point at the test's receiver: the embedded platform accepts loopback URLs.
  const OPERATIONS: Array<{ method: string; path: (id: string) => string; write: boolean; body?: () => unknown }> = [
    { method: 'GET', path: () => '/v1/webhook-subscriptions', write: false },
    { method: 'GET', path: (id) => `/v1/webhook-subscriptions/${id}`, write: false },
    { method: 'GET', path: () => '/v1/webhook-deliveries', write: false },
    { method: 'GET', path: () => '/v1/webhook-deliveries/whd_0000000000000000000000', write: false },
    {
      method: 'POST',
      path: () => '/v1/webhook-subscriptions',
      write: true,
      body: () => ({ url: receiver.url('made') }),
    },
    {
      method: 'PATCH',
      path: (id) => `/v1/webhook-subscriptions/${id}`,
      write: true,
      body: () => ({ description: 'x' }),
    },
    { method: 'POST', path: (id) => `/v1/webhook-subscriptions/${id}/rotate-secret`, write: true },
    { method: 'POST', path: () => '/v1/webhook-deliveries/whd_0000000000000000000000/replay', write: true },
    { method: 'DELETE', path: (id) => `/v1/webhook-subscriptions/${id}`, write: true },
  ];

  it('each operation is FORBIDDEN without its scope and passes the scope check with it or with *', async () => {
    const made = await dataOf(
      await dashboard(base, owner)('POST', '/api/webhook-subscriptions', { url: receiver.url('scopes') }),
      201,
    );
    const keys = {
      none: await createKey(base, owner, ['booking:read', 'catalog:write'], 'no webhooks'),
      read: await createKey(base, owner, ['webhook:read'], 'reader'),
      write: await createKey(base, owner, ['webhook:write'], 'writer'),
      all: await createKey(base, owner, ['*'], 'everything'),
    };
    for (const op of OPERATIONS) {
      const call = (secret: string) =>
        partner(base, secret, tenantId)(op.method, op.path(made.subscriptionId), op.body?.());
      const status = async (secret: string) => {
        const res = await call(secret);
        const body = await json(res);
        return { status: res.status, code: body?.error?.code ?? null };
      };
      const what = `${op.method} ${op.path(':id')}`;
      expect(await status(keys.none.secret), what).toEqual({ status: 403, code: 'FORBIDDEN' });
      const own = op.write ? keys.write : keys.read;
      const other = op.write ? keys.read : keys.write;
      expect(await status(other.secret), what).toEqual({ status: 403, code: 'FORBIDDEN' });
      // With the scope, the request reaches the dispatcher: a success, or its NOT_FOUND for the made-up delivery.
      for (const key of [own, keys.all]) {
        const answer = await status(key.secret);
        expect(answer.code === null || answer.code === 'NOT_FOUND', `${what}: ${JSON.stringify(answer)}`).toBe(true);
        if (op.method === 'DELETE') break; // deleted by the first: the second would be NOT_FOUND anyway
      }
    }
  });

  it('bad input is VALIDATION_ERROR with its details path, as on the dashboard', async () => {
    const key = await createKey(base, owner, ['webhook:write'], 'bad input');
    const v1 = partner(base, key.secret, tenantId);
    const res = await v1('POST', '/v1/webhook-subscriptions', { url: 'ftp://example.com', events: ['booking.nope'] });
    const body = await json(res);
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.url', 'body.events.0']),
    );
  });
});
