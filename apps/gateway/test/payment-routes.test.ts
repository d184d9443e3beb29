// Paid bookings at the gateway (docs/decisions.md "Payments") over real HTTP, with the real
// catalog and a booking service of the test's own over gRPC: what the creates send and answer, the
// way back from Stripe's checkout (GET /pay/…), the payment in every booking answer, the payment
// options of confirm and cancel, PAYMENT_REQUIRED as 402, and the pages. What the booking service
// decides (holds, refunds, the poller) is its own suite's and the platform's.

import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyManageToken, type ManageTokenKeys } from '@svc/crypto';
import { DomainError, serviceUnavailable } from '@svc/errors';
import { bindService, startGrpcHost, type RunningGrpcHost, type ServiceHandlers } from '@svc/grpc';
import { bookingV1 } from '@svc/proto';
import { createLogger } from '@svc/telemetry';
import { json } from '@svc/testing';
import { loggablePath } from '../src/http/loggable-path.js';
import { startGatewayWithCatalog, type GatewayHarness, type MintedSession } from './support/gateway-harness.js';

const keys: ManageTokenKeys = { current: { kid: 'k1', secret: 'payment-routes-test-secret-0123456789abcdef' } };
const CHECKOUT = 'https://checkout.stripe.test/c/pay/cs_test_a1';
const START = Date.UTC(2031, 0, 13, 9);

/** The booking service's side: bookings by id, their return keys, and every request it got. */
const fake = {
  bookings: new Map<string, bookingV1.Booking>(),
  keys: new Map<string, string>(),
  creates: [] as bookingV1.CreateBookingRequest[],
  changes: [] as bookingV1.ChangeBookingStatusRequest[],
  returns: [] as bookingV1.CompletePaymentReturnRequest[],
  down: false,
  seq: 0,
};
/** The catalog ids of the services the fake books, by slug. */
const serviceIds: Record<string, string> = {};

const paymentAwaiting = (): bookingV1.BookingPayment => ({
  policy: 'deposit',
  priceAmount: 4_000,
  currency: 'EUR',
  amountDue: 1_000,
  state: 'awaiting',
  checkoutUrl: CHECKOUT,
  refundAfterCutoffPercent: 50,
  noShowCharge: 'remainder',
  noShowFeeAmount: 0,
  netPaid: 0,
  records: [],
});

function bookingOf(req: bookingV1.CreateBookingRequest): bookingV1.Booking {
  const bookingId = `bkg_pay${++fake.seq}`;
  return {
    bookingId,
    tenantId: req.tenantId,
    serviceId: serviceIds[req.serviceSlug] ?? '',
    serviceSlug: req.serviceSlug,
    staffId: '',
    resourceId: '',
    customerId: `cus_pay${fake.seq}`,
    status: 'held',
    startsAtMs: req.startsAtMs,
    endsAtMs: req.startsAtMs + 30 * 60_000,
    timezone: 'Europe/Berlin',
    source: req.source,
    notes: '',
    holdExpiresAtMs: Date.now() + 10 * 60_000,
    cancelReason: '',
    noShowReason: '',
    createdAtMs: 1_900_000_000_000 + fake.seq,
    updatedAtMs: 1_900_000_000_000 + fake.seq,
    revision: 0,
    cancelCutoffMin: 0,
    rescheduleCutoffMin: 0,
    answers: [],
    partySize: 1,
    staffIds: [],
    ...(req.serviceSlug === 'paid-cut' ? { payment: paymentAwaiting() } : {}),
  };
}

const found = (tenantId: string, bookingId: string): bookingV1.Booking => {
  const b = fake.bookings.get(bookingId);
  if (!b || b.tenantId !== tenantId) throw new DomainError('NOT_FOUND', 'Booking was not found.');
  return b;
};

const outage = () => {
  if (fake.down) throw serviceUnavailable();
};

const handlers: Partial<ServiceHandlers<typeof bookingV1.BookingServiceService>> = {
  createBooking: async (req) => {
    outage();
    fake.creates.push(req);
    const booking = bookingOf(req);
    fake.bookings.set(booking.bookingId, booking);
    if (booking.payment) fake.keys.set(`${req.tenantId}/key-${booking.bookingId}-0123456789abcdef`, booking.bookingId);
    return { booking, idempotentReplay: false };
  },
  completePaymentReturn: async (req) => {
    outage();
    fake.returns.push(req);
    const bookingId = fake.keys.get(`${req.tenantId}/${req.returnKey}`);
    if (!bookingId) throw new DomainError('NOT_FOUND', 'Booking was not found.');
    const b = found(req.tenantId, bookingId);
    const charge = {
      kind: 'charge',
      amount: 1_000,
      currency: 'EUR',
      status: 'succeeded',
      providerId: 'pi_1',
      atMs: 1,
      actor: 'system',
    };
    const paid: bookingV1.Booking = {
      ...b,
      status: 'confirmed',
      payment: { ...b.payment!, state: 'paid', checkoutUrl: '', netPaid: 1_000, records: [charge] },
    };
    fake.bookings.set(bookingId, paid);
    return { booking: paid };
  },
  getBooking: async (req) => {
    outage();
    const booking = found(req.tenantId, req.bookingId);
    const open = booking.status === 'held' || booking.status === 'confirmed';
    return {
      booking,
      allowedActions: open && req.actor ? ['cancel'] : [],
      refusedActions: [],
      // What a cancel would refund: all of what was paid (the booking service's figure).
      ...(booking.payment && open && req.actor ? { cancelRefundAmount: booking.payment.netPaid } : {}),
    };
  },
  listBookings: async (req) => ({
    items: [...fake.bookings.values()].filter((b) => b.tenantId === req.tenantId),
    page: { nextCursor: '' },
  }),
  changeBookingStatus: async (req) => {
    fake.changes.push(req);
    const b = found(req.tenantId, req.bookingId);
    if (req.action === 'confirm' && b.payment?.state === 'awaiting' && !req.paidOutside) {
      throw new DomainError('PAYMENT_REQUIRED', 'This booking is not paid yet.');
    }
    return { booking: { ...b, status: req.action === 'confirm' ? 'confirmed' : 'cancelled' } };
  },
};

let bookingHost: RunningGrpcHost;
let h: GatewayHarness;
let tenantId = '';
let owner: MintedSession;
let secret = '';

beforeAll(async () => {
  bookingHost = await startGrpcHost({
    name: 'booking',
    settings: { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 200 },
    logger: createLogger('fake-booking', 'silent'),
    services: [
      bindService(bookingV1.BookingServiceService, handlers as ServiceHandlers<typeof bookingV1.BookingServiceService>),
    ],
    resources: {},
  });
  h = await startGatewayWithCatalog({
    bookingAddress: bookingHost.address,
    config: { MANAGE_TOKEN_KID: keys.current.kid, MANAGE_TOKEN_SECRET: keys.current.secret },
  });
  tenantId = (await h.createTenant('paying')).tenantId;
  owner = await h.mintSession([[tenantId, 'tenant_owner']]);
  const services = [
    {
      slug: 'paid-cut',
      name: 'Paid cut',
      durationMin: 30,
      priceAmount: 4_000,
      priceCurrency: 'EUR',
      payment: 'deposit',
      depositAmount: 1_000,
      refundAfterCutoffPercent: 50,
      cancelCutoffMin: 1_440,
      noShowCharge: 'remainder',
    },
    { slug: 'free-chat', name: 'Free chat', durationMin: 30 },
  ];
  for (const service of services) {
    const created = await h.call(owner, 'POST', '/api/services', service);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    serviceIds[service.slug] = created.body.data.serviceId;
  }
  // No integrations service here: the detail's calendar write-back is none.
  h.downstream.integrations!.getCalendarSync = async () => ({});
  const key = await h.call(owner, 'POST', '/api/api-keys', { name: 'partner', scopes: ['*'] });
  expect(key.status).toBe(201);
  secret = key.body.data.secret;
});
afterAll(async () => {
  await h?.stop();
  await bookingHost?.stop();
});
beforeEach(() => {
  fake.down = false;
});

const customer = { name: 'Ada Payer', primaryEmail: 'ada@example.test' };

/** A public create of `serviceSlug`, its answer's data. */
async function publicCreate(serviceSlug: string) {
  const res = await fetch(`${h.base}/book/paying/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `k-${serviceSlug}-${fake.seq}` },
    body: JSON.stringify({ serviceSlug, startsAtMs: START, customer }),
  });
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

/** A partner request with the API key. */
async function partner(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(h.base + path, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      'x-service-tenant-id': tenantId,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await json(res) };
}

/** The return key the fake made for a booking. */
const returnKeyOf = (bookingId: string): string => [...fake.keys].find(([, id]) => id === bookingId)![0].split('/')[1]!;

describe('the creates', () => {
  it('name the return URL on every create, and answer the checkout of a paid service', async () => {
    const before = fake.creates.length;
    const paid = await publicCreate('paid-cut');
    expect(fake.creates[before]!.paymentReturnUrl).toBe(`${h.base}/pay/${tenantId}/{KEY}`);
    expect(paid.paymentUrl).toBe(CHECKOUT);
    expect(paid.booking).toEqual({
      bookingId: expect.stringMatching(/^bkg_/),
      status: 'held',
      staffId: null,
      payment: {
        policy: 'deposit',
        priceAmount: 4_000,
        currency: 'EUR',
        amountDue: 1_000,
        state: 'awaiting',
        checkoutUrl: CHECKOUT,
        refundAfterCutoffPercent: 50,
        noShowCharge: 'remainder',
        noShowFeeAmount: 0,
        netPaid: 0,
        records: [],
      },
    });

    const free = await publicCreate('free-chat');
    expect(fake.creates[before + 1]!.paymentReturnUrl).toBe(`${h.base}/pay/${tenantId}/{KEY}`);
    expect(free.paymentUrl).toBeNull();
    expect(free.booking.payment).toBeNull();
  });

  it('/v1 and MCP answer the full record with its payment, and paymentUrl', async () => {
    const v1 = await partner(
      'POST',
      '/v1/bookings',
      { serviceSlug: 'paid-cut', startsAtMs: START, customer },
      {
        'idempotency-key': 'v1-paid',
      },
    );
    expect(v1.status).toBe(201);
    expect(v1.body.data.paymentUrl).toBe(CHECKOUT);
    expect(v1.body.data.booking).toMatchObject({
      source: 'partner_api',
      payment: { state: 'awaiting', amountDue: 1_000 },
    });
    expect(fake.creates.at(-1)!.paymentReturnUrl).toBe(`${h.base}/pay/${tenantId}/{KEY}`);

    const mcp = await partner(
      'POST',
      `/mcp/${tenantId}`,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'create_booking',
          arguments: { idempotencyKey: 'mcp-paid', serviceSlug: 'paid-cut', startsAtMs: START, customer },
        },
      },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.status).toBe(200);
    expect(mcp.body.result.structuredContent).toMatchObject({
      paymentUrl: CHECKOUT,
      booking: { source: 'mcp', payment: { state: 'awaiting', checkoutUrl: CHECKOUT } },
    });
    expect(fake.creates.at(-1)!.paymentReturnUrl).toBe(`${h.base}/pay/${tenantId}/{KEY}`);
  });
});

describe('GET /pay/{tenantId}/{returnKey}', () => {
  it("confirms through the booking service and sends the customer to the booking's manage page (303)", async () => {
    const created = await publicCreate('paid-cut');
    const key = returnKeyOf(created.booking.bookingId);
    const res = await fetch(`${h.base}/pay/${tenantId}/${key}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    // The very link the create answered: the token is minted from the booking's immutable fields.
    expect(res.headers.get('location')).toBe(created.manageUrl);
    expect(verifyManageToken(keys, created.manageToken, Date.now())).toMatchObject({
      tenantId,
      bookingId: created.booking.bookingId,
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(fake.returns.at(-1)).toEqual({ tenantId, returnKey: key });

    // The manage page's data then: paid, and what a cancel would refund now.
    const view = await json(await fetch(res.headers.get('location')!));
    expect(view.data.booking).toMatchObject({ status: 'confirmed', payment: { state: 'paid', netPaid: 1_000 } });
    expect(view.data.booking.payment.checkoutUrl).toBeNull();
    expect(view.data.booking.payment.records).toEqual([
      {
        kind: 'charge',
        amount: 1_000,
        currency: 'EUR',
        status: 'succeeded',
        providerId: 'pi_1',
        atMs: 1,
        actor: 'system',
      },
    ]);
    expect(view.data.actions).toMatchObject({ canCancel: true, cancelRefundAmount: 1_000 });
  });

  it('answers an unknown key NOT_FOUND 404, as a page for a browser; a malformed one VALIDATION_ERROR', async () => {
    const created = await publicCreate('paid-cut');
    const key = returnKeyOf(created.booking.bookingId);
    const unknown = await fetch(`${h.base}/pay/${tenantId}/${'x'.repeat(32)}`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.code).toBe('NOT_FOUND');
    // Another tenant's path with this booking's key: the key is the booking's in its tenant only.
    const elsewhere = await fetch(`${h.base}/pay/ten_other/${key}`, { redirect: 'manual' });
    expect(elsewhere.status).toBe(404);
    const page = await fetch(`${h.base}/pay/${tenantId}/${'x'.repeat(32)}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('private, no-store');

    const malformed = await fetch(`${h.base}/pay/${tenantId}/short`, { redirect: 'manual' });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.details).toEqual([{ path: 'params.returnKey', message: expect.any(String) }]);
  });

  it('answers an unreachable booking service BOOKING_POLICY_BLOCKED 503 with Retry-After', async () => {
    fake.down = true;
    const res = await fetch(`${h.base}/pay/${tenantId}/${'y'.repeat(32)}`, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect((await json(res)).error.code).toBe('BOOKING_POLICY_BLOCKED');
  });

  it('is logged by its template: a path under /pay/ that no route matched says nothing past the tenant', () => {
    const key = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const matched = { routeOptions: { url: '/pay/:tenantId/:returnKey' }, is404: false, url: `/pay/ten_a/${key}` };
    expect(loggablePath(matched as unknown as FastifyRequest)).toBe('/pay/:tenantId/:returnKey');
    const unmatched = { routeOptions: {}, is404: true, url: `/pay/ten_a/${key}/more?x=1` };
    expect(loggablePath(unmatched as unknown as FastifyRequest)).toBe('/pay/ten_a/:redacted/:redacted');
  });
});

describe('the booking record and the payment options of confirm and cancel', () => {
  it('the dashboard detail and list carry the payment; a booking without one has null', async () => {
    const paid = await publicCreate('paid-cut');
    const free = await publicCreate('free-chat');
    const detail = await h.call(owner, 'GET', `/api/bookings/${paid.booking.bookingId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.payment).toMatchObject({ policy: 'deposit', state: 'awaiting', checkoutUrl: CHECKOUT });
    const list = await h.call(owner, 'GET', '/api/bookings');
    const byId = new Map(list.body.data.items.map((b: { bookingId: string }) => [b.bookingId, b]));
    expect(byId.get(paid.booking.bookingId)).toMatchObject({ payment: { amountDue: 1_000 } });
    expect(byId.get(free.booking.bookingId)).toMatchObject({ payment: null });
  });

  it('a confirm of an unpaid booking is PAYMENT_REQUIRED 402; paidOutside: true reaches the booking service', async () => {
    const paid = await publicCreate('paid-cut');
    const path = `/api/bookings/${paid.booking.bookingId}/confirm`;
    const refused = await h.call(owner, 'POST', path);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ ok: false, error: { code: 'PAYMENT_REQUIRED' } });
    expect(fake.changes.at(-1)).toMatchObject({ action: 'confirm', actor: 'staff', paidOutside: undefined });

    const outside = await h.call(owner, 'POST', path, { paidOutside: true });
    expect(outside.status).toBe(200);
    expect(fake.changes.at(-1)).toMatchObject({ action: 'confirm', actor: 'staff', paidOutside: true });
    // The partner API the same way, as actor partner.
    const v1 = await partner('POST', `/v1/bookings/${paid.booking.bookingId}/confirm`, {});
    expect(v1.status).toBe(402);
    expect(v1.body.error.code).toBe('PAYMENT_REQUIRED');
  });

  it('a cancel passes refundPercent (0 to 100) from the dashboard, /v1 and MCP; out of range is refused here', async () => {
    const paid = await publicCreate('paid-cut');
    const path = `/api/bookings/${paid.booking.bookingId}/cancel`;
    const dashboard = await h.call(owner, 'POST', path, { reason: 'storm', refundPercent: 50 });
    expect(dashboard.status).toBe(200);
    expect(fake.changes.at(-1)).toMatchObject({ action: 'cancel', reason: 'storm', actor: 'staff', refundPercent: 50 });

    const v1 = await partner('POST', `/v1/bookings/${paid.booking.bookingId}/cancel`, { refundPercent: 0 });
    expect(v1.status).toBe(200);
    expect(fake.changes.at(-1)).toMatchObject({ action: 'cancel', actor: 'partner', refundPercent: 0 });

    const mcp = await partner(
      'POST',
      `/mcp/${tenantId}`,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'cancel_booking', arguments: { bookingId: paid.booking.bookingId, refundPercent: 100 } },
      },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.status).toBe(200);
    expect(fake.changes.at(-1)).toMatchObject({ action: 'cancel', actor: 'partner', refundPercent: 100 });

    const sent = fake.changes.length;
    for (const [body, at] of [
      [{ refundPercent: 101 }, 'body.refundPercent'],
      [{ refundPercent: 12.5 }, 'body.refundPercent'],
      [{ paidOutside: true }, 'body'],
    ] as const) {
      const refused = await h.call(owner, 'POST', path, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual([at]);
    }
    expect(fake.changes.length).toBe(sent);
  });
});

describe('the pages', () => {
  it("the booking page states a paid service's terms before the customer books; the config carries them", async () => {
    const config = await json(await fetch(`${h.base}/book/paying/config`));
    expect(config.data.services.find((s: { slug: string }) => s.slug === 'paid-cut')).toMatchObject({
      price: { amount: 4_000, currency: 'EUR' },
      payment: 'deposit',
      depositAmount: 1_000,
      refundAfterCutoffPercent: 50,
      noShowCharge: 'remainder',
      noShowFeeAmount: 0,
    });
    expect(config.data.services.find((s: { slug: string }) => s.slug === 'free-chat')).toMatchObject({
      payment: 'none',
    });

    const page = await (await fetch(`${h.base}/book/paying`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('Due now: a deposit of €10.00 (of the €40.00 price).');
    expect(page).toContain(
      'A cancellation up to 1 day before the start is refunded in full; after that, 50% of the payment is refunded.',
    );
    expect(page).toContain(
      'If you miss the appointment, the rest of the price, €30.00, is charged to the card you pay with',
    );
    // Once, for the one paid service.
    expect(page.match(/class="payment-terms"/g)).toHaveLength(1);
  });

  it('the manage page: pending with a Pay link, then paid with what a cancel would refund', async () => {
    const created = await publicCreate('paid-cut');
    const html = async () => (await fetch(created.manageUrl, { headers: { accept: 'text/html' } })).text();
    const pending = await html();
    expect(pending).toContain('Awaiting payment');
    expect(pending).toMatch(/Payment pending: pay €10\.00 \(a deposit of the €40\.00 price\) by /);
    expect(pending).toContain(`id="pay-link" class="button" href="${CHECKOUT}"`);
    // Nothing paid yet: no refund to speak of.
    expect(pending).not.toContain('id="cancel-refund"');

    await fetch(`${h.base}/pay/${tenantId}/${returnKeyOf(created.booking.bookingId)}`, { redirect: 'manual' });
    const paid = await html();
    expect(paid).toContain('Paid: €10.00 (a deposit of the €40.00 price), by card on Stripe.');
    expect(paid).not.toContain('id="pay-link"');
    expect(paid).toContain('Cancelling now refunds all you paid, €10.00, to your card.');
  });
});
