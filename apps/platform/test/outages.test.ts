import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookingService } from '@svc/booking';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { InProcessEventBus } from '@svc/events';
import { SESSION_COOKIE } from '@svc/crypto';
import { gatewayConfigSchema, gatewaySettings, startGateway } from '@svc/gateway';
import { IdentityStore, startIdentityService } from '@svc/identity';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { InProcessLockManager } from '@svc/lock';
import { bookingV1, catalogV1, customerV1, webhooksV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { freePort, json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';

/**
 * One outage per service, seen through the gateway (docs/api-conventions.md, "Outages"): a
 * store that cannot be reached, or a service that does not answer, is answered with the
 * envelope and `Retry-After`: BOOKING_POLICY_BLOCKED 503 on the booking paths, INTERNAL_ERROR
 * with the specification's 500 elsewhere.
 * The services are wired by hand, like the embedded platform, so the test holds each store.
 */
const logger = createLogger('outage-test', 'silent');
const host = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 };
let dataDir = '';
let base = '';
let stores: Record<'catalog' | 'customer' | 'booking' | 'identity', DocumentStore>;
let hosts: RunningGrpcHost[] = [];
let stopGateway: () => Promise<void> = async () => {};
let sessionCookie = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'outages-'));
  const open = (name: string) => openSqliteStore({ file: join(dataDir, `${name}.sqlite`) });
  stores = {
    catalog: await open('catalog'),
    customer: await open('customer'),
    booking: await open('booking'),
    identity: await open('identity'),
  };
  const catalog = await startCatalogService(host, { logger, store: stores.catalog });
  const customer = await startCustomerService(host, { logger, store: stores.customer });
  const booking = await startBookingService(host, {
    logger,
    store: stores.booking,
    lock: new InProcessLockManager(),
    bus: new InProcessEventBus(),
    catalog: connectService(catalogV1.CatalogServiceService, catalog.address),
    customers: connectService(customerV1.CustomerServiceService, customer.address),
    lockWaitMs: 2_000,
    holdSweepMs: 60_000,
  });
  const config = gatewayConfigSchema.parse({ DATA_DIR: dataDir, PORT: await freePort(), LOG_LEVEL: 'silent' });
  const settings = gatewaySettings(config, config.PORT);
  const identityHost = await startIdentityService(host, {
    logger,
    store: stores.identity,
    bus: new InProcessEventBus(),
    clients: {
      catalog: connectService(catalogV1.CatalogServiceService, catalog.address),
      customer: connectService(customerV1.CustomerServiceService, customer.address),
      booking: connectService(bookingV1.BookingServiceService, booking.address),
      webhooks: connectService(webhooksV1.WebhookServiceService, `127.0.0.1:${await freePort()}`),
      integrations: null,
      notifications: null,
    },
    sessionSecret: settings.sessionSecret,
  });
  hosts = [identityHost, booking, customer, catalog];
  const port = config.PORT;
  const gateway = await startGateway({
    host: '127.0.0.1',
    port,
    logger,
    settings,
    addresses: {
      catalog: catalog.address,
      booking: booking.address,
      customer: customer.address,
      'webhook-dispatcher': `127.0.0.1:${await freePort()}`,
      integrations: `127.0.0.1:${await freePort()}`,
      identity: identityHost.address,
    },
  });
  stopGateway = () => gateway.stop();
  base = gateway.url;

  const { tenantId } = await seedTenant(catalog.address, 'acme');
  const identity = new IdentityStore(stores.identity);
  const user = await identity.findOrCreateUserByEmail('owner@acme.test', 'Owner');
  await identity.addMembership(user.userId, tenantId, 'tenant_owner');
  sessionCookie = `${SESSION_COOKIE}=${(await identity.createSession(user.userId, tenantId)).token}`;
}, 30_000);

afterAll(async () => {
  await stopGateway();
  for (const h of hosts) await h.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let keys = 0;
const slot = berlinTime(3, 10);
const create = (startsAtMs = slot) =>
  fetch(`${base}/book/acme/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `outage-${++keys}` },
    body: JSON.stringify({
      serviceSlug: 'checkup',
      startsAtMs,
      customer: { name: 'Ada', primaryEmail: 'ada@example.test' },
    }),
  });
const availability = () =>
  fetch(`${base}/book/acme/availability?serviceSlug=checkup&fromMs=${slot - 3_600_000}&toMs=${slot + 3_600_000}`);
const config = () => fetch(`${base}/book/acme/config`);
const bookings = () => fetch(`${base}/api/bookings`, { headers: { cookie: sessionCookie } });
let manageUrl = '';

/** Status, code, Retry-After and the envelope's request id of a response. */
async function answer(res: Response) {
  const body = await json(res);
  expect(body.meta.requestId).toBe(res.headers.get('x-request-id'));
  return { status: res.status, ok: body.ok, code: body.error?.code, retryAfter: res.headers.get('retry-after') };
}
const BLOCKED = { status: 503, ok: false, code: 'BOOKING_POLICY_BLOCKED', retryAfter: '1' };
const UNAVAILABLE = { status: 500, ok: false, code: 'INTERNAL_ERROR', retryAfter: '1' };

// In order: each case takes one more part down for good.
describe('outages through the gateway', () => {
  it('all up: availability, config, the dashboard and a manage link answer', async () => {
    expect((await availability()).status).toBe(200);
    expect((await config()).status).toBe(200);
    expect((await fetch(`${base}/api/session`, { headers: { cookie: sessionCookie } })).status).toBe(200);
    const created = await create(slot + 3_600_000);
    expect(created.status).toBe(201);
    manageUrl = (await json(created)).data.manageUrl;
    expect((await fetch(manageUrl)).status).toBe(200);
    expect((await bookings()).status).toBe(200);
  });

  it("customer service's store down: create is BOOKING_POLICY_BLOCKED 503 and stores no new booking", async () => {
    await stores.customer.close();
    expect(await answer(await create())).toEqual(BLOCKED);
    // Only the booking made while everything was up.
    expect(await stores.booking.collection('bookings').count({})).toBe(1);
    // Availability does not need customers.
    expect((await availability()).status).toBe(200);
  });

  it("booking service's store down: availability, create, the booking list and the manage link are BOOKING_POLICY_BLOCKED 503", async () => {
    await stores.booking.close();
    expect(await answer(await availability())).toEqual(BLOCKED);
    expect(await answer(await create())).toEqual(BLOCKED);
    expect(await answer(await bookings())).toEqual(BLOCKED);
    const manage = await fetch(manageUrl);
    expect(manage.headers.get('cache-control')).toBe('private, no-store');
    expect(await answer(manage)).toEqual(BLOCKED);
  });

  it("the identity service's store down: a dashboard request is INTERNAL_ERROR 500 with Retry-After", async () => {
    await stores.identity.close();
    expect(await answer(await fetch(`${base}/api/session`, { headers: { cookie: sessionCookie } }))).toEqual(
      UNAVAILABLE,
    );
  });

  it("catalog service's store down: config is INTERNAL_ERROR 500, availability BOOKING_POLICY_BLOCKED 503, both with Retry-After", async () => {
    await stores.catalog.close();
    expect(await answer(await config())).toEqual(UNAVAILABLE);
    expect(await answer(await availability())).toEqual(BLOCKED);
  });

  it('catalog service unreachable: the same answers, within the call deadline', async () => {
    await hosts.at(-1)!.stop();
    expect(await answer(await config())).toEqual(UNAVAILABLE);
    expect(await answer(await availability())).toEqual(BLOCKED);
  });
});
