import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@svc/telemetry';
import { authorizeAtProvider, freePort, json } from '@svc/testing';
import { csrfToken } from '@svc/crypto';
import { buildGateway } from '../src/index.js';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

/**
 * The whole Google login against a real OpenID provider (oidc-provider on loopback, its
 * development login screens), the real catalog service and the gateway over HTTP.
 */
const SECRET = 's'.repeat(40);
const CLIENT_ID = 'gateway-test';
const CLIENT_SECRET = 'gateway-test-client-secret-0123456789';
const SESSION_COOKIE = '__Host-service_session';
const OAUTH_COOKIE = '__Host-service_oauth';

/** Accounts of the test provider: the login name picks the claims. */
const ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  owner: { email: 'Owner@Example.TEST', email_verified: true, name: 'Olga Owner' },
  picky: { email: 'picky@example.test', email_verified: true, name: 'Pia Picky' },
  nobody: { email: 'nobody@example.test', email_verified: true, name: 'Ned Nobody' },
  unverified: { email: 'unverified@example.test', email_verified: false, name: 'Uma Unverified' },
};

let providerServer: Server;
let h: GatewayHarness;
let base: string;
let tenantA: { tenantId: string; slug: string; name: string };

beforeAll(async () => {
  const providerPort = await freePort();
  const issuer = `http://127.0.0.1:${providerPort}`;
  const gatewayPort = await freePort();
  base = `http://127.0.0.1:${gatewayPort}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${base}/auth/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    // Like Google: the email claims are in the ID token itself.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...(ACCOUNTS[id] ?? { email: `${id}@example.test`, email_verified: true }) }),
    }),
  });
  providerServer = createServer(provider.callback());
  await new Promise<void>((resolve) => providerServer.listen(providerPort, '127.0.0.1', resolve));

  h = await startGatewayWithCatalog({
    port: gatewayPort,
    config: {
      SESSION_SECRET: SECRET,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      DASHBOARD_ORIGIN: base,
    },
  });

  tenantA = await createTenant('login-a', 'Login A');
  const owner = await h.identity.findOrCreateUserByEmail('owner@example.test');
  await h.identity.addMembership(owner.userId, tenantA.tenantId, 'tenant_owner');
  const unverified = await h.identity.findOrCreateUserByEmail('unverified@example.test');
  await h.identity.addMembership(unverified.userId, tenantA.tenantId, 'tenant_owner');
});

afterAll(async () => {
  await h?.stop();
  await new Promise((resolve) => providerServer?.close(resolve));
});

async function createTenant(slug: string, name: string) {
  const tenant = await h.createTenant(slug, { name });
  return { tenantId: tenant.tenantId, slug: tenant.slug, name: tenant.name };
}

/** The value of one cookie in a response's Set-Cookie headers, and the header itself. */
function setCookie(res: Response, name: string): { value: string; header: string } | undefined {
  const header = res.headers.getSetCookie().find((h) => h.startsWith(`${name}=`));
  return header ? { value: header.slice(name.length + 1).split(';')[0] ?? '', header } : undefined;
}

interface StartedLogin {
  /** The provider's redirect back to the gateway (code, state, iss). */
  callbackUrl: URL;
  /** The gateway's `__Host-service_oauth` cookie value. */
  oauthCookie: string;
  /** The authorization request the gateway sent the browser to. */
  authorizeUrl: URL;
  startResponse: Response;
}

/**
 * Drives a browser through start → provider login (dev interaction) → consent (authorizeAtProvider)
 * and stops at the redirect back to the gateway's callback.
 */
async function loginAtProvider(account: string, returnTo = '/'): Promise<StartedLogin> {
  const startResponse = await fetch(`${base}/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`, {
    redirect: 'manual',
  });
  expect(startResponse.status).toBe(302);
  const oauth = setCookie(startResponse, OAUTH_COOKIE);
  if (!oauth) throw new Error('no oauth cookie');
  const authorizeUrl = new URL(startResponse.headers.get('location') ?? '');
  const callbackUrl = await authorizeAtProvider(authorizeUrl, account, `${base}/`);
  return { callbackUrl, oauthCookie: oauth.value, authorizeUrl, startResponse };
}

const callback = (login: StartedLogin, url: URL = login.callbackUrl, oauthCookie = login.oauthCookie) =>
  fetch(url, { redirect: 'manual', headers: { cookie: `${OAUTH_COOKIE}=${oauthCookie}` } });

const attemptDoc = async (state: string) => h.identityStore.collection('oauth_attempts').findOne({ state });

describe('Google login against a real OpenID provider', () => {
  it('logs in: start → provider → callback → session cookie → GET /api/session', async () => {
    const login = await loginAtProvider('owner', '/bookings?view=week');

    // The authorization request: code flow, PKCE S256, state, nonce, the three scopes.
    const q = login.authorizeUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${base}/auth/google/callback`);
    expect(q.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    const oauthHeader = setCookie(login.startResponse, OAUTH_COOKIE)?.header ?? '';
    expect(oauthHeader).toMatch(/; HttpOnly; Secure; SameSite=Lax; Path=\/; Max-Age=600$/);
    expect(oauthHeader).not.toMatch(/domain=/i);
    // The verifier and nonce stay on the server; the cookie only names the record.
    const record = await attemptDoc(q.get('state') ?? '');
    expect(record).toMatchObject({ nonce: q.get('nonce'), returnTo: '/bookings?view=week' });
    expect(JSON.stringify(record)).not.toContain(login.oauthCookie);

    const res = await callback(login);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/bookings?view=week');
    const session = setCookie(res, SESSION_COOKIE);
    expect(session?.header).toBe(
      `${SESSION_COOKIE}=${session?.value}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=2592000`,
    );
    expect(setCookie(res, OAUTH_COOKIE)?.header).toMatch(/Max-Age=0/);
    expect(await attemptDoc(q.get('state') ?? '')).toBeNull(); // used up

    const me = await fetch(`${base}/api/session`, { headers: { cookie: `${SESSION_COOKIE}=${session?.value}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const data = (await json(me)).data;
    expect(data).toMatchObject({
      user: { email: 'owner@example.test', name: 'Olga Owner' },
      tenant: { tenantId: tenantA.tenantId, slug: 'login-a', name: 'Login A' },
      role: 'tenant_owner',
      memberships: [{ tenantId: tenantA.tenantId, slug: 'login-a', name: 'Login A', role: 'tenant_owner' }],
    });
    const token = session?.value ?? '';
    const row = await h.identityStore.collection('sessions').findOne({ userId: data.user.userId });
    expect(row).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(data.csrfToken).toBe(csrfToken(SECRET, String(row?._id), String(row?.tokenHash)));
    expect(data.expiresAtMs).toBe(row?.expiresAtMs);
    expect(Math.abs(data.expiresAtMs - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
  });

  it('refuses a callback whose state differs, or that comes without the login cookie', async () => {
    const login = await loginAtProvider('owner');
    const forged = new URL(login.callbackUrl);
    forged.searchParams.set('state', 'not-the-state');
    const res = await callback(login, forged);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('OAUTH_STATE_INVALID');
    expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
    expect(setCookie(res, OAUTH_COOKIE)?.header).toMatch(/Max-Age=0/); // the pending login is over

    const other = await loginAtProvider('owner');
    const bare = await fetch(other.callbackUrl, { redirect: 'manual' });
    expect((await json(bare)).error.code).toBe('OAUTH_STATE_INVALID');
    const unknown = await callback(other, other.callbackUrl, 'A'.repeat(43));
    expect((await json(unknown)).error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('refuses an ID token whose nonce is not the one this login sent', async () => {
    const login = await loginAtProvider('owner');
    const state = login.callbackUrl.searchParams.get('state') ?? '';
    const record = await attemptDoc(state);
    expect(
      await h.identityStore.collection('oauth_attempts').updateOne({ _id: String(record?._id) }, { nonce: 'another-nonce' }),
    ).toBe(1);
    const res = await callback(login);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('OAUTH_TOKEN_EXCHANGE_FAILED');
    expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a replayed callback, and a replayed code even with its login record restored', async () => {
    const login = await loginAtProvider('owner');
    const state = login.callbackUrl.searchParams.get('state') ?? '';
    const record = await attemptDoc(state);
    const first = await callback(login);
    expect(first.status).toBe(302);
    const sessionsBefore = await h.identityStore.collection('sessions').count({});

    const replay = await callback(login);
    expect(replay.status).toBe(403);
    expect((await json(replay)).error.code).toBe('OAUTH_STATE_INVALID');

    // Even with the one-use record put back, the provider does not honour a code twice.
    if (!record) throw new Error('no record');
    await h.identityStore.collection('oauth_attempts').insertOne({ ...record, expiresAtMs: Date.now() + 60_000 });
    const reused = await callback(login);
    expect(reused.status).toBe(403);
    expect((await json(reused)).error.code).toBe('OAUTH_TOKEN_EXCHANGE_FAILED');
    expect(await h.identityStore.collection('sessions').count({})).toBe(sessionsBefore);
  });

  it('refuses an email the provider has not verified', async () => {
    const res = await callback(await loginAtProvider('unverified'));
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('OAUTH_TOKEN_EXCHANGE_FAILED');
    expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('creates the user but no session when the account belongs to no workspace', async () => {
    const res = await callback(await loginAtProvider('nobody'));
    expect(res.status).toBe(403);
    const body = await json(res);
    expect(body.error.code).toBe('FORBIDDEN');
    expect(body.error.message).toMatch(/not a member of any workspace/);
    expect(setCookie(res, SESSION_COOKIE)).toBeUndefined();
    const user = await h.identity.findUserByEmail('nobody@example.test');
    expect(user?.name).toBe('Ned Nobody');
    expect(await h.identityStore.collection('sessions').count({ userId: user?.userId ?? '' })).toBe(0);
  });

  it('starts the session in the oldest active workspace', async () => {
    const suspended = await createTenant('login-suspended', 'Suspended first');
    const active = await createTenant('login-active', 'Active second');
    await h.downstream.catalog.updateTenant({
      tenantId: suspended.tenantId,
      status: 'suspended',
    });
    const picky = await h.identity.findOrCreateUserByEmail('picky@example.test');
    await h.identity.addMembership(picky.userId, suspended.tenantId, 'tenant_owner');
    await h.identity.addMembership(picky.userId, active.tenantId, 'tenant_staff');
    const res = await callback(await loginAtProvider('picky'));
    expect(res.status).toBe(302);
    const token = setCookie(res, SESSION_COOKIE)?.value ?? '';
    expect((await h.identity.findSessionByToken(token))?.tenantId).toBe(active.tenantId);
  });

  it('sends an unsafe returnTo home instead', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await fetch(`${base}/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`, {
        redirect: 'manual',
      });
      const state = new URL(res.headers.get('location') ?? '').searchParams.get('state') ?? '';
      expect((await attemptDoc(state))?.returnTo).toBe('/');
    }
  });

  it('lists the login and session routes in /openapi.json', async () => {
    const doc = await json(await fetch(`${base}/openapi.json`));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/google/start',
        '/auth/google/callback',
        '/api/session',
        '/api/session/workspace',
        '/api/session/logout',
      ]),
    );
  });
});

describe('without Google credentials', () => {
  it('answers CONFIG_MISSING 500 on /auth/google/start', async () => {
    const attemptsBefore = await h.identityStore.collection('oauth_attempts').count({});
    const bare = await buildGateway({
      logger: createLogger('gateway-test', 'silent'),
      downstream: h.downstream,
      // The same settings without client id and secret.
      settings: { ...h.settings, oidc: { issuer: h.settings.oidc.issuer, redirectUri: h.settings.oidc.redirectUri } },
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    try {
      const addr = bare.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/auth/google/start?returnTo=/x`, { redirect: 'manual' });
      expect(res.status).toBe(500);
      expect((await json(res)).error).toMatchObject({
        code: 'CONFIG_MISSING',
        message: 'Google login is not configured',
      });
      // Checked before anything is stored or any cookie set.
      expect(res.headers.getSetCookie()).toEqual([]);
      // Pending logins are the identity service's records.
      expect(await h.identityStore.collection('oauth_attempts').count({})).toBe(attemptsBefore);
    } finally {
      await bare.close();
    }
  });
});
