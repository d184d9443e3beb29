// An erase reaches every copy (docs/decisions.md "Privacy", "Tenant export", "Payments"), through
// the platform as a process: real HTTP through the gateway, the official Stripe SDK against the
// Stripe stand-in, whose every request stripe-mock checks. The booking service's erase outlives
// its request here (ERASE_WAIT_MS=1: the route answers 503 and the job goes on by itself), the
// way a long erase does: the tenant export made before it still goes (the gateway reads
// `customer.erased` off the bus), the Stripe customer made at checkout is deleted through Stripe's
// API, and nothing of the person reached Stripe but what that delete removes. Money in a
// three-decimal currency moves on Stripe's 10-fils step.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import {
  eventually,
  json,
  serverGate,
  startStripeMock,
  startStripeStandIn,
  stripeMockMissing,
  type StripeStandIn,
} from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess } from './dashboard-fixture.js';

const run = serverGate('stripe-mock', stripeMockMissing());
const SLUG = 'erase-everywhere';
const KEY = 'rk_test_eraseeverywhere';
const NAME = 'Erasmina Everywhere';
const EMAIL = 'erasmina.everywhere@example.test';
const ERASED_AFTER =
  'A customer was erased after this export was made, so its archive was removed; start a new export.';

describe.runIf(run)('an erase that outlives its request reaches every copy', () => {
  let stripeMock: Awaited<ReturnType<typeof startStripeMock>>;
  let stripe: StripeStandIn;
  let platform: Awaited<ReturnType<typeof platformProcess>>;
  let api: ReturnType<typeof dashboard>;
  let base: string;
  let slot = 0;

  beforeAll(async () => {
    stripeMock = await startStripeMock();
    stripe = await startStripeStandIn({ validateWith: stripeMock.url });
    stripe.addKey(KEY);
    platform = await platformProcess('erase-everywhere', {
      STRIPE_API_URL: stripe.url,
      PAYMENT_POLL_MS: '300',
      HOLD_SWEEP_MS: '300',
      ERASE_WAIT_MS: '1',
    });
    base = platform.base;
    const { tenantId } = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, SLUG);
    api = dashboard(base, await platform.stores.session(tenantId, 'tenant_owner'));
    const connected = await api('PUT', '/api/payments/account', { secretKey: KEY });
    expect(connected.status, JSON.stringify(await json(connected.clone()))).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await stripe?.close();
    await stripeMock?.stop();
  });

  async function serviceOf(slug: string) {
    const { data } = await json(await api('GET', '/api/services'));
    return (data.items as Array<{ serviceId: string; slug: string; staffIds: string[] }>).find((s) => s.slug === slug)!;
  }

  /** A paid booking of `serviceSlug`, paid on Stripe's page and confirmed by the customer's return. */
  async function paidBooking(serviceSlug: string, customer = { name: NAME, primaryEmail: EMAIL }) {
    const startsAtMs = berlinTime(3, 9, 0) + 30 * 60_000 * slot++;
    const res = await fetch(`${base}/book/${SLUG}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `erase-${slot}-${Date.now()}` },
      body: JSON.stringify({ serviceSlug, startsAtMs, customer }),
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    const bookingId = body.data.booking.bookingId as string;
    const session = stripe.sessions().find((s) => s.client_reference_id === bookingId)!;
    // The customer types their email on Stripe's page: the booking sends none with the session.
    stripe.pay(session.id, { email: customer.primaryEmail });
    expect((await fetch(session.success_url!, { redirect: 'manual' })).status).toBe(303);
    const detail = (await json(await api('GET', `/api/bookings/${bookingId}`))).data;
    expect(detail.status).toBe('confirmed');
    return { bookingId, session, customerId: detail.customerId as string };
  }

  async function readyExport() {
    const started = await api('POST', '/api/tenant/export');
    const { data } = await json(started);
    expect(started.status, JSON.stringify(data)).toBe(202);
    return eventually(
      'the tenant export ready',
      async () => {
        const job = (await json(await api('GET', `/api/tenant/export/${data.jobId}`))).data;
        expect(job.status).not.toBe('failed');
        return job.status === 'ready' ? job : undefined;
      },
      30_000,
    );
  }

  it('removes the tenant export and deletes the Stripe customer after the route answered 503', async () => {
    const checkup = await serviceOf('checkup');
    const patched = await api('PATCH', `/api/services/${checkup.serviceId}`, {
      payment: 'deposit',
      depositAmount: 1_500,
      noShowCharge: 'remainder',
    });
    expect(patched.status, JSON.stringify(await json(patched.clone()))).toBe(200);
    const { session, customerId } = await paidBooking('checkup');
    const paid = stripe.sessions().find((s) => s.id === session.id)!;
    const stripeCustomer = paid.customer as string;
    expect(stripeCustomer).toMatch(/^cus_/);
    expect(stripe.customers().find((c) => c.id === stripeCustomer)?.email).toBe(EMAIL);
    // Another customer's Stripe customer stays.
    const other = await paidBooking('checkup', { name: 'Otto Other', primaryEmail: 'otto.other@example.test' });
    const otherCustomer = stripe.sessions().find((s) => s.id === other.session.id)!.customer as string;

    const archive = await readyExport();

    // The erase outlives the route's wait: 503, retryable, and the job goes on by itself.
    const erase = () => api('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId });
    const first = await erase();
    const refused = await errorOf(first);
    expect(first.status, JSON.stringify(refused)).toBe(503);
    expect(refused).toMatchObject({
      code: 'BOOKING_POLICY_BLOCKED',
      message: expect.stringContaining('still running'),
    });

    const ended = await eventually(
      'the archive removed without another request',
      async () => {
        const job = (await json(await api('GET', `/api/tenant/export/${archive.jobId}`))).data;
        return job.status === 'failed' ? job : undefined;
      },
      30_000,
    );
    expect(ended).toMatchObject({ status: 'failed', error: ERASED_AFTER, download: null });
    await eventually(
      'the Stripe customer deleted through Stripe’s API',
      async () => (stripe.customers().some((c) => c.id === stripeCustomer) ? undefined : true),
      30_000,
    );
    const deletes = stripe.requests().filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => [r.path, r.status])).toEqual([[`/v1/customers/${stripeCustomer}`, 200]]);
    expect(stripe.customers().map((c) => c.id)).toContain(otherCustomer);

    // Erasing again answers the job's result once done; an export made now stays.
    const done = await eventually(
      'the erase done',
      async () => {
        const res = await erase();
        return res.status === 200 ? (await json(res)).data : undefined;
      },
      30_000,
    );
    expect(done).toMatchObject({ customerId, status: 'erased', bookings: 1 });
    const after = await readyExport();
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await json(await api('GET', `/api/tenant/export/${after.jobId}`))).data.status).toBe('ready');

    // What went to Stripe of the person: nothing, neither the name nor the email (the customer
    // types it on Stripe's page, onto the customer the erase deleted).
    const sent = stripe.requests().map((r) => JSON.stringify(r.params));
    expect(sent.filter((p) => p.includes(NAME) || p.includes(EMAIL))).toEqual([]);
    const checkouts = stripe.requests().filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(checkouts.length).toBeGreaterThan(0);
    for (const c of checkouts) expect(c.params).toMatchObject({ customer_creation: 'always' });
    expect(stripe.rejections()).toEqual([]);
  }, 120_000);

  it('refunds and charges a three-decimal currency on 10 fils, and refuses a price Stripe could not charge', async () => {
    const staffIds = (await serviceOf('checkup')).staffIds;
    const service = {
      slug: 'kuwait-checkup',
      name: 'Check-up (KWD)',
      durationMin: 30,
      priceAmount: 1_235,
      priceCurrency: 'KWD',
      staffIds,
      payment: 'full',
      cancelCutoffMin: 7 * 24 * 60,
      refundAfterCutoffPercent: 33,
    };
    const refused = await api('POST', '/api/services', service);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).details).toEqual([
      {
        path: 'body.priceAmount',
        message:
          'must be a multiple of 10 in KWD: Stripe charges a three-decimal currency to two decimals (1230, not 1235)',
      },
    ]);
    const created = await api('POST', '/api/services', { ...service, priceAmount: 1_230 });
    expect(created.status, JSON.stringify(await json(created.clone()))).toBe(201);
    const { bookingId } = await paidBooking('kuwait-checkup', { name: 'Kai Kuwait', primaryEmail: 'kai@example.test' });
    // Inside the cut-off: 33 % of 1.230 is 0.4059; Stripe takes 0.410 (the customer's side), never 0.405.
    const cancelled = await api('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'plans changed' });
    expect(cancelled.status, JSON.stringify(await json(cancelled.clone()))).toBe(200);
    const refund = await eventually(
      'the refund recorded',
      async () => {
        const b = (await json(await api('GET', `/api/bookings/${bookingId}`))).data;
        return b.payment.records.find((r: { kind: string }) => r.kind === 'refund');
      },
      15_000,
    );
    expect(refund).toMatchObject({ kind: 'refund', amount: 410, currency: 'KWD', status: 'succeeded' });
    expect(stripe.refunds().map((r) => [r.amount, r.currency])).toContainEqual([410, 'kwd']);
    expect(stripe.rejections()).toEqual([]);
  }, 60_000);
});
