// A service's confirmation policy over real HTTP on the embedded platform (docs/decisions.md
// "Confirmation policy"): a service set to automatic on the dashboard confirms every new booking
// at once, as its own transition by `system` (booking.created, then booking.confirmed, each its
// own outbox row, delivered to a webhook receiver in that order), and its create and replay
// answer `confirmed`; a manual service is as before. The partner API and MCP show the policy.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, json, startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import { berlinTime, postBooking, seedTenant, subscribeReceiver } from './booking-fixture.js';
import { dashboard, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { createKey, partner, partnerBooking } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let receiver: WebhookReceiver;
let autoOwner: ReturnType<typeof dashboard>;
let autoTenantId = '';
let manualOwner: ReturnType<typeof dashboard>;

/** Sets the tenant's check-up service to `confirmation` through the dashboard, as an owner would. */
async function setPolicy(owner: ReturnType<typeof dashboard>, confirmation: string): Promise<void> {
  const list = await json(await owner('GET', '/api/services'));
  const checkup = list.data.items.find((s: { slug: string }) => s.slug === 'checkup');
  const res = await owner('PATCH', `/api/services/${checkup.serviceId}`, { confirmation });
  expect(res.status).toBe(200);
  expect((await json(res)).data.confirmation).toBe(confirmation);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  ({ tenantId: autoTenantId } = await seedTenant(platform.services.catalog.address, 'instant'));
  const { tenantId: manualTenantId } = await seedTenant(platform.services.catalog.address, 'byhand');
  autoOwner = dashboard(platform.url, await stores.session(autoTenantId, 'tenant_owner'));
  manualOwner = dashboard(platform.url, await stores.session(manualTenantId, 'tenant_owner'));
  await setPolicy(autoOwner, 'automatic');
  await subscribeReceiver(platform.services['webhook-dispatcher'].address, autoTenantId, receiver, 'instant');
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
  await receiver?.close();
});

describe('an automatic service', () => {
  it('answers 201 confirmed; booking.created then booking.confirmed by system; a replay answers confirmed', async () => {
    const start = berlinTime(2, 10);
    const res = await postBooking(platform.url, 'instant', start, 'auto-1');
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({ booking: { status: 'confirmed' }, idempotentReplay: false });
    const { bookingId } = body.data.booking;

    const rows = await stores.outbox(bookingId);
    expect(rows.map((r) => r.type)).toEqual(['booking.created', 'booking.confirmed']);
    expect(rows[0]!.data).toMatchObject({ booking: { status: 'held' } });
    expect(rows[1]!.data).toMatchObject({ booking: { status: 'confirmed' }, actor: 'system' });
    const detail = await json(await autoOwner('GET', `/api/bookings/${bookingId}`));
    expect(detail.data).toMatchObject({ status: 'confirmed', holdExpiresAtMs: null });

    const replay = await postBooking(platform.url, 'instant', start, 'auto-1');
    expect(replay.status).toBe(200);
    const again = await json(replay);
    expect(again.data).toMatchObject({
      booking: { bookingId, status: 'confirmed' },
      idempotentReplay: true,
      manageToken: body.data.manageToken,
    });
    expect(await stores.events(bookingId)).toEqual(['booking.created', 'booking.confirmed']);

    // The webhook receiver gets both, in that order, once each.
    const got = await eventually('both webhooks', async () => {
      const mine = receiver
        .received('instant')
        .filter((r) => (r.event.data.booking as { bookingId: string }).bookingId === bookingId);
      return mine.length >= 2 ? mine : undefined;
    });
    expect(got.map((r) => r.event.type)).toEqual(['booking.created', 'booking.confirmed']);
    expect(got.map((r) => r.event.id)).toEqual(rows.map((r) => r._id));
    expect(got[1]!.event.data).toMatchObject({ actor: 'system', booking: { status: 'confirmed' } });
    expect(receiver.rejected('instant')).toBe(0);
  });

  it('answers the partner create with the confirmed record, and /v1/services names the policy', async () => {
    const owner = await stores.session(autoTenantId, 'tenant_owner');
    const key = (await createKey(platform.url, owner, ['booking:read', 'booking:write'])).secret;
    const v1 = partner(platform.url, key, autoTenantId);
    // The services customers can book (docs/decisions.md "Partner API").
    const services = await json(await v1('GET', '/v1/services?status=active'));
    expect(services.data.items).toEqual([
      expect.objectContaining({ slug: 'checkup', confirmation: 'automatic', durationMin: 30 }),
    ]);
    const res = await v1('POST', '/v1/bookings', partnerBooking(berlinTime(2, 11), 'auto'), {
      'idempotency-key': 'partner-auto-1',
    });
    expect(res.status).toBe(201);
    expect((await json(res)).data.booking).toMatchObject({ status: 'confirmed', holdExpiresAtMs: null });
  });
});

describe('a manual service (the default)', () => {
  it('stays held with booking.created alone, and its replay answers held', async () => {
    const start = berlinTime(2, 10);
    const res = await postBooking(platform.url, 'byhand', start, 'manual-1');
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.booking.status).toBe('held');
    const { bookingId } = body.data.booking;
    expect(await stores.events(bookingId)).toEqual(['booking.created']);
    const detail = await json(await manualOwner('GET', `/api/bookings/${bookingId}`));
    expect(detail.data.holdExpiresAtMs).toEqual(expect.any(Number));

    const replay = await postBooking(platform.url, 'byhand', start, 'manual-1');
    expect(replay.status).toBe(200);
    expect((await json(replay)).data.booking).toEqual({
      bookingId,
      status: 'held',
      staffId: expect.stringMatching(/^stf_/),
      payment: null,
    });
    expect(await stores.events(bookingId)).toEqual(['booking.created']);
  });
});
