import type Provider from 'oidc-provider';
import { startZoomStandIn, type ZoomStandIn } from '@svc/testing';
import { startLocalOAuthProvider } from './oauth-provider-fixture.js';

export const ZOOM_CLIENT_ID = 'zoom-integrations-test';
const ZOOM_CLIENT_SECRET = 'zoom-integrations-test-client-secret-0123456789';

export interface LocalZoom {
  /** Zoom's authorization server played by a real local OAuth provider (oidc-provider). */
  provider: Provider;
  /** The Zoom API's contract stand-in, which takes the provider's access tokens. */
  api: ZoomStandIn;
  /** The Zoom user behind an account the test logs in as (`staff-…`). */
  userOf(account: string): { id: string; email: string };
  /** The platform's ZOOM_* settings pointing at both. */
  settings: {
    ZOOM_CLIENT_ID: string;
    ZOOM_CLIENT_SECRET: string;
    ZOOM_AUTHORIZATION_URL: string;
    ZOOM_TOKEN_URL: string;
    ZOOM_API_URL: string;
  };
  close(): Promise<void>;
}

const userOf = (account: string) => ({ id: `zu-${account}`, email: `${account}@zoom.test` });

/** The scopes the test's Zoom app is configured with (Zoom grants them; the request names none). */
const APP_SCOPES = ['meeting:write:meeting', 'meeting:update:meeting', 'meeting:delete:meeting', 'user:read:user'];
/** Zoom's authorize endpoint as the fixture serves it, in front of the provider's own. */
const AUTHORIZE_PATH = '/oauth/authorize';

/**
 * Zoom's OAuth as a user-level app sees it (authorization code with PKCE and state, the client
 * authenticated with HTTP Basic at the token endpoint, refresh tokens that ROTATE: every refresh
 * answers a new one and the old one is refused from then on, a reuse revoking the grant) played
 * by oidc-provider, and the Zoom API by its stand-in, for a platform whose callback is
 * `callbackUrl`. `accessTokenTtlS` below the service's one-minute margin makes every API call
 * refresh first.
 */
export async function startLocalZoom(callbackUrl: string, opts: { accessTokenTtlS?: number } = {}): Promise<LocalZoom> {
  const local = await startLocalOAuthProvider({
    callbackUrl,
    client: {
      client_id: ZOOM_CLIENT_ID,
      client_secret: ZOOM_CLIENT_SECRET,
      token_endpoint_auth_method: 'client_secret_basic',
    },
    config: { scopes: APP_SCOPES, issueRefreshToken: async () => true, rotateRefreshToken: true },
    accessTokenTtlS: opts.accessTokenTtlS,
    // Zoom asks no `scope` of the client: it grants the app's configured ones. oidc-provider grants
    // only what is requested, so Zoom's authorize endpoint here adds them and hands over to the
    // provider's, which checks everything else (client, redirect URI, PKCE, state).
    serve: (provider, issuer) => {
      const handle = provider.callback();
      return (req, res) => {
        const url = new URL(req.url ?? '/', issuer);
        if (url.pathname !== AUTHORIZE_PATH) return handle(req, res);
        if (url.searchParams.has('scope')) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('the test Zoom app takes no scope parameter');
          return;
        }
        url.pathname = '/auth';
        url.searchParams.set('scope', APP_SCOPES.join(' '));
        res.writeHead(302, { location: url.href }).end();
      };
    },
  });
  const { provider, issuer } = local;
  const api = await startZoomStandIn({
    verifyToken: async (token) => {
      const found = await provider.AccessToken.find(token);
      return found?.accountId ? userOf(found.accountId) : null;
    },
  });
  return {
    provider,
    api,
    userOf,
    settings: {
      ZOOM_CLIENT_ID,
      ZOOM_CLIENT_SECRET,
      ZOOM_AUTHORIZATION_URL: `${issuer}${AUTHORIZE_PATH}`,
      ZOOM_TOKEN_URL: `${issuer}/token`,
      ZOOM_API_URL: api.url,
    },
    async close() {
      await api.close();
      await local.close();
    },
  };
}
