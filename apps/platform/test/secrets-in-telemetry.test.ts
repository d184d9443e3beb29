// No credential reaches a log line or a span (docs/operations.md "Logs"): the embedded platform
// runs as its own process at LOG_LEVEL=trace, exporting its spans to a real OTLP/HTTP receiver,
// while a customer uses the manage link (view, page, calendar file, reschedule, cancel, a path
// no route matches), a staff member connects Google Calendar and Microsoft 365 (the OAuth round
// trips against local providers: the callbacks' codes and states, Graph's access token), the
// workspace's Stripe key is connected (and a refused one tried) against the Stripe stand-in, an
// operator's one-time sign-in link is used (and refused the second time), the first start's setup
// link is opened, a partner calls /v1
// with an API key, and a webhook is signed and delivered. Then everything the process printed and everything it
// exported is searched for each secret value it handled.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime, storeConfigFor } from '@svc/config';
import { IdentityStore } from '@svc/identity';
import { openStore, type DocumentStore } from '@svc/store';
import {
  authorizeAtProvider,
  eventually,
  freePort,
  json,
  runApp,
  startOtlpReceiver,
  startStripeStandIn,
  startWebhookReceiver,
  type AppProcess,
  type OtlpReceiver,
  type StripeStandIn,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { book, dashboard, sessions } from './dashboard-fixture.js';
import { startLocalGoogle, type LocalGoogle } from './google-fixture.js';
import { startLocalMicrosoft, type LocalMicrosoft } from './microsoft-fixture.js';

const dataDir = mkdtempSync(join(tmpdir(), 'platform-secrets-'));
let otlp: OtlpReceiver;
let hooks: WebhookReceiver;
let google: LocalGoogle;
let microsoft: LocalMicrosoft;
let stripe: StripeStandIn;
/** The workspace's Stripe keys: one the stand-in knows, one it refuses (docs/decisions.md "Payments"). */
const STRIPE_KEY = 'rk_test_51SecretsInTelemetryStripeKey0001';
const REFUSED_STRIPE_KEY = 'rk_test_51SecretsInTelemetryRefused00002';
let platform: AppProcess | undefined;
let identityStore: DocumentStore | undefined;
let base = '';
let callbackPrefix = '';
let microsoftCallback = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  callbackPrefix = `${base}/api/integrations/google/callback`;
  microsoftCallback = `${base}/api/integrations/microsoft/callback`;
  [otlp, hooks, google, microsoft, stripe] = await Promise.all([
    startOtlpReceiver(),
    startWebhookReceiver(),
    startLocalGoogle(callbackPrefix),
    startLocalMicrosoft(microsoftCallback),
    startStripeStandIn(),
  ]);
  stripe.addKey(STRIPE_KEY, {
    permissions: { checkout_sessions: 'write', payment_intents: 'write', refunds: 'write' },
  });
  platform = runApp('platform', {
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'trace',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
    OTEL_BSP_SCHEDULE_DELAY: '100',
    ...google.settings,
    ...microsoft.settings,
    STRIPE_API_URL: stripe.url,
  });
  await platform.waitFor('is running at', 60_000);
  identityStore = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: dataDir }));
}, 90_000);

afterAll(async () => {
  await identityStore?.close();
  platform?.kill('SIGKILL');
  await platform?.exited;
  await Promise.all([otlp?.close(), hooks?.close(), google?.close(), microsoft?.close(), stripe?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('secrets in logs and spans', () => {
  it('no token, code, state, key, signing secret, cookie or CSRF token is logged at trace level or exported', async () => {
    const runtime = readPlatformRuntime(dataDir)!;
    // The setup link of a platform with no workspace yet (docs/decisions.md "First start"), opened once.
    const setupToken = /\/setup\?token=([A-Za-z0-9_-]{43})/.exec(platform!.output())?.[1] ?? '';
    expect((await fetch(`${base}/setup?token=${setupToken}`)).status).toBe(200);
    const { tenantId, staffId } = await seedTenant(runtime.services.catalog!, 'secrets');
    const session = await sessions(identityStore!, base)(tenantId, 'tenant_owner');
    const api = dashboard(base, session);
    const secrets: Record<string, string> = {
      'session cookie': session.cookie.slice(session.cookie.indexOf('=') + 1),
      'CSRF token': session.csrf,
    };

    // A webhook subscription: its signing secret signs the deliveries below.
    const subscribed = await json(await api('POST', '/api/webhook-subscriptions', { url: hooks.url('s') }));
    secrets['webhook signing secret'] = subscribed.data.signingSecret;
    hooks.setSecret('s', subscribed.data.signingSecret);

    // The manage flow of one booking.
    const created = await book(base, 'secrets', berlinTime(2, 10));
    const token = created.manageToken;
    secrets['manage token'] = token;
    secrets['manage token signature'] = token.slice(token.lastIndexOf('.') + 1);
    const manage = `${base}/booking/manage/${token}`;
    expect((await fetch(manage)).status).toBe(200);
    expect((await fetch(manage, { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await fetch(`${manage}/ics`)).status).toBe(200);
    expect((await fetch(`${manage}?from=email`)).status).toBe(200);
    expect((await fetch(`${manage}/no-such-action`)).status).toBe(404);
    const post = (path: string, body: unknown) =>
      fetch(`${manage}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('reschedule', { startsAtMs: berlinTime(2, 11) })).status).toBe(200);
    expect((await post('cancel', { reason: 'plans changed' })).status).toBe(200);

    // A Google connect: Google's redirect back carries the code and the state.
    const connect = await json(await api('POST', '/api/integrations/google/connect', { staffId }));
    const callbackUrl = await authorizeAtProvider(new URL(connect.data.authorizationUrl), 'staff-1', callbackPrefix);
    secrets['OAuth code'] = callbackUrl.searchParams.get('code')!;
    secrets['OAuth state'] = callbackUrl.searchParams.get('state')!;
    const connected = await fetch(callbackUrl, { headers: { cookie: session.cookie }, redirect: 'manual' });
    expect(connected.status).toBe(201);

    // A Microsoft 365 connect: the same, and the connect reads Graph with the new access token.
    const startMicrosoft = await json(await api('POST', '/api/integrations/microsoft/connect', { staffId }));
    const microsoftBack = await authorizeAtProvider(
      new URL(startMicrosoft.data.authorizationUrl),
      'staff-2',
      microsoftCallback,
    );
    secrets['Microsoft OAuth code'] = microsoftBack.searchParams.get('code')!;
    secrets['Microsoft OAuth state'] = microsoftBack.searchParams.get('state')!;
    const connectedMicrosoft = await fetch(microsoftBack, { headers: { cookie: session.cookie }, redirect: 'manual' });
    expect(connectedMicrosoft.status).toBe(201);
    secrets['Microsoft Graph access token'] = microsoft.graph.tokensSeen()[0]!;

    // The workspace's Stripe account: a key Stripe refuses, then one it takes.
    secrets['refused Stripe key'] = REFUSED_STRIPE_KEY;
    secrets['Stripe key'] = STRIPE_KEY;
    expect((await api('PUT', '/api/payments/account', { secretKey: REFUSED_STRIPE_KEY })).status).toBe(400);
    expect((await api('PUT', '/api/payments/account', { secretKey: STRIPE_KEY })).status).toBe(200);

    // A partner API call with an API key.
    const key = await json(await api('POST', '/api/api-keys', { name: 'crm', scopes: ['booking:read'] }));
    secrets['API key'] = key.data.secret;
    const partner = await fetch(`${base}/v1/bookings`, {
      headers: { authorization: `Bearer ${key.data.secret}`, 'x-service-tenant-id': tenantId },
    });
    expect(partner.status).toBe(200);

    // A one-time sign-in link, used twice (the second refused), and the session it opened.
    const identity = new IdentityStore(identityStore!);
    const linked = await identity.findOrCreateUserByEmail('link@secrets.test');
    await identity.addMembership(linked.userId, tenantId, 'tenant_owner');
    const link = await identity.createSignInLink(linked.userId, tenantId);
    secrets['sign-in link token'] = link.token;
    const signedIn = await fetch(`${base}/auth/link?token=${link.token}`, { redirect: 'manual' });
    expect(signedIn.status).toBe(302);
    secrets['session cookie from a sign-in link'] = /=([^;]+)/.exec(signedIn.headers.get('set-cookie')!)![1]!;
    expect((await fetch(`${base}/auth/link?token=${link.token}`, { redirect: 'manual' })).status).toBe(401);

    // The webhooks of the booking's three events went out, signed.
    await eventually('the webhooks', async () => (hooks.received('s').length >= 3 ? true : undefined), 30_000);
    for (const [what, value] of Object.entries(secrets)) expect(value.length, what).toBeGreaterThanOrEqual(20);

    // SIGTERM flushes every span on the way out.
    const stopped = platform!;
    platform = undefined;
    stopped.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);
    const logs = stopped.output();
    const spans = otlp.raw();

    const found = Object.entries(secrets)
      .filter(([, value]) => logs.includes(value) || spans.includes(value))
      .map(
        ([what, value]) => `${what} in ${logs.includes(value) ? 'logs' : ''} ${spans.includes(value) ? 'spans' : ''}`,
      );
    expect(found).toEqual([]);
    // The setup token is in the one start-up line that hands it over, in no log line and no span.
    expect(logs.split(setupToken).length - 1).toBe(1);
    expect(logs.split('\n').filter((line) => line.includes(setupToken))[0]).toMatch(/^  set up your workspace/);
    expect(spans.includes(setupToken)).toBe(false);
    // The logs and spans are there (LOG_LEVEL=trace lets every line through; nothing logs below
    // info yet) and name the manage routes by their template.
    expect(logs).toContain('/booking/manage/:token/reschedule');
    expect(logs).toContain('/api/integrations/google/callback');
    expect(logs).toContain('/api/integrations/microsoft/callback');
    expect(logs).toContain('/auth/link');
    expect(logs).toContain('/booking/manage/:redacted/no-such-action');
    const names = otlp.spans().map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /booking/manage/:token',
        'POST /booking/manage/:token/cancel',
        'GET /api/integrations/google/callback',
        'PUT /api/payments/account',
        'GET /v1/bookings',
        'webhook.deliver',
      ]),
    );
    const manageSpan = otlp.spans().find((s) => s.name === 'GET /booking/manage/:token/ics');
    expect(manageSpan?.attributes['url.path']).toBe('/booking/manage/:token/ics');

    console.info(
      `secrets: ${Object.keys(secrets).length} values searched in ${logs.split('\n').length} log lines ` +
        `and ${otlp.spans().length} spans (${otlp.requests()} exports): none found`,
    );
  }, 120_000);
});
