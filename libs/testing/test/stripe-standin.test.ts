// The Stripe stand-in driven by the official `stripe` npm package, as the integrations service
// drives Stripe: Checkout Sessions created, retrieved, listed, paid, expired; refunds to the
// remaining amount; an off-session charge of a saved card; idempotent replays; and Stripe's error
// shapes for unknown and restricted keys, declines and outages. Every case runs twice: on the
// stand-in alone, and with stripe-mock (Stripe's own mock server) checking each request against
// Stripe's OpenAPI specification first, where no request may be refused but the ones meant to be.

import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  serverGate,
  startStripeMock,
  startStripeStandIn,
  stripeMockMissing,
  type StripeMockServer,
  type StripeStandIn,
} from '../src/index.js';

const mockAvailable = serverGate('stripe-mock', stripeMockMissing());

const KEY = 'rk_test_standinTenantKey0001';
const DAY_S = 86_400;

function client(standIn: StripeStandIn, key = KEY): Stripe {
  const { hostname, port } = new URL(standIn.url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
}

/** A booking's Checkout Session as the shared design makes it. */
function sessionParams(
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
  amount = 3_000,
  currency = 'eur',
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: 'Haircut' } } }],
    client_reference_id: 'bk_1',
    metadata: { booking_id: 'bk_1' },
    success_url: 'https://book.example/return?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://book.example/cancelled',
    ...overrides,
  };
}

/** The error a Stripe call rejects with. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) return err;
    throw err;
  }
  throw new Error('the call succeeded');
}

const modes = [
  { name: 'the stand-in alone', validated: false },
  { name: 'the stand-in checked by stripe-mock', validated: true },
] as const;

describe.each(modes)('$name', ({ validated }) => {
  const run = !validated || mockAvailable;
  let mock: StripeMockServer | undefined;
  let standIn: StripeStandIn;
  let now = Date.now();
  let stripe: Stripe;
  let account: string;
  /** Rejections by stripe-mock a test expects (unknown parameters), checked after each test. */
  let expectedRejections = 0;
  let rejectionsBefore = 0;

  beforeAll(async () => {
    if (!run) return;
    if (validated) mock = await startStripeMock();
    standIn = await startStripeStandIn({ now: () => now, ...(mock ? { validateWith: mock.url } : {}) });
    account = standIn.addKey(KEY, { displayName: 'Salon Weber' });
    stripe = client(standIn);
  });
  afterAll(async () => {
    await standIn?.close();
    await mock?.stop();
  });
  beforeEach(() => {
    if (!run) return;
    now = Date.now();
    expectedRejections = 0;
    rejectionsBefore = standIn.rejections().length;
  });
  afterEach(() => {
    if (!run) return;
    standIn.down(false);
    standIn.declineCards(false);
    standIn.failNext(0);
    const fresh = standIn.rejections().slice(rejectionsBefore);
    expect(fresh, 'requests stripe-mock refused').toHaveLength(validated ? expectedRejections : 0);
  });

  describe.runIf(run)('Checkout Sessions', () => {
    it('creates an open session with Stripe field names, retrievable with its line items', async () => {
      const created = await stripe.checkout.sessions.create(sessionParams({ customer_email: 'ada@example.com' }));
      expect(created).toMatchObject({
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: 3_000,
        currency: 'eur',
        client_reference_id: 'bk_1',
        metadata: { booking_id: 'bk_1' },
        customer_email: 'ada@example.com',
        payment_intent: null,
        customer: null,
        mode: 'payment',
        livemode: false,
        success_url: 'https://book.example/return?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://book.example/cancelled',
      });
      expect(created.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
      expect(created.url).toBe(`${standIn.url}/pay/${created.id}`);
      // Stripe's default lifetime: 24 hours.
      expect(created.expires_at - created.created).toBe(DAY_S);

      const read = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
      expect(read.line_items?.data).toEqual([
        expect.objectContaining({
          object: 'item',
          description: 'Haircut',
          quantity: 1,
          amount_total: 3_000,
          currency: 'eur',
          price: expect.objectContaining({ unit_amount: 3_000, currency: 'eur', type: 'one_time' }),
        }),
      ]);
      const { lastResponse: _, ...withoutResponse } = await stripe.checkout.sessions.retrieve(created.id);
      expect(withoutResponse).not.toHaveProperty('line_items');
    });

    it('pays a session that saves the card: a succeeded PaymentIntent, a customer and a payment method', async () => {
      const created = await stripe.checkout.sessions.create(
        sessionParams({ payment_intent_data: { setup_future_usage: 'off_session' }, customer_creation: 'always' }),
      );
      const paid = standIn.pay(created.id, { email: 'ada@example.com' });
      expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });

      const read = await stripe.checkout.sessions.retrieve(created.id, { expand: ['payment_intent'] });
      expect(read.status).toBe('complete');
      expect(read.customer).toMatch(/^cus_/);
      expect(read.customer_details?.email).toBe('ada@example.com');
      const intent = read.payment_intent as Stripe.PaymentIntent;
      expect(intent).toMatchObject({
        object: 'payment_intent',
        status: 'succeeded',
        amount: 3_000,
        amount_received: 3_000,
        currency: 'eur',
        customer: read.customer,
        setup_future_usage: 'off_session',
      });
      expect(intent.id).toMatch(/^pi_/);
      expect(intent.payment_method).toMatch(/^pm_/);
      expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ id: intent.id, status: 'succeeded' });
      expect(standIn.paymentIntents().find((pi) => pi.id === intent.id)?.amount_received).toBe(3_000);
    });

    it('pays a session without saving: no customer unless asked, and a card that cannot be charged again', async () => {
      const created = await stripe.checkout.sessions.create(sessionParams());
      const paid = standIn.pay(created.id);
      expect(paid.customer).toBeNull();
      const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
      expect(intent).toMatchObject({ customer: null, setup_future_usage: null, status: 'succeeded' });

      const saving = await stripe.checkout.sessions.create(
        sessionParams({ payment_intent_data: { setup_future_usage: 'off_session' }, customer_creation: 'always' }),
      );
      // The customer did not agree to save the card: a customer, but the card is not theirs to reuse.
      const declined = standIn.pay(saving.id, { saveCard: false });
      const reuse = await refusal(
        stripe.paymentIntents.create({
          amount: 1_000,
          currency: 'eur',
          customer: declined.customer as string,
          payment_method: standIn.paymentIntents().find((pi) => pi.id === declined.payment_intent)
            ?.payment_method as string,
          off_session: true,
          confirm: true,
        }),
      );
      expect(reuse).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'payment_method' });
    });

    it('expires an open session; a session that is not open is refused as Stripe refuses it', async () => {
      const open = await stripe.checkout.sessions.create(sessionParams());
      const expired = await stripe.checkout.sessions.expire(open.id);
      expect(expired).toMatchObject({ id: open.id, status: 'expired', payment_status: 'unpaid', url: null });
      const again = await refusal(stripe.checkout.sessions.expire(open.id));
      expect(again).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
      expect(again.message).toBe(
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
      );
      expect(() => standIn.pay(open.id)).toThrow(/expired, not open/);

      const paid = await stripe.checkout.sessions.create(sessionParams());
      standIn.pay(paid.id);
      const late = await refusal(stripe.checkout.sessions.expire(paid.id));
      expect(late.message).toMatch(/has a status of `complete`\.$/);
      expect((await stripe.checkout.sessions.retrieve(paid.id)).status).toBe('complete');
    });

    it('expires a session by itself at expires_at, and refuses expires_at outside 30 minutes to 24 hours', async () => {
      const start = now;
      const soon = await stripe.checkout.sessions.create(
        sessionParams({ expires_at: Math.floor(start / 1000) + 31 * 60 }),
      );
      expect(soon.status).toBe('open');
      now = start + 31 * 60_000;
      expect((await stripe.checkout.sessions.retrieve(soon.id)).status).toBe('expired');

      const tooSoon = await refusal(
        stripe.checkout.sessions.create(sessionParams({ expires_at: Math.floor(now / 1000) + 10 * 60 })),
      );
      expect(tooSoon).toMatchObject({ statusCode: 400, param: 'expires_at' });
      expect(tooSoon.message).toMatch(/at least 30 minutes/);
    });

    it('lists the account’s sessions newest first, by limit and cursor, filtered by status', async () => {
      const other = new Stripe('sk_test_otherAccount0002', {
        host: '127.0.0.1',
        port: Number(new URL(standIn.url).port),
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      standIn.addKey('sk_test_otherAccount0002');
      const mine: string[] = [];
      for (let i = 0; i < 3; i++) {
        mine.push((await stripe.checkout.sessions.create(sessionParams({ client_reference_id: `list_${i}` }))).id);
      }
      await other.checkout.sessions.create(sessionParams());
      const first = await stripe.checkout.sessions.list({ limit: 2 });
      expect(first.data.map((s) => s.id)).toEqual([mine[2], mine[1]]);
      expect(first.has_more).toBe(true);
      expect(first.url).toBe('/v1/checkout/sessions');
      const next = await stripe.checkout.sessions.list({ limit: 2, starting_after: mine[1] as string });
      expect(next.data[0]?.id).toBe(mine[0]);
      const all = (await stripe.checkout.sessions.list({ limit: 100 })).data;
      expect(all.every((s) => standIn.sessions().some((own) => own.id === s.id))).toBe(true);
      expect(all.map((s) => s.id)).not.toContain((await other.checkout.sessions.list({ limit: 1 })).data[0]?.id);

      await stripe.checkout.sessions.expire(mine[0] as string);
      const expired = await stripe.checkout.sessions.list({ status: 'expired', limit: 100 });
      expect(expired.data.map((s) => s.id)).toContain(mine[0]);
      expect(expired.data.every((s) => s.status === 'expired')).toBe(true);
    });

    it('answers resource_missing for an unknown session and for another account’s', async () => {
      const unknown = await refusal(stripe.checkout.sessions.retrieve('cs_test_doesNotExist'));
      expect(unknown).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
      expect(unknown.message).toBe("No such checkout.session: 'cs_test_doesNotExist'");

      standIn.addKey('sk_test_thirdAccount0003');
      const third = client(standIn, 'sk_test_thirdAccount0003');
      const theirs = await third.checkout.sessions.create(sessionParams());
      expect(await refusal(stripe.checkout.sessions.retrieve(theirs.id))).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      });
    });

    it('refuses an amount below Stripe’s minimum charge and an upper-case currency', async () => {
      const small = await refusal(stripe.checkout.sessions.create(sessionParams({}, 49)));
      expect(small).toMatchObject({ statusCode: 400, code: 'amount_too_small' });
      expect(small.message).toMatch(/at least €0\.50/);
      const upper = await refusal(stripe.checkout.sessions.create(sessionParams({}, 3_000, 'EUR')));
      expect(upper).toMatchObject({ statusCode: 400, param: 'line_items[0][price_data][currency]' });
      // JPY has no minor unit: 50 is ¥50, Stripe's minimum.
      const yen = await stripe.checkout.sessions.create(sessionParams({}, 50, 'jpy'));
      expect(yen.amount_total).toBe(50);
    });

    it('refuses a parameter it does not implement (stripe-mock refuses one Stripe does not know)', async () => {
      const params = { ...sessionParams(), bogus_parameter: 'x' } as Stripe.Checkout.SessionCreateParams;
      const before = standIn.sessions().length;
      const err = await refusal(stripe.checkout.sessions.create(params));
      expect(err).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
      if (validated) {
        expectedRejections = 1;
        expect(err.message).toMatch(/^Request validation error/);
        expect(standIn.rejections().at(-1)).toMatchObject({
          method: 'POST',
          path: '/v1/checkout/sessions',
          status: 400,
        });
      } else {
        expect(err).toMatchObject({ code: 'parameter_unknown', param: 'bogus_parameter' });
        expect(err.message).toMatch(/^Received unknown parameter: bogus_parameter/);
      }
      expect(standIn.sessions()).toHaveLength(before);
    });
  });

  describe.runIf(run)('refunds', () => {
    async function paidIntent(amount: number, currency = 'eur'): Promise<string> {
      const created = await stripe.checkout.sessions.create(sessionParams({}, amount, currency));
      return standIn.pay(created.id).payment_intent as string;
    }

    it('refunds part, then the rest; refuses more than what is left and a refund of a refunded charge', async () => {
      const intent = await paidIntent(3_000);
      const part = await stripe.refunds.create(
        { payment_intent: intent, amount: 1_250 },
        { idempotencyKey: 'refund-part' },
      );
      expect(part).toMatchObject({
        object: 'refund',
        amount: 1_250,
        currency: 'eur',
        payment_intent: intent,
        status: 'succeeded',
      });
      expect(part.id).toMatch(/^re_/);

      const tooMuch = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 1_751 }));
      expect(tooMuch).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'amount' });
      expect(tooMuch.message).toBe('Refund amount (€17.51) is greater than unrefunded amount on charge (€17.50)');

      const rest = await stripe.refunds.create({ payment_intent: intent });
      expect(rest.amount).toBe(1_750);
      const twice = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 1 }));
      expect(twice).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
      expect(
        standIn
          .refunds()
          .filter((r) => r.payment_intent === intent)
          .map((r) => r.amount),
      ).toEqual([1_250, 1_750]);
    });

    it('counts a currency without minor units in whole units', async () => {
      const intent = await paidIntent(5_000, 'jpy');
      const refund = await stripe.refunds.create({ payment_intent: intent, amount: 1_500 });
      expect(refund).toMatchObject({ amount: 1_500, currency: 'jpy' });
      const over = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 3_501 }));
      expect(over.message).toBe('Refund amount (¥3,501) is greater than unrefunded amount on charge (¥3,500)');
    });

    it('refuses an amount of a three-decimal currency that does not end in 0, as a charge and as a refund', async () => {
      const off = await refusal(stripe.checkout.sessions.create(sessionParams({}, 1_235, 'kwd')));
      expect(off).toMatchObject({ statusCode: 400, code: 'invalid_amount', param: 'line_items' });
      const intent = await paidIntent(1_230, 'kwd');
      const bad = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 405 }));
      expect(bad).toMatchObject({ statusCode: 400, code: 'invalid_amount', param: 'amount' });
      expect(await stripe.refunds.create({ payment_intent: intent, amount: 410 })).toMatchObject({ amount: 410 });
    });

    it('refuses a refund of an unknown PaymentIntent', async () => {
      const err = await refusal(stripe.refunds.create({ payment_intent: 'pi_unknown000' }));
      expect(err).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'payment_intent' });
    });
  });

  describe.runIf(run)('off-session charges of a saved card', () => {
    async function savedCard(): Promise<{ customer: string; paymentMethod: string }> {
      const created = await stripe.checkout.sessions.create(
        sessionParams({ payment_intent_data: { setup_future_usage: 'off_session' }, customer_creation: 'always' }),
      );
      const paid = standIn.pay(created.id);
      const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
      return { customer: intent.customer as string, paymentMethod: intent.payment_method as string };
    }

    it('charges the saved card, or declines it with a 402 card_error carrying the PaymentIntent', async () => {
      const card = await savedCard();
      const fee = await stripe.paymentIntents.create(
        {
          amount: 1_500,
          currency: 'eur',
          customer: card.customer,
          payment_method: card.paymentMethod,
          off_session: true,
          confirm: true,
          metadata: { booking_id: 'bk_1', kind: 'no_show' },
        },
        { idempotencyKey: 'no-show-bk_1' },
      );
      expect(fee).toMatchObject({
        status: 'succeeded',
        amount: 1_500,
        amount_received: 1_500,
        customer: card.customer,
      });

      standIn.declineCards(true, 'insufficient_funds');
      const declined = await refusal(
        stripe.paymentIntents.create({
          amount: 1_500,
          currency: 'eur',
          customer: card.customer,
          payment_method: card.paymentMethod,
          off_session: true,
          confirm: true,
        }),
      );
      expect(declined).toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      });
      expect(declined.payment_intent).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
    });

    it('deletes a customer with its saved card; a customer already deleted or another account’s is 404', async () => {
      const created = await stripe.checkout.sessions.create(
        sessionParams({ payment_intent_data: { setup_future_usage: 'off_session' }, customer_creation: 'always' }),
      );
      const customer = standIn.pay(created.id, { email: 'erase-me@example.com' }).customer as string;
      expect(standIn.customers().map((c) => c.email)).toContain('erase-me@example.com');
      expect(await stripe.customers.del(customer)).toEqual({ id: customer, object: 'customer', deleted: true });
      expect(standIn.customers().map((c) => c.id)).not.toContain(customer);
      const again = await refusal(stripe.customers.del(customer));
      expect(again).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
      // The card saved to it went with it.
      const intent = standIn.paymentIntents().find((pi) => pi.customer === customer);
      const charge = await refusal(
        stripe.paymentIntents.create({
          amount: 500,
          currency: 'eur',
          customer,
          payment_method: intent?.payment_method as string,
          off_session: true,
          confirm: true,
        }),
      );
      expect(charge).toMatchObject({ statusCode: 400, code: 'resource_missing' });
      const other = standIn.addKey('rk_test_otherAccountKey0002');
      const foreign = await refusal(client(standIn, 'rk_test_otherAccountKey0002').customers.del(customer));
      expect(foreign).toMatchObject({ statusCode: 404 });
      expect(other).toMatch(/^acct_/);
    });

    it('refuses another account’s customer', async () => {
      const card = await savedCard();
      standIn.addKey('sk_test_fourthAccount0004');
      const err = await refusal(
        client(standIn, 'sk_test_fourthAccount0004').paymentIntents.create({
          amount: 1_500,
          currency: 'eur',
          customer: card.customer,
          payment_method: card.paymentMethod,
          off_session: true,
          confirm: true,
        }),
      );
      expect(err).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    });
  });

  describe.runIf(run)('idempotent requests', () => {
    it('replays the first answer for the same key and parameters, and refuses other parameters', async () => {
      const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'create-bk_2' });
      const count = standIn.sessions().length;
      const replay = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'create-bk_2' });
      expect(replay.id).toBe(first.id);
      expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
      expect(standIn.sessions()).toHaveLength(count);
      expect(standIn.requests().at(-1)).toMatchObject({ replayed: true, idempotencyKey: 'create-bk_2', status: 200 });

      const changed = await refusal(
        stripe.checkout.sessions.create(sessionParams({ client_reference_id: 'bk_other' }), {
          idempotencyKey: 'create-bk_2',
        }),
      );
      expect(changed).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
      expect(changed.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters/);
    });

    it('replays a refusal that happened while the endpoint ran, but saves nothing for a refused parameter', async () => {
      const created = await stripe.checkout.sessions.create(sessionParams());
      await stripe.checkout.sessions.expire(created.id, {}, { idempotencyKey: 'expire-1' });
      const refused = await refusal(stripe.checkout.sessions.expire(created.id, {}, { idempotencyKey: 'expire-2' }));
      const replayed = await refusal(stripe.checkout.sessions.expire(created.id, {}, { idempotencyKey: 'expire-2' }));
      expect(replayed.message).toBe(refused.message);
      expect(replayed.headers?.['idempotent-replayed']).toBe('true');

      const small = sessionParams({}, 10);
      await refusal(stripe.checkout.sessions.create(small, { idempotencyKey: 'create-bk_3' }));
      // The fixed request under the same key runs: the refused one never started.
      const fixed = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'create-bk_3' });
      expect(fixed.status).toBe('open');
    });
  });

  describe.runIf(run)('keys and permissions', () => {
    it('answers 401 for a key it does not know or that was revoked, never echoing the key', async () => {
      const unknownKey = 'rk_test_neverRegistered9876';
      const err = await refusal(client(standIn, unknownKey).checkout.sessions.create(sessionParams()));
      expect(err).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
      expect(err.message).toBe(`Invalid API Key provided: rk_test_${'*'.repeat(15)}9876`);

      standIn.addKey('rk_test_soonRevoked0005');
      const revoked = client(standIn, 'rk_test_soonRevoked0005');
      await revoked.checkout.sessions.list({ limit: 1 });
      standIn.revokeKey('rk_test_soonRevoked0005');
      expect(await refusal(revoked.checkout.sessions.list({ limit: 1 }))).toMatchObject({ statusCode: 401 });
      const log = JSON.stringify(standIn.requests());
      expect(log).not.toContain('soonRevoked');
      expect(log).not.toContain(KEY);
    });

    it('answers 403 naming the permission a restricted key lacks', async () => {
      standIn.addKey('rk_test_checkoutOnly0006', {
        account,
        permissions: { checkout_sessions: 'write', payment_intents: 'read' },
      });
      const restricted = client(standIn, 'rk_test_checkoutOnly0006');
      const created = await restricted.checkout.sessions.create(sessionParams());
      const intent = standIn.pay(created.id).payment_intent as string;
      const refund = await refusal(restricted.refunds.create({ payment_intent: intent }));
      expect(refund).toMatchObject({ type: 'StripePermissionError', statusCode: 403 });
      expect(refund.message).toBe(
        `The provided key 'rk_test_${'*'.repeat(12)}0006' does not have the required permissions for this endpoint on account '${account}'. Having the 'rak_refund_write' permission would allow this request to continue.`,
      );
      expect(await restricted.paymentIntents.retrieve(intent)).toMatchObject({ id: intent });
      expect(await refusal(restricted.accounts.retrieveCurrent())).toMatchObject({ statusCode: 403 });

      standIn.addKey('rk_test_readOnly0007', { account, permissions: { checkout_sessions: 'read' } });
      const reader = client(standIn, 'rk_test_readOnly0007');
      expect((await reader.checkout.sessions.retrieve(created.id)).status).toBe('complete');
      expect((await refusal(reader.checkout.sessions.create(sessionParams()))).message).toMatch(
        /'rak_checkout_session_write' permission/,
      );
    });

    it('answers the account of a key that may read it; a live key makes live objects', async () => {
      const read = await stripe.accounts.retrieveCurrent();
      expect(read).toMatchObject({ id: account, object: 'account', charges_enabled: true });
      expect(read.settings?.dashboard.display_name).toBe('Salon Weber');

      standIn.addKey('rk_live_liveKey0008');
      const live = await client(standIn, 'rk_live_liveKey0008').checkout.sessions.create(sessionParams());
      expect(live).toMatchObject({ livemode: true });
      expect(live.id).toMatch(/^cs_live_/);
    });
  });

  describe.runIf(run)('outages', () => {
    it('answers injected 500s without running them, so a retry with the same key runs', async () => {
      const before = standIn.sessions().length;
      standIn.failNext(1, 500);
      const err = await refusal(stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'outage-1' }));
      expect(err).toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
      expect(standIn.sessions()).toHaveLength(before);
      const retried = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'outage-1' });
      expect(retried.lastResponse.headers['idempotent-replayed']).toBeUndefined();
      expect(standIn.sessions()).toHaveLength(before + 1);
    });

    it('drops connections while down', async () => {
      standIn.down(true);
      const err = await refusal(stripe.checkout.sessions.list({ limit: 1 }));
      expect(err.type).toBe('StripeConnectionError');
      expect(standIn.requests().at(-1)).toMatchObject({ path: '/v1/checkout/sessions', status: 0 });
      standIn.down(false);
      await stripe.checkout.sessions.list({ limit: 1 });
    });
  });

  describe.runIf(run)('the hosted payment page', () => {
    it('shows the amount, pays with a 303 to success_url, and offers a way back', async () => {
      const created = await stripe.checkout.sessions.create(
        sessionParams({ payment_intent_data: { setup_future_usage: 'off_session' } }, 4_250),
      );
      const page = await fetch(created.url as string);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain('€42.50');
      expect(text).toContain('Haircut');
      expect(text).toContain('href="https://book.example/cancelled">Back</a>');
      expect(text).toMatch(/future payments/);

      const pay = await fetch(created.url as string, { method: 'POST', redirect: 'manual' });
      expect(pay.status).toBe(303);
      expect(pay.headers.get('location')).toBe(`https://book.example/return?session=${created.id}`);
      const read = await stripe.checkout.sessions.retrieve(created.id);
      expect(read).toMatchObject({ status: 'complete', payment_status: 'paid' });
      expect(read.customer).toMatch(/^cus_/);
      // A second press lands on the success page again and pays nothing more.
      const again = await fetch(`${standIn.url}/pay/${created.id}`, { method: 'POST', redirect: 'manual' });
      expect(again.status).toBe(303);
      expect(standIn.paymentIntents().filter((pi) => pi.id === read.payment_intent)).toHaveLength(1);
    });

    it('cannot be paid once expired', async () => {
      const created = await stripe.checkout.sessions.create(sessionParams());
      await stripe.checkout.sessions.expire(created.id);
      const pay = await fetch(`${standIn.url}/pay/${created.id}`, { method: 'POST', redirect: 'manual' });
      expect(pay.status).toBe(410);
      expect(await pay.text()).toContain('expired');
      expect((await stripe.checkout.sessions.retrieve(created.id)).status).toBe('expired');
    });
  });
});

describe.runIf(mockAvailable)('stripe-mock', () => {
  let mock: StripeMockServer;
  beforeAll(async () => {
    mock = await startStripeMock();
  });
  afterAll(() => mock?.stop());

  it('answers a valid request from its fixtures and refuses an unknown parameter with Stripe’s 400', async () => {
    const headers = { authorization: 'Bearer sk_test_123', 'content-type': 'application/x-www-form-urlencoded' };
    const ok = await fetch(`${mock.url}/v1/refunds`, {
      method: 'POST',
      headers,
      body: 'payment_intent=pi_1&amount=100',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ object: 'refund' });
    const bad = await fetch(`${mock.url}/v1/refunds`, {
      method: 'POST',
      headers,
      body: 'payment_intent=pi_1&amount=abc',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('is the stand-in’s check: a refused request never reaches the stand-in’s state', async () => {
    const standIn = await startStripeStandIn({ validateWith: mock.url });
    try {
      standIn.addKey(KEY);
      const stripe = client(standIn);
      const err = await refusal(stripe.refunds.create({ payment_intent: 'pi_1', amount: 'abc' as unknown as number }));
      expect(err.statusCode).toBe(400);
      expect(standIn.rejections()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/v1/refunds',
          status: 400,
          error: expect.objectContaining({ type: 'invalid_request_error' }),
        }),
      ]);
      expect(standIn.refunds()).toEqual([]);
      // A key stripe-mock would not take (live) is checked as a test key: only the request's shape counts.
      standIn.addKey('sk_live_liveValidated0009');
      await client(standIn, 'sk_live_liveValidated0009').checkout.sessions.list({ limit: 1 });
      expect(standIn.rejections()).toHaveLength(1);
    } finally {
      await standIn.close();
    }
  });

  it('stops, and its port no longer answers', async () => {
    const second = await startStripeMock();
    await second.stop();
    await second.stop();
    await expect(fetch(`${second.url}/v1/account`)).rejects.toThrow();
  });
});
