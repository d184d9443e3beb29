// The payment RPCs over real gRPC with the SQLite store, the official Stripe SDK calling a
// minimal local HTTP double of Stripe's API (what it answers is set per test; every request is
// recorded): the key checked by its prefix and by one call, sealed at rest and never answered;
// checkout sessions, refunds and off-session charges sent as Stripe's API takes them; Stripe's
// refusals and outages in our error codes, never with the key (docs/decisions.md "Payments").

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { InProcessEventBus } from '@svc/events';
import { connectService, type IntegrationClient, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { UrlPolicy } from '@svc/url-policy';
import { COLLECTIONS, type PaymentAccountDoc } from '../src/store/records.js';
import { startTestIntegrations } from './integrations-host-fixture.js';

const RESTRICTED_KEY = 'rk_test_51PaymentsDoubleRestricted0123456789';
const LIVE_KEY = 'sk_live_51PaymentsDoubleStandard0123456789';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

type Answer = { status: number; body: unknown };
type Route = (req: Seen) => Answer | undefined;

const stripeError = (status: number, type: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message: `Invalid API Key provided: ${RESTRICTED_KEY.slice(0, 8)}****`, ...extra } },
});

const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  status: 'open',
  payment_status: 'unpaid',
  url: 'https://checkout.stripe.com/c/pay/cs_test_1',
  amount_total: 2500,
  currency: 'eur',
  payment_intent: null,
  customer: null,
  ...over,
});

describe('payment RPCs against a Stripe double', () => {
  let server: Server;
  let stripeUrl: string;
  let store: DocumentStore;
  let host: RunningGrpcHost;
  let client: IntegrationClient;
  const secrets = new SecretBox('p'.repeat(40));
  const seen: Seen[] = [];
  const accounts = () => store.collection<PaymentAccountDoc>(COLLECTIONS.paymentAccounts);
  /** What the double answers; the first route that answers wins, else 404. */
  let routes: Route[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://double');
        const request: Seen = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          form: new URLSearchParams(body),
          headers: req.headers,
        };
        seen.push(request);
        const answer = routes.map((r) => r(request)).find((a) => a !== undefined) ?? {
          status: 404,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such thing' } },
        };
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_double' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Below a path prefix, as a stand-in mounted beside others would be.
    stripeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripe`;
    store = await openSqliteStore({ file: ':memory:' });
    ({ host, client } = await startTestIntegrations('payments-test', {
      store,
      bus: new InProcessEventBus(),
      secrets,
      sync: { firstRetryMs: 100, pollMs: 200 },
      google: null,
      urlPolicy: new UrlPolicy({ allowLoopback: true, allowlist: [] }),
      catalog: connectService(catalogV1.CatalogServiceService, '127.0.0.1:1'),
      stripeApiUrl: stripeUrl,
    }));
  });

  afterAll(async () => {
    await host?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  beforeEach(() => {
    seen.length = 0;
    routes = [];
  });

  /** The double accepts `key` for listing sessions; the account reads as `account` (403: not allowed). */
  const acceptKey = (key: string, account: Answer) => {
    routes.push((r) => {
      if (r.headers.authorization !== `Bearer ${key}`) return stripeError(401, 'invalid_request_error');
      if (r.method === 'GET' && r.path === '/stripe/v1/checkout/sessions') {
        return { status: 200, body: { object: 'list', data: [], has_more: false, url: '/v1/checkout/sessions' } };
      }
      if (r.method === 'GET' && r.path === '/stripe/v1/account') return account;
      return undefined;
    });
  };
  const restrictedAccount = stripeError(403, 'invalid_request_error');

  async function connected(tenantId: string, key = RESTRICTED_KEY) {
    acceptKey(key, restrictedAccount);
    await client.connectPaymentAccount({ tenantId, secretKey: key });
    seen.length = 0;
  }

  it('refuses a key without a Stripe secret key prefix before any call to Stripe', async () => {
    for (const secretKey of [
      '',
      'pk_test_123',
      'whsec_123',
      'sk_test_',
      'rk_test_has space',
      `sk_live_${'a'.repeat(300)}`,
    ]) {
      await expect(client.connectPaymentAccount({ tenantId: 'ten_a', secretKey })).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'secretKey' }],
      });
    }
    expect(seen).toEqual([]);
  });

  it('refuses a key Stripe refuses, in words that never repeat it, and stores nothing', async () => {
    acceptKey('rk_test_someOtherKey', restrictedAccount);
    const refused = client.connectPaymentAccount({ tenantId: 'ten_a', secretKey: RESTRICTED_KEY });
    await expect(refused).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'secretKey', message: expect.stringContaining('refused') }],
    });
    const err = await refused.catch((e: unknown) => e);
    expect(JSON.stringify(err) + String(err)).not.toContain(RESTRICTED_KEY);
    // One call: the list a restricted key with the Checkout permission may make. No retry of a 401.
    expect(seen.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual(['GET /stripe/v1/checkout/sessions?limit=1']);
    expect(await client.getPaymentAccount({ tenantId: 'ten_a' })).toEqual({});
  });

  it('says when a restricted key lacks the Checkout permission', async () => {
    routes.push(() => stripeError(403, 'invalid_request_error'));
    await expect(client.connectPaymentAccount({ tenantId: 'ten_a', secretKey: RESTRICTED_KEY })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'secretKey', message: expect.stringContaining('Checkout Sessions permission') }],
    });
  });

  it('connects a restricted key that may not read the account: its mode, no name, the key sealed', async () => {
    acceptKey(RESTRICTED_KEY, restrictedAccount);
    const before = Date.now();
    const { account } = await client.connectPaymentAccount({ tenantId: 'ten_r', secretKey: RESTRICTED_KEY });
    expect(account).toMatchObject({ provider: 'stripe', account: '', mode: 'test' });
    expect(account!.connectedAtMs).toBeGreaterThanOrEqual(before);
    expect(seen.map((r) => r.headers.authorization)).toEqual([`Bearer ${RESTRICTED_KEY}`, `Bearer ${RESTRICTED_KEY}`]);
    expect(seen.map((r) => r.path)).toEqual(['/stripe/v1/checkout/sessions', '/stripe/v1/account']);
    expect(await client.getPaymentAccount({ tenantId: 'ten_r' })).toEqual({ account });
    // At rest only sealed, and sealed for this tenant.
    const raw = await accounts().find({});
    expect(JSON.stringify(raw)).not.toContain(RESTRICTED_KEY);
    const doc = raw.find((d) => d._id === 'ten_r')!;
    expect(secrets.open(doc.sealedKey, 'payment_account:ten_r')).toBe(RESTRICTED_KEY);
    expect(() => secrets.open(doc.sealedKey, 'payment_account:ten_other')).toThrow();
  });

  it('names the account when the key may read it; a new key replaces the old one', async () => {
    acceptKey(LIVE_KEY, {
      status: 200,
      body: { id: 'acct_1Weber', object: 'account', settings: { dashboard: { display_name: 'Praxis Weber' } } },
    });
    const { account } = await client.connectPaymentAccount({ tenantId: 'ten_r', secretKey: LIVE_KEY });
    expect(account).toMatchObject({ provider: 'stripe', account: 'Praxis Weber (acct_1Weber)', mode: 'live' });
    const raw = await accounts().find({ _id: 'ten_r' });
    expect(raw).toHaveLength(1);
    expect(secrets.open(raw[0]!.sealedKey, 'payment_account:ten_r')).toBe(LIVE_KEY);
    // The calls go out with the new key.
    seen.length = 0;
    routes.unshift((r) =>
      r.path === '/stripe/v1/checkout/sessions/cs_test_1' ? { status: 200, body: session() } : undefined,
    );
    await client.getCheckout({ tenantId: 'ten_r', sessionId: 'cs_test_1' });
    expect(seen.map((r) => r.headers.authorization)).toEqual([`Bearer ${LIVE_KEY}`]);
  });

  it('answers PROVIDER_ACTION_FAILED when Stripe cannot be reached at connect', async () => {
    const { client: offline, host: offlineHost } = await startTestIntegrations('payments-offline', {
      store: await openSqliteStore({ file: ':memory:' }),
      bus: new InProcessEventBus(),
      secrets,
      sync: { firstRetryMs: 100, pollMs: 200 },
      google: null,
      urlPolicy: new UrlPolicy({ allowLoopback: true, allowlist: [] }),
      catalog: connectService(catalogV1.CatalogServiceService, '127.0.0.1:1'),
      // Nothing listens there.
      stripeApiUrl: 'http://127.0.0.1:1',
    });
    try {
      const failed = offline.connectPaymentAccount({ tenantId: 'ten_a', secretKey: RESTRICTED_KEY });
      await expect(failed).rejects.toMatchObject({
        code: 'PROVIDER_ACTION_FAILED',
        message: expect.stringContaining('could not be reached'),
      });
      expect(String(await failed.catch((e: unknown) => e))).not.toContain(RESTRICTED_KEY);
      expect(await offline.getPaymentAccount({ tenantId: 'ten_a' })).toEqual({});
    } finally {
      await offlineHost.stop();
    }
  });

  it('answers PROVIDER_NOT_CONNECTED for every money call without an account', async () => {
    const tenantId = 'ten_none';
    const calls = [
      client.createCheckout({
        tenantId,
        bookingId: 'bkg_1',
        amount: 100,
        currency: 'EUR',
        description: 'Haircut',
        successUrl: 'https://book.example/return?session={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://book.example/cancel',
        saveCard: false,
        idempotencyKey: 'idem_1',
      }),
      client.getCheckout({ tenantId, sessionId: 'cs_1' }),
      client.expireCheckout({ tenantId, sessionId: 'cs_1' }),
      client.refundPayment({ tenantId, paymentIntentId: 'pi_1', amount: 100, idempotencyKey: 'idem_2' }),
      client.chargeSavedCard({
        tenantId,
        customerRef: 'cus_1',
        paymentMethodId: 'pm_1',
        amount: 100,
        currency: 'EUR',
        description: 'No-show fee',
        idempotencyKey: 'idem_3',
      }),
    ];
    for (const c of calls) await expect(c).rejects.toMatchObject({ code: 'PROVIDER_NOT_CONNECTED' });
    expect(seen).toEqual([]);
  });

  it('creates a Checkout Session as the design says, with the idempotency key', async () => {
    await connected('ten_c');
    routes.unshift((r) =>
      r.method === 'POST' && r.path === '/stripe/v1/checkout/sessions' ? { status: 200, body: session() } : undefined,
    );
    const base = {
      tenantId: 'ten_c',
      bookingId: 'bkg_42',
      amount: 2500,
      currency: 'EUR',
      description: 'Massage, 60 min',
      successUrl: 'https://book.example/pay/return?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://book.example/pay/cancel',
      saveCard: false,
      idempotencyKey: 'checkout:bkg_42',
    };
    const { checkout } = await client.createCheckout(base);
    expect(checkout).toEqual({
      sessionId: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 2500,
      currency: 'EUR',
      paymentIntentId: '',
      customerRef: '',
      paymentMethodId: '',
    });
    const [sent] = seen;
    expect(sent!.headers['idempotency-key']).toBe('checkout:bkg_42');
    expect(Object.fromEntries(sent!.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Massage, 60 min',
      client_reference_id: 'bkg_42',
      'metadata[booking_id]': 'bkg_42',
      success_url: base.successUrl,
      cancel_url: base.cancelUrl,
      // Always a customer the erase can delete, never a guest (docs/decisions.md "Privacy").
      customer_creation: 'always',
    });

    // A card saved for a no-show charge, no email of the customer, a zero-decimal currency sent as is.
    seen.length = 0;
    await client.createCheckout({
      ...base,
      amount: 5000,
      currency: 'JPY',
      saveCard: true,
      idempotencyKey: 'checkout:bkg_43',
    });
    expect(Object.fromEntries(seen[0]!.form)).toMatchObject({
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '5000',
      customer_creation: 'always',
      'payment_intent_data[setup_future_usage]': 'off_session',
    });
    expect(seen[0]!.form.has('customer_email')).toBe(false);
    expect(seen[0]!.form.has('expires_at')).toBe(false);
  });

  it('refuses a checkout it cannot send, naming the fields', async () => {
    await connected('ten_c');
    await expect(
      client.createCheckout({
        tenantId: 'ten_c',
        bookingId: '',
        amount: 0,
        currency: 'eur',
        description: '',
        successUrl: 'javascript:alert(1)',
        cancelUrl: '',
        saveCard: false,
        idempotencyKey: '',
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'bookingId' },
        { path: 'amount' },
        { path: 'currency' },
        { path: 'description' },
        { path: 'successUrl' },
        { path: 'cancelUrl' },
        { path: 'idempotencyKey' },
      ],
    });
    expect(seen).toEqual([]);
  });

  it('reads a paid session with a saved card: its payment intent, customer and payment method', async () => {
    await connected('ten_c');
    routes.unshift((r) => {
      if (r.path === '/stripe/v1/checkout/sessions/cs_paid') {
        return {
          status: 200,
          body: session({
            id: 'cs_paid',
            status: 'complete',
            payment_status: 'paid',
            payment_intent: 'pi_7',
            customer: 'cus_7',
          }),
        };
      }
      if (r.path === '/stripe/v1/payment_intents/pi_7') {
        return {
          status: 200,
          body: { id: 'pi_7', object: 'payment_intent', status: 'succeeded', payment_method: 'pm_7' },
        };
      }
      return undefined;
    });
    const { checkout } = await client.getCheckout({ tenantId: 'ten_c', sessionId: 'cs_paid' });
    expect(checkout).toMatchObject({
      sessionId: 'cs_paid',
      url: '',
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: 'pi_7',
      customerRef: 'cus_7',
      paymentMethodId: 'pm_7',
    });
  });

  it('expires an open session and answers a complete one as it is', async () => {
    await connected('ten_c');
    let status = 'open';
    routes.unshift((r) => {
      if (r.method === 'GET' && r.path === '/stripe/v1/checkout/sessions/cs_test_1') {
        return { status: 200, body: session({ status }) };
      }
      if (r.method === 'POST' && r.path === '/stripe/v1/checkout/sessions/cs_test_1/expire') {
        status = 'expired';
        return { status: 200, body: session({ status }) };
      }
      return undefined;
    });
    expect((await client.expireCheckout({ tenantId: 'ten_c', sessionId: 'cs_test_1' })).checkout).toMatchObject({
      status: 'expired',
      url: '',
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /stripe/v1/checkout/sessions/cs_test_1',
      'POST /stripe/v1/checkout/sessions/cs_test_1/expire',
    ]);
    seen.length = 0;
    status = 'complete';
    expect((await client.expireCheckout({ tenantId: 'ten_c', sessionId: 'cs_test_1' })).checkout).toMatchObject({
      status: 'complete',
    });
    expect(seen.map((r) => r.method)).toEqual(['GET']);
  });

  it('a session paid while it was being expired is answered paid', async () => {
    await connected('ten_c');
    let reads = 0;
    routes.unshift((r) => {
      if (r.method === 'GET' && r.path === '/stripe/v1/checkout/sessions/cs_race') {
        reads += 1;
        return {
          status: 200,
          body: session({
            id: 'cs_race',
            ...(reads > 1 ? { status: 'complete', payment_status: 'paid', payment_intent: 'pi_r' } : {}),
          }),
        };
      }
      if (r.method === 'POST' && r.path === '/stripe/v1/checkout/sessions/cs_race/expire') {
        return stripeError(400, 'invalid_request_error', { code: 'checkout_session_not_open' });
      }
      return undefined;
    });
    expect((await client.expireCheckout({ tenantId: 'ten_c', sessionId: 'cs_race' })).checkout).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: 'pi_r',
    });
  });

  it('refunds an amount of a payment intent with the idempotency key', async () => {
    await connected('ten_c');
    routes.unshift((r) =>
      r.method === 'POST' && r.path === '/stripe/v1/refunds'
        ? { status: 200, body: { id: 're_1', object: 'refund', status: 'succeeded', amount: 1250, currency: 'eur' } }
        : undefined,
    );
    const { refund } = await client.refundPayment({
      tenantId: 'ten_c',
      paymentIntentId: 'pi_7',
      amount: 1250,
      idempotencyKey: 'refund:bkg_42:1',
    });
    expect(refund).toEqual({ id: 're_1', status: 'succeeded', amount: 1250, currency: 'EUR' });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ payment_intent: 'pi_7', amount: '1250' });
    expect(seen[0]!.headers['idempotency-key']).toBe('refund:bkg_42:1');
  });

  it('charges a saved card off session; a declined card is a failed movement, not an error', async () => {
    await connected('ten_c');
    let decline = false;
    routes.unshift((r) => {
      if (r.method !== 'POST' || r.path !== '/stripe/v1/payment_intents') return undefined;
      if (decline) {
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
              payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' },
            },
          },
        };
      }
      return {
        status: 200,
        body: { id: 'pi_fee', object: 'payment_intent', status: 'succeeded', amount: 1500, currency: 'eur' },
      };
    });
    const charge = {
      tenantId: 'ten_c',
      customerRef: 'cus_7',
      paymentMethodId: 'pm_7',
      amount: 1500,
      currency: 'EUR',
      description: 'No-show fee',
      idempotencyKey: 'noshow:bkg_42',
    };
    expect((await client.chargeSavedCard(charge)).charge).toEqual({
      id: 'pi_fee',
      status: 'succeeded',
      amount: 1500,
      currency: 'EUR',
    });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({
      amount: '1500',
      currency: 'eur',
      customer: 'cus_7',
      payment_method: 'pm_7',
      off_session: 'true',
      confirm: 'true',
      description: 'No-show fee',
    });
    expect(seen[0]!.headers['idempotency-key']).toBe('noshow:bkg_42');
    decline = true;
    expect((await client.chargeSavedCard({ ...charge, idempotencyKey: 'noshow:bkg_43' })).charge).toEqual({
      id: 'pi_declined',
      status: 'failed',
      amount: 1500,
      currency: 'EUR',
    });
  });

  it('answers PROVIDER_ACTION_FAILED when Stripe fails (retried once) or refuses, without the key', async () => {
    await connected('ten_c');
    routes.unshift((r) =>
      r.path === '/stripe/v1/refunds'
        ? { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } }
        : r.path === '/stripe/v1/checkout/sessions/cs_gone'
          ? {
              status: 404,
              body: {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  param: 'session',
                  message: `No such session; key ${RESTRICTED_KEY}`,
                },
              },
            }
          : undefined,
    );
    const failed = client.refundPayment({
      tenantId: 'ten_c',
      paymentIntentId: 'pi_7',
      amount: 100,
      idempotencyKey: 'r:1',
    });
    await expect(failed).rejects.toMatchObject({
      code: 'PROVIDER_ACTION_FAILED',
      message: expect.stringContaining('500'),
    });
    // One retry, with the same idempotency key: Stripe does the refund at most once.
    expect(seen.map((r) => r.headers['idempotency-key'])).toEqual(['r:1', 'r:1']);

    const missing = client.getCheckout({ tenantId: 'ten_c', sessionId: 'cs_gone' });
    await expect(missing).rejects.toMatchObject({
      code: 'PROVIDER_ACTION_FAILED',
      message: expect.stringContaining('resource_missing'),
    });
    // Stripe's own words are not passed on (they may quote the key or a customer's email).
    expect(String(await missing.catch((e: unknown) => e))).not.toContain(RESTRICTED_KEY);

    // A key revoked since it was connected.
    routes.unshift(() => stripeError(401, 'invalid_request_error'));
    await expect(client.getCheckout({ tenantId: 'ten_c', sessionId: 'cs_test_1' })).rejects.toMatchObject({
      code: 'PROVIDER_ACTION_FAILED',
      message: expect.stringContaining('refused the connected key'),
    });
  });

  it('disconnects: the account and its sealed key are gone, money calls are PROVIDER_NOT_CONNECTED', async () => {
    await connected('ten_d');
    expect(await accounts().find({ _id: 'ten_d' })).toHaveLength(1);
    expect(await client.disconnectPaymentAccount({ tenantId: 'ten_d' })).toEqual({});
    expect(await accounts().find({ _id: 'ten_d' })).toEqual([]);
    expect(await client.getPaymentAccount({ tenantId: 'ten_d' })).toEqual({});
    await expect(client.getCheckout({ tenantId: 'ten_d', sessionId: 'cs_test_1' })).rejects.toMatchObject({
      code: 'PROVIDER_NOT_CONNECTED',
    });
    // Again: nothing to forget, nothing changes.
    expect(await client.disconnectPaymentAccount({ tenantId: 'ten_d' })).toEqual({});
    // Another tenant's account is its own.
    await connected('ten_e');
    await client.disconnectPaymentAccount({ tenantId: 'ten_d' });
    expect((await client.getPaymentAccount({ tenantId: 'ten_e' })).account).toBeDefined();
  });
});
