// Paid bookings through the platform as a process (docs/decisions.md "Payments"): real HTTP
// through the gateway, the booking and integrations services over gRPC, the official Stripe SDK
// against the Stripe stand-in, whose every request stripe-mock checks as a valid Stripe API
// request. Pay and return; pay and close the tab (the payment worker confirms); never pay (the
// hold ends, the session is expired, the slot is free); pay after the hold ended (refunded in
// full); cancels inside and outside the cut-off refunded to the cent, in euros and in yen; a
// staff confirm without payment (402) and with a payment made elsewhere; two racing returns
// confirm once; Stripe down during a create (502, nothing kept) and during a hold's end.

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
import { berlinTime, seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess } from './dashboard-fixture.js';

const run = serverGate('stripe-mock', stripeMockMissing());
const SLUG = 'paid-clinic';
const KEY = 'rk_test_paidclinic';

describe.runIf(run)('paid bookings through Stripe Checkout inside the hold', () => {
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
    platform = await platformProcess('payments', {
      LOG_LEVEL: 'info',
      STRIPE_API_URL: stripe.url,
      PAYMENT_POLL_MS: '300',
      HOLD_SWEEP_MS: '300',
    });
    base = platform.base;
    const { tenantId } = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, SLUG);
    api = dashboard(base, await platform.stores.session(tenantId, 'tenant_owner'));
    const connected = await api('PUT', '/api/payments/account', { secretKey: KEY });
    expect(connected.status, JSON.stringify(await json(connected.clone()))).toBe(200);
    // The check-up (45.00 EUR): 15.00 now; a cancel from a day before keeps two thirds.
    await patchService('checkup', {
      payment: 'deposit',
      depositAmount: 1_500,
      cancelCutoffMin: 24 * 60,
      refundAfterCutoffPercent: 33,
    });
    // A service priced in yen (no minor units), paid in full.
    const yen = await api('POST', '/api/services', {
      slug: 'tea',
      name: 'Tea ceremony',
      durationMin: 30,
      priceAmount: 5_555,
      priceCurrency: 'JPY',
      staffIds: [(await serviceOf('checkup')).staffIds[0]],
      payment: 'full',
      cancelCutoffMin: 60,
      refundAfterCutoffPercent: 50,
    });
    expect(yen.status, JSON.stringify(await json(yen.clone()))).toBe(201);
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

  async function patchService(slug: string, fields: Record<string, unknown>) {
    const res = await api('PATCH', `/api/services/${(await serviceOf(slug)).serviceId}`, fields);
    expect(res.status, JSON.stringify(await json(res.clone()))).toBe(200);
  }

  /** A public create of `serviceSlug` at the next free test slot (3 days ahead onwards, half-hourly from 09:00). */
  async function create(serviceSlug = 'checkup', daysAhead = 3) {
    const startsAtMs = berlinTime(daysAhead, 9, 0) + 30 * 60_000 * slot++;
    const res = await fetch(`${base}/book/${SLUG}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `pay-${slot}-${Date.now()}` },
      body: JSON.stringify({
        serviceSlug,
        startsAtMs,
        customer: { name: 'Ann Example', primaryEmail: 'ann@example.test' },
      }),
    });
    return { res, body: await json(res), startsAtMs };
  }

  async function paidHold(serviceSlug = 'checkup', daysAhead = 3) {
    const { res, body, startsAtMs } = await create(serviceSlug, daysAhead);
    expect(res.status, JSON.stringify(body)).toBe(201);
    const bookingId = body.data.booking.bookingId as string;
    const session = stripe.sessions().find((s) => s.client_reference_id === bookingId)!;
    expect(session).toBeDefined();
    return { bookingId, session, startsAtMs, body };
  }

  const detail = async (bookingId: string) => (await json(await api('GET', `/api/bookings/${bookingId}`))).data;

  /** The customer's browser back from Stripe's page (Stripe's 303 to success_url, followed). */
  const returnTo = (session: { success_url: string | null }) => fetch(session.success_url!, { redirect: 'manual' });

  it('holds the booking with a checkout for the amount due; paying and coming back confirms it', async () => {
    const { bookingId, session, body } = await paidHold();
    expect(body.data.booking.status).toBe('held');
    expect(body.data.paymentUrl).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 1_500, currency: 'eur', client_reference_id: bookingId });

    stripe.pay(session.id);
    const back = await returnTo(session);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toContain('/booking/manage/');
    const b = await detail(bookingId);
    expect(b.status).toBe('confirmed');
    expect(b.payment).toMatchObject({ state: 'paid', amountDue: 1_500, netPaid: 1_500, checkoutUrl: null });
    expect(b.payment.records).toMatchObject([{ kind: 'charge', amount: 1_500, currency: 'EUR', status: 'succeeded' }]);
    // The webhook's data carries the same payment (the outbox rows the relay publishes).
    const confirmed = (await platform.stores.outbox(bookingId)).find((r) => r.type === 'booking.confirmed')!;
    expect((confirmed.data as { booking: { payment: unknown } }).booking.payment).toMatchObject({
      state: 'paid',
      netPaid: 1_500,
      checkoutUrl: null,
      records: [{ kind: 'charge', amount: 1_500 }],
    });
  });

  it('a paid service of a business without a Stripe account: PROVIDER_NOT_CONNECTED, nothing kept', async () => {
    const other = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, 'unpaid-clinic');
    const owner = dashboard(base, await platform.stores.session(other.tenantId, 'tenant_owner'));
    const { data } = await json(await owner('GET', '/api/services'));
    const checkup = (data.items as Array<{ serviceId: string; slug: string }>).find((s) => s.slug === 'checkup')!;
    expect((await owner('PATCH', `/api/services/${checkup.serviceId}`, { payment: 'full' })).status).toBe(200);
    const res = await fetch(`${base}/book/unpaid-clinic/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `unpaid-${Date.now()}` },
      body: JSON.stringify({
        serviceSlug: 'checkup',
        startsAtMs: berlinTime(3, 10),
        customer: { name: 'Ann Example', primaryEmail: 'ann@example.test' },
      }),
    });
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'PROVIDER_NOT_CONNECTED' });
    expect((await json(await owner('GET', '/api/bookings?limit=10'))).data.items).toEqual([]);
  });

  it('confirms a customer who paid and closed the tab (the payment worker asks Stripe)', async () => {
    const { bookingId, session } = await paidHold();
    stripe.pay(session.id);
    await eventually('confirmed by the worker', async () =>
      (await detail(bookingId)).status === 'confirmed' ? true : undefined,
    );
    expect((await detail(bookingId)).payment.records).toHaveLength(1);
  });

  it('Stripe not answering when the customer comes back: the manage page all the same, confirmed later', async () => {
    const { bookingId, session } = await paidHold();
    stripe.pay(session.id);
    stripe.down(true);
    try {
      const back = await returnTo(session);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toContain('/booking/manage/');
      expect((await detail(bookingId)).status).toBe('held');
    } finally {
      stripe.down(false);
    }
    await eventually('confirmed by the worker', async () =>
      (await detail(bookingId)).status === 'confirmed' ? true : undefined,
    );
  });

  it('two racing returns confirm once and record one payment', async () => {
    const { bookingId, session } = await paidHold();
    stripe.pay(session.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => returnTo(session)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(303));
    const events = await platform.stores.events(bookingId);
    expect(events.filter((e) => e === 'booking.confirmed')).toHaveLength(1);
    expect((await detail(bookingId)).payment.records.filter((r: { kind: string }) => r.kind === 'charge')).toHaveLength(
      1,
    );
  });

  it('never paid: the hold ends, the session is expired, the slot is free again', async () => {
    const { bookingId, session, startsAtMs } = await paidHold('checkup', 4);
    await platform.stores.endHold(bookingId);
    await eventually('expired and its session expired', async () => {
      const b = await detail(bookingId);
      const s = stripe.sessions().find((x) => x.id === session.id)!;
      return b.status === 'cancelled' && s.status === 'expired' ? b : undefined;
    });
    const b = await detail(bookingId);
    expect(b).toMatchObject({ cancelReason: 'hold_expired', payment: { state: 'unpaid', netPaid: 0, records: [] } });
    expect(await slotStartsOn(base, SLUG, 4)).toContain(startsAtMs);
  });

  it('paid after the hold ended: recorded and refunded in full at once; nothing kept', async () => {
    const { bookingId, session } = await paidHold('checkup', 4);
    await platform.stores.endHold(bookingId);
    stripe.pay(session.id);
    const b = await eventually('refunded', async () => {
      const d = await detail(bookingId);
      return d.payment.records.length === 2 ? d : undefined;
    });
    expect(b.status).toBe('cancelled');
    expect(b.payment.records).toMatchObject([
      { kind: 'charge', amount: 1_500 },
      { kind: 'refund', amount: 1_500, status: 'succeeded' },
    ]);
    expect(b.payment.netPaid).toBe(0);
    expect(stripe.refunds().filter((r) => r.payment_intent === b.payment.records[0].providerId)).toHaveLength(1);
  });

  it('a staff confirm of an unpaid booking is 402; with paidOutside it confirms and the checkout is expired', async () => {
    const { bookingId, session } = await paidHold();
    expect(await errorOf(await api('POST', `/api/bookings/${bookingId}/confirm`))).toMatchObject({
      status: 402,
      code: 'PAYMENT_REQUIRED',
    });
    const ok = await api('POST', `/api/bookings/${bookingId}/confirm`, { paidOutside: true });
    expect(ok.status, JSON.stringify(await json(ok.clone()))).toBe(200);
    const b = await detail(bookingId);
    expect(b).toMatchObject({ status: 'confirmed', payment: { state: 'paid_outside' } });
    expect(b.payment.records).toMatchObject([{ kind: 'outside', amount: 1_500 }]);
    await eventually('its session expired', async () =>
      stripe.sessions().find((x) => x.id === session.id)!.status === 'expired' ? true : undefined,
    );
  });

  it('refunds a cancel before the cut-off in full, after it by the policy, to the cent and to the yen', async () => {
    // Before the cut-off (a day before), by the customer through their manage link, which says
    // first what the cancel gives back: all 15.00.
    const early = await paidHold('checkup', 5);
    stripe.pay(early.session.id);
    await returnTo(early.session);
    const manageUrl = early.body.data.manageUrl as string;
    expect((await json(await fetch(manageUrl))).data.actions.cancelRefundAmount).toBe(1_500);
    const cancelled = await fetch(`${manageUrl}/cancel`, { method: 'POST' });
    expect(cancelled.status, JSON.stringify(await json(cancelled.clone()))).toBe(200);
    const e = await eventually('refunded', async () => {
      const d = await detail(early.bookingId);
      return d.payment.records.some((r: { kind: string }) => r.kind === 'refund') ? d : undefined;
    });
    expect(e.payment.records.at(-1)).toMatchObject({ kind: 'refund', amount: 1_500 });

    // Inside the cut-off (ten days before, whatever the time of day now): 33 % of 15.00 = 4.95.
    // A booking keeps the cut-off it was made under, so the earlier one keeps its day.
    await patchService('checkup', { cancelCutoffMin: 10 * 24 * 60 });
    const late = await paidHold('checkup', 5);
    stripe.pay(late.session.id);
    await returnTo(late.session);
    expect((await api('POST', `/api/bookings/${late.bookingId}/cancel`, {})).status).toBe(200);
    const l = await eventually('refunded', async () => {
      const d = await detail(late.bookingId);
      return d.payment.records.some((r: { kind: string }) => r.kind === 'refund') ? d : undefined;
    });
    expect(l.payment.records.at(-1)).toMatchObject({ kind: 'refund', amount: 495, currency: 'EUR' });
    expect(l.payment.netPaid).toBe(1_005);
    await patchService('checkup', { cancelCutoffMin: 24 * 60 });

    // Yen, paid in full, inside its cut-off by staff who give it all back.
    const yen = await paidHold('tea', 1);
    expect(yen.session).toMatchObject({ amount_total: 5_555, currency: 'jpy' });
    stripe.pay(yen.session.id);
    await returnTo(yen.session);
    expect((await api('POST', `/api/bookings/${yen.bookingId}/cancel`, { refundPercent: 50 })).status).toBe(200);
    const y = await eventually('refunded', async () => {
      const d = await detail(yen.bookingId);
      return d.payment.records.some((r: { kind: string }) => r.kind === 'refund') ? d : undefined;
    });
    // 50 % of 5,555 yen is 2,777.5: 2,777 yen.
    expect(y.payment.records.at(-1)).toMatchObject({ kind: 'refund', amount: 2_777, currency: 'JPY' });
  });

  it('Stripe down during a create: 502 PROVIDER_ACTION_FAILED and nothing kept', async () => {
    const before = (await json(await api('GET', '/api/bookings?limit=100'))).data.items.length as number;
    stripe.down(true);
    try {
      const { res, body } = await create();
      expect(res.status, JSON.stringify(body)).toBe(502);
      expect(body.error.code).toBe('PROVIDER_ACTION_FAILED');
    } finally {
      stripe.down(false);
    }
    expect((await json(await api('GET', '/api/bookings?limit=100'))).data.items).toHaveLength(before);
  });

  it('Stripe down at a hold’s end: the booking expires, its session is expired once Stripe answers again', async () => {
    const { bookingId, session } = await paidHold('checkup', 6);
    stripe.down(true);
    try {
      await platform.stores.endHold(bookingId);
      await eventually('expired', async () => ((await detail(bookingId)).status === 'cancelled' ? true : undefined));
      expect(stripe.sessions().find((x) => x.id === session.id)!.status).toBe('open');
    } finally {
      stripe.down(false);
    }
    await eventually('its session expired', async () =>
      stripe.sessions().find((x) => x.id === session.id)!.status === 'expired' ? true : undefined,
    );
    expect((await detail(bookingId)).payment.netPaid).toBe(0);
  });

  it('a no-show is charged the rest of the price to the card saved at checkout, and recorded', async () => {
    await patchService('checkup', { noShowCharge: 'remainder' });
    try {
      const { bookingId, session } = await paidHold('checkup', 6);
      stripe.pay(session.id, { saveCard: true });
      expect((await returnTo(session)).status).toBe(303);
      expect((await api('POST', `/api/bookings/${bookingId}/no-show`, {})).status).toBe(200);
      const b = await eventually('the no-show charged', async () => {
        const d = await detail(bookingId);
        return d.payment.records.some((r: { kind: string }) => r.kind === 'no_show_fee') ? d : undefined;
      });
      // 45.00 less the 15.00 deposit, off session, to the card the customer saved.
      expect(b.payment.records.at(-1)).toMatchObject({ kind: 'no_show_fee', amount: 3_000, status: 'succeeded' });
      expect(b.payment.netPaid).toBe(4_500);
      const charge = stripe.paymentIntents().find((p) => p.id === b.payment.records.at(-1).providerId)!;
      expect(charge).toMatchObject({ amount: 3_000, currency: 'eur', status: 'succeeded' });
    } finally {
      await patchService('checkup', { noShowCharge: 'none' });
    }
  });

  it('every request was a valid Stripe API request, and no key reached a log line', () => {
    expect(stripe.rejections()).toEqual([]);
    expect(platform.proc.output()).not.toContain(KEY);
  });
});
