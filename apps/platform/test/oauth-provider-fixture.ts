import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { join } from 'node:path';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';
import { expect } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { authorizeAtProvider, freePort, json } from '@svc/testing';
import type { PlatformConfig } from '../src/index.js';
import { platformStores, type dashboard, type DashboardSession, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

export interface LocalOAuthProvider {
  /** The provider (oidc-provider, as the login tests use): its grants and tokens. */
  provider: Provider;
  /** Its base URL (`http://127.0.0.1:port`). */
  issuer: string;
  /** Whether the provider issued this access token (and it has not expired or been revoked). */
  issued(token: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A real local OAuth provider for one confidential client whose callback is `callbackUrl`:
 * authorization code with PKCE required, refresh tokens, the development login and consent
 * pages (what authorizeAtProvider fills in), every account known. `accessTokenTtlS` below the
 * service's one-minute refresh margin makes every API call refresh its token first. `config`
 * adds the provider's own traits (scopes, when it issues refresh tokens, its paths); `serve`
 * puts the provider's own handler behind one of its own (default: the provider's alone).
 */
export async function startLocalOAuthProvider(opts: {
  callbackUrl: string;
  client: { client_id: string; client_secret: string } & Pick<ClientMetadata, 'token_endpoint_auth_method'>;
  config: Omit<Configuration, 'clients' | 'pkce' | 'features' | 'ttl' | 'findAccount'>;
  accessTokenTtlS?: number | undefined;
  serve?: (provider: Provider, issuer: string) => RequestListener;
}): Promise<LocalOAuthProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...opts.client,
        redirect_uris: [opts.callbackUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    ...opts.config,
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: opts.accessTokenTtlS ?? 600,
      RefreshToken: 3600,
    },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
  });
  const server = createServer(opts.serve ? opts.serve(provider, issuer) : provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    provider,
    issuer,
    issued: async (token) => (await provider.AccessToken.find(token)) !== undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A workspace member's dashboard, as the integration tests connect a staff member from it. */
export interface ConnectingTenant {
  staffId: string;
  session: DashboardSession;
  api: ReturnType<typeof dashboard>;
}

/** The callback as the staff member's browser follows it (the dashboard session's cookie). */
export const followCallback = (t: Pick<ConnectingTenant, 'session'>, url: URL | string) =>
  fetch(url, { headers: { cookie: t.session.cookie }, redirect: 'manual' });

/**
 * POST …/{provider}/connect for the tenant's staff member, then the provider's login (as
 * `account`, `staff-{staffId}` unless told) and consent; answers the provider's redirect back to
 * `callbackPrefix`, not followed yet.
 */
export async function startOAuthConnect(
  t: ConnectingTenant,
  provider: string,
  callbackPrefix: string,
  account = `staff-${t.staffId}`,
) {
  const res = await t.api('POST', `/api/integrations/${provider}/connect`, { staffId: t.staffId });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  const authorizeUrl = new URL(body.data.authorizationUrl);
  const callbackUrl = await authorizeAtProvider(authorizeUrl, account, callbackPrefix);
  return { authorizeUrl, callbackUrl };
}

/** The whole OAuth round trip (startOAuthConnect, then the callback followed): the new connection. */
export async function connectThroughOAuth(
  t: ConnectingTenant,
  provider: string,
  callbackPrefix: string,
  account?: string,
) {
  const { authorizeUrl, callbackUrl } = await startOAuthConnect(t, provider, callbackPrefix, account);
  const res = await followCallback(t, callbackUrl);
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { authorizeUrl, callbackUrl, connection: body.data as { connectionId: string } & Record<string, unknown> };
}

/** A connection's tokens as stored, opened with the key the embedded platform keeps in DATA_DIR. */
export async function storedConnectionTokens(
  platform: { dataDir: string },
  stores: PlatformStores,
  connectionId: string,
) {
  const key = (JSON.parse(readFileSync(join(platform.dataDir, 'secrets.json'), 'utf8')) as Record<string, string>)
    .integrations!;
  const [doc] = (await stores.raw('integrations', 'integration_connections')).filter((d) => d._id === connectionId);
  return {
    sealed: String(doc!.sealedSecret),
    tokens: JSON.parse(new SecretBox(key).open(String(doc!.sealedSecret), connectionId)) as {
      accessToken: string;
      refreshToken: string;
      expiresAtMs: number;
    },
  };
}

/** A local provider (or stand-in) the platform is pointed at by its settings. */
export interface ProviderServer {
  settings: Partial<PlatformConfig>;
  close(): Promise<void>;
}

/**
 * The embedded platform (startTestPlatform) with local providers for its integrations. Its
 * port is picked first, as the providers need the platform's callback URLs: `startProviders`
 * starts them with `callbackOf('google')` and the like, and their settings are handed to the
 * platform before `settings`. close() closes the stores, then the platform (its audit check),
 * then the providers.
 */
export async function startPlatformWithProviders<P extends Record<string, ProviderServer>>(
  startProviders: (callbackOf: (integration: string) => string) => Promise<P>,
  settings: Partial<PlatformConfig> = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const callbackOf = (integration: string) => `${base}/api/integrations/${integration}/callback`;
  const providers = await startProviders(callbackOf);
  const closeProviders = async () => {
    for (const provider of Object.values(providers)) await provider.close();
  };
  let platform: Awaited<ReturnType<typeof startTestPlatform>> | undefined;
  try {
    const providerSettings = Object.values(providers).map((provider) => provider.settings);
    const started = await startTestPlatform(Object.assign({ PORT: port }, ...providerSettings, settings));
    platform = started;
    const stores = await platformStores(started);
    return {
      platform: started,
      stores,
      base,
      callbackOf,
      providers,
      async close() {
        await stores.close();
        await started.cleanup();
        await closeProviders();
      },
    };
  } catch (err) {
    await platform?.cleanup();
    await closeProviders();
    throw err;
  }
}

export type PlatformWithProviders<P extends Record<string, ProviderServer>> = Awaited<
  ReturnType<typeof startPlatformWithProviders<P>>
>;
