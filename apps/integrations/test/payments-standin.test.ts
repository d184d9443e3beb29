// The payment RPCs against the Stripe stand-in (libs/testing stripe-standin.ts), which sends every
// request to Stripe's own mock server (stripe-mock) first: each call the service makes is proved
// a valid Stripe API request, and the stand-in's state carries a session from open to paid, a
// refund to the cent, an off-session charge of the card saved at checkout and its decline, and an
// unpaid session expired (docs/decisions.md "Payments").

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { InProcessEventBus } from '@svc/events';
import { connectService, type IntegrationClient, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import {
  serverGate,
  startStripeMock,
  startStripeStandIn,
  stripeMockMissing,
  type StripeMockServer,
  type StripeStandIn,
} from '@svc/testing';
import { UrlPolicy } from '@svc/url-policy';
import { startTestIntegrations } from './integrations-host-fixture.js';

const run = serverGate('stripe-mock', stripeMockMissing());

/** A restricted key with exactly the permissions docs/operations.md "Payments (Stripe)" asks for. */
const KEY = 'rk_test_51StandInRestrictedPaymentsKey';
const TENANT = 'ten_pay';
const RETURN = 'https://book.example/pay/return?session={CHECKOUT_SESSION_ID}';

describe.runIf(run)('payment RPCs against the Stripe stand-in, checked by stripe-mock', () => {
  let mock: StripeMockServer;
  let stripe: StripeStandIn;
  let host: RunningGrpcHost;
  let client: IntegrationClient;

  beforeAll(async () => {
    mock = await startStripeMock();
    stripe = await startStripeStandIn({ validateWith: mock.url });
    stripe.addKey(KEY, {
      permissions: { checkout_sessions: 'write', payment_intents: 'write', refunds: 'write', customers: 'write' },
    });
    ({ host, client } = await startTestIntegrations('payments-standin-test', {
      store: await openSqliteStore({ file: ':memory:' }),
      bus: new InProcessEventBus(),
      secrets: new SecretBox('s'.repeat(40)),
      sync: { firstRetryMs: 100, pollMs: 200 },
      google: null,
      urlPolicy: new UrlPolicy({ allowLoopback: true, allowlist: [] }),
      catalog: connectService(catalogV1.CatalogServiceService, '127.0.0.1:1'),
      stripeApiUrl: stripe.url,
    }));
    await client.connectPaymentAccount({ tenantId: TENANT, secretKey: KEY });
  }, 60_000);

  afterAll(async () => {
    await host?.stop();
    await stripe?.close();
    await mock?.stop();
  });

  const checkout = (bookingId: string, over: { amount?: number; currency?: string; saveCard?: boolean } = {}) =>
    client.createCheckout({
      tenantId: TENANT,
      bookingId,
      amount: over.amount ?? 4_000,
      currency: over.currency ?? 'EUR',
      description: 'Physiotherapy, 45 min',
      successUrl: RETURN,
      cancelUrl: 'https://book.example/pay/cancel',
      saveCard: over.saveCard ?? false,
      idempotencyKey: `checkout:${bookingId}`,
    });

  it('pays a deposit with the card saved, refunds part of it, and charges the saved card for a no-show', async () => {
    const { checkout: open } = await checkout('bkg_paid', { amount: 1_999, saveCard: true });
    expect(open).toMatchObject({ status: 'open', paymentStatus: 'unpaid', amountTotal: 1_999, currency: 'EUR' });
    expect(open!.url).not.toBe('');
    // The same create again (a retry) is the same session.
    expect((await checkout('bkg_paid', { amount: 1_999, saveCard: true })).checkout!.sessionId).toBe(open!.sessionId);

    stripe.pay(open!.sessionId);
    const { checkout: paid } = await client.getCheckout({ tenantId: TENANT, sessionId: open!.sessionId });
    expect(paid).toMatchObject({ status: 'complete', paymentStatus: 'paid', url: '' });
    expect(paid!.paymentIntentId).toMatch(/^pi_/);
    expect(paid!.customerRef).toMatch(/^cus_/);
    expect(paid!.paymentMethodId).toMatch(/^pm_/);
    const [session] = stripe.sessions().filter((s) => s.id === open!.sessionId);
    expect(session).toMatchObject({ client_reference_id: 'bkg_paid', metadata: { booking_id: 'bkg_paid' } });

    const refund = (amount: number, key: string) =>
      client.refundPayment({ tenantId: TENANT, paymentIntentId: paid!.paymentIntentId, amount, idempotencyKey: key });
    expect((await refund(999, 'refund:bkg_paid:1')).refund).toMatchObject({
      status: 'succeeded',
      amount: 999,
      currency: 'EUR',
    });
    // More than what is left is Stripe's refusal, in our code.
    await expect(refund(1_001, 'refund:bkg_paid:2')).rejects.toMatchObject({ code: 'PROVIDER_ACTION_FAILED' });

    const noShow = (key: string) =>
      client.chargeSavedCard({
        tenantId: TENANT,
        customerRef: paid!.customerRef,
        paymentMethodId: paid!.paymentMethodId,
        amount: 2_001,
        currency: 'EUR',
        description: 'No-show: the rest of the price',
        idempotencyKey: key,
      });
    expect((await noShow('noshow:bkg_paid')).charge).toMatchObject({ status: 'succeeded', amount: 2_001 });
    stripe.declineCards(true, 'insufficient_funds');
    try {
      expect((await noShow('noshow:bkg_paid:again')).charge).toMatchObject({ status: 'failed', amount: 2_001 });
    } finally {
      stripe.declineCards(false);
    }
  });

  it('sends a zero-decimal currency in whole units', async () => {
    const { checkout: yen } = await checkout('bkg_yen', { amount: 5_000, currency: 'JPY' });
    expect(yen).toMatchObject({ amountTotal: 5_000, currency: 'JPY' });
  });

  it('expires an unpaid session, and answers an expired one as it is', async () => {
    const { checkout: open } = await checkout('bkg_unpaid');
    const expire = () => client.expireCheckout({ tenantId: TENANT, sessionId: open!.sessionId });
    expect((await expire()).checkout).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', url: '' });
    expect((await expire()).checkout).toMatchObject({ status: 'expired' });
  });

  it('makes a customer at every checkout and deletes it for an erase; what it cannot delete is an outcome', async () => {
    // No card saved: still a customer of the account, never a guest the erase could not reach.
    const { checkout: open } = await checkout('bkg_erase');
    // The email the customer types on Stripe's page (none is sent with the session).
    stripe.pay(open!.sessionId, { email: 'kunde@example.com' });
    const { checkout: paid } = await client.getCheckout({ tenantId: TENANT, sessionId: open!.sessionId });
    const customerRef = paid!.customerRef;
    expect(customerRef).toMatch(/^cus_/);
    expect(stripe.customers().find((c) => c.id === customerRef)?.email).toBe('kunde@example.com');

    const remove = (tenantId: string, ref = customerRef) =>
      client.deletePaymentCustomer({ tenantId, customerRef: ref });
    expect(await remove(TENANT)).toEqual({ outcome: 'deleted' });
    expect(stripe.customers().some((c) => c.id === customerRef)).toBe(false);
    expect(await remove(TENANT)).toEqual({ outcome: 'already_deleted' });
    expect(await remove('ten_without_stripe')).toEqual({ outcome: 'not_connected' });
    await expect(remove(TENANT, 'cus_1/../../v1/account')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'customerRef', message: 'must be a Stripe customer id (cus_…)' }],
    });

    // A key restricted without the Customers permission: refused, not an outage to retry.
    const narrow = 'rk_test_51NarrowKeyWithoutCustomers';
    stripe.addKey(narrow, { permissions: { checkout_sessions: 'write', payment_intents: 'write', refunds: 'write' } });
    await client.connectPaymentAccount({ tenantId: 'ten_narrow', secretKey: narrow });
    const other = await client.createCheckout({
      tenantId: 'ten_narrow',
      bookingId: 'bkg_narrow',
      amount: 1_000,
      currency: 'EUR',
      description: 'Physiotherapy, 45 min',
      successUrl: RETURN,
      cancelUrl: 'https://book.example/pay/cancel',
      saveCard: false,
      idempotencyKey: 'checkout:bkg_narrow',
    });
    stripe.pay(other.checkout!.sessionId);
    const narrowRef = (await client.getCheckout({ tenantId: 'ten_narrow', sessionId: other.checkout!.sessionId }))
      .checkout!.customerRef;
    expect(await remove('ten_narrow', narrowRef)).toEqual({ outcome: 'refused' });
    // Stripe down: an error, so the erase tries again.
    stripe.down(true);
    try {
      await expect(remove('ten_narrow', narrowRef)).rejects.toMatchObject({ code: 'PROVIDER_ACTION_FAILED' });
    } finally {
      stripe.down(false);
    }
  });

  it('sent only requests Stripe’s specification allows, each change with an idempotency key', () => {
    expect(stripe.rejections()).toEqual([]);
    const posts = stripe.requests().filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post.idempotencyKey, post.path).not.toBeNull();
  });
});
