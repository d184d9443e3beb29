// The workspace's Stripe account through the platform as a process (`node apps/platform/dist/main.js`,
// real HTTP through the gateway), the integrations service calling the Stripe stand-in
// (libs/testing stripe-standin.ts; checked against stripe-mock when it is installed): a key Stripe
// refuses or of the wrong shape is VALIDATION_ERROR at body.secretKey, a good key connects and is
// never answered, the account reads back, a disconnect forgets it, Stripe down is
// PROVIDER_ACTION_FAILED, and no key reaches a response, the store in clear, or a log line
// (docs/decisions.md "Payments").

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import {
  json,
  startStripeMock,
  startStripeStandIn,
  serverGate,
  stripeMockMissing,
  type AppProcess,
  type StripeMockServer,
  type StripeStandIn,
} from '@svc/testing';
import { seedTenant } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess, type PlatformStores } from './dashboard-fixture.js';

/** A restricted key with what the platform needs, and no permission to read the account. */
const RESTRICTED_KEY = 'rk_test_51PlatformTestRestricted9Qx7Lm';
/** A standard secret key (it may read the account and its name). */
const LIVE_KEY = 'sk_live_51PlatformTestStandard4Hq2Wz';
/** A key Stripe does not know. */
const UNKNOWN_KEY = 'rk_test_51PlatformTestUnknown0000000';
/** A restricted key without the Checkout Sessions permission. */
const NO_CHECKOUT_KEY = 'rk_test_51PlatformTestRefundsOnly77';
const KEYS = [RESTRICTED_KEY, LIVE_KEY, UNKNOWN_KEY, NO_CHECKOUT_KEY];

describe.runIf(serverGate('stripe-mock', stripeMockMissing()))(
  'the Stripe account through the platform process',
  () => {
    let stripeMock: StripeMockServer | null = null;
    let stripe: StripeStandIn;
    let proc: AppProcess;
    let base: string;
    let dataDir: string;
    let stores: PlatformStores;
    let platform: Awaited<ReturnType<typeof platformProcess>>;
    let accountId: string;

    beforeAll(async () => {
      // Every request the service sends is proved valid against Stripe's own specification where stripe-mock is installed.
      // Every request checked by stripe-mock (a missing one fails the suite under CI: serverGate).
      stripeMock = await startStripeMock();
      stripe = await startStripeStandIn({ validateWith: stripeMock.url });
      stripe.addKey(RESTRICTED_KEY, {
        permissions: { checkout_sessions: 'write', payment_intents: 'write', refunds: 'write' },
      });
      accountId = stripe.addKey(LIVE_KEY, { displayName: 'Praxis Weber' });
      stripe.addKey(NO_CHECKOUT_KEY, { permissions: { refunds: 'write' } });
      platform = await platformProcess('payments-account', {
        // Everything the services log, so the secrets test below sees as much as possible.
        LOG_LEVEL: 'debug',
        STRIPE_API_URL: stripe.url,
        PROVIDER_TIMEOUT_MS: '3000',
      });
      ({ proc, base, dataDir, stores } = platform);
    }, 120_000);

    afterAll(async () => {
      await platform?.stop();
      await stripe?.close();
      await stripeMock?.stop();
    });

    async function tenant(slug: string, role: 'tenant_owner' | 'tenant_staff' = 'tenant_owner') {
      const runtime = readPlatformRuntime(dataDir);
      const seeded = await seedTenant(runtime!.services.catalog!, slug);
      return { ...seeded, api: dashboard(base, await stores.session(seeded.tenantId, role)) };
    }

    const put = (api: ReturnType<typeof dashboard>, secretKey: string) =>
      api('PUT', '/api/payments/account', { secretKey });

    it('refuses a key of the wrong shape or one Stripe refuses at body.secretKey; nothing is connected', async () => {
      const { api } = await tenant('pay-refused');
      expect(await json(await api('GET', '/api/payments/account'))).toMatchObject({
        ok: true,
        data: { account: null },
      });

      const before = stripe.requests().length;
      expect(await errorOf(await put(api, 'pk_test_51NotASecretKey'))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.secretKey', message: expect.stringContaining('Stripe secret key') }],
      });
      // Refused before any call to Stripe.
      expect(stripe.requests().length).toBe(before);

      const refused = await put(api, UNKNOWN_KEY);
      const text = await refused.clone().text();
      expect(await errorOf(refused)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.secretKey', message: expect.stringContaining('refused') }],
      });
      expect(text).not.toContain(UNKNOWN_KEY);
      expect(await errorOf(await put(api, NO_CHECKOUT_KEY))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.secretKey', message: expect.stringContaining('Checkout Sessions permission') }],
      });
      expect((await json(await api('GET', '/api/payments/account'))).data).toEqual({ account: null });
    });

    it('connects a restricted key, answers the account without the key, and reads it back', async () => {
      const { api } = await tenant('pay-weber');
      const res = await put(api, RESTRICTED_KEY);
      const text = await res.clone().text();
      const connected = await json(res);
      expect(res.status, text).toBe(200);
      expect(connected.data.account).toEqual({
        provider: 'stripe',
        // The restricted key may not read the account: no name, its mode says which it is.
        account: '',
        mode: 'test',
        connectedAtMs: expect.any(Number),
      });
      expect(text).not.toContain(RESTRICTED_KEY);
      // Checked by one call to Stripe with the key (the account read a restricted key may not make is ignored).
      const made = stripe.requests().filter((r) => r.account !== null && r.path === '/v1/checkout/sessions');
      expect(made.at(-1)).toMatchObject({ method: 'GET', status: 200, params: { limit: '1' } });

      const read = await api('GET', '/api/payments/account');
      expect((await json(read.clone())).data).toEqual(connected.data);
      expect(await read.text()).not.toContain(RESTRICTED_KEY);

      // A standard key that may read the account names it; it replaces the restricted one.
      const live = await json(await put(api, LIVE_KEY));
      expect(live.data.account).toMatchObject({ account: `Praxis Weber (${accountId})`, mode: 'live' });
      expect((await json(await api('GET', '/api/payments/account'))).data.account.mode).toBe('live');
    });

    it('lets only an owner or admin connect or disconnect', async () => {
      const staff = await tenant('pay-staff', 'tenant_staff');
      expect((await errorOf(await put(staff.api, RESTRICTED_KEY))).code).toBe('FORBIDDEN');
      expect((await errorOf(await staff.api('DELETE', '/api/payments/account'))).code).toBe('FORBIDDEN');
      // Reading is open to every role.
      expect((await json(await staff.api('GET', '/api/payments/account'))).data).toEqual({ account: null });
    });

    it('disconnects: the account and its sealed key are gone', async () => {
      const { api, tenantId } = await tenant('pay-leaving');
      expect((await put(api, RESTRICTED_KEY)).status).toBe(200);
      const stored = await stores.raw('integrations', 'payment_accounts');
      expect(stored.some((d) => d._id === tenantId)).toBe(true);
      // Sealed at rest: never in clear text.
      expect(JSON.stringify(stored)).not.toContain(RESTRICTED_KEY);

      const gone = await api('DELETE', '/api/payments/account');
      expect(gone.status).toBe(200);
      expect((await json(gone)).data).toEqual({ account: null });
      expect((await json(await api('GET', '/api/payments/account'))).data).toEqual({ account: null });
      expect((await stores.raw('integrations', 'payment_accounts')).some((d) => d._id === tenantId)).toBe(false);
      // Again: nothing to forget.
      expect((await api('DELETE', '/api/payments/account')).status).toBe(200);
    });

    it('answers PROVIDER_ACTION_FAILED (502) when Stripe cannot be reached, and stores nothing', async () => {
      const { api } = await tenant('pay-outage');
      stripe.down(true);
      try {
        const failed = await put(api, RESTRICTED_KEY);
        const text = await failed.clone().text();
        expect(await errorOf(failed)).toMatchObject({ status: 502, code: 'PROVIDER_ACTION_FAILED' });
        expect(text).not.toContain(RESTRICTED_KEY);
      } finally {
        stripe.down(false);
      }
      expect((await json(await api('GET', '/api/payments/account'))).data).toEqual({ account: null });
    });

    it('sent Stripe only requests its specification allows', () => {
      expect(stripe.rejections()).toEqual([]);
    });

    it('never writes a key to a log line', () => {
      const logs = proc.output();
      expect(logs.length).toBeGreaterThan(0);
      for (const key of KEYS) expect(logs).not.toContain(key);
    });
  },
);
