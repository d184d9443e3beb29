import type Provider from 'oidc-provider';
import { MICROSOFT_SCOPES } from '@svc/integrations';
import { startMicrosoftGraphStandIn, type MicrosoftGraphStandIn } from '@svc/testing';
import { startLocalOAuthProvider } from './oauth-provider-fixture.js';

export const MICROSOFT_CLIENT_ID = 'integrations-microsoft-test';
const MICROSOFT_CLIENT_SECRET = 'integrations-microsoft-test-client-secret-0123456789';
/** The tenant the platform is configured with (MICROSOFT_TENANT): one organisation's, not `common`. */
export const MICROSOFT_TENANT = 'contoso.onmicrosoft.com';

export interface LocalMicrosoft {
  /** The identity platform (oidc-provider, as the login tests use): its grants and tokens. */
  provider: Provider;
  /** Microsoft Graph's contract stand-in, which takes the provider's access tokens. */
  graph: MicrosoftGraphStandIn;
  /** The identity platform's base (what MICROSOFT_AUTHORITY_URL names). */
  authority: string;
  /** The platform's MICROSOFT_* settings pointing at both. */
  settings: {
    MICROSOFT_CLIENT_ID: string;
    MICROSOFT_CLIENT_SECRET: string;
    MICROSOFT_TENANT: string;
    MICROSOFT_AUTHORITY_URL: string;
    MICROSOFT_GRAPH_API_URL: string;
  };
  close(): Promise<void>;
}

/**
 * Microsoft's identity platform played by a real local OAuth provider at the v2 endpoints'
 * paths (`/{tenant}/oauth2/v2.0/authorize` and `/token`), with PKCE required and the client
 * allowed only `client_secret_post` (a secret in a Basic header is refused, as an app
 * registration's secret is sent in the form), and Graph by its stand-in.
 */
export async function startLocalMicrosoft(
  callbackUrl: string,
  opts: { accessTokenTtlS?: number } = {},
): Promise<LocalMicrosoft> {
  const v2 = `/${MICROSOFT_TENANT}/oauth2/v2.0`;
  const local = await startLocalOAuthProvider({
    callbackUrl,
    client: {
      client_id: MICROSOFT_CLIENT_ID,
      client_secret: MICROSOFT_CLIENT_SECRET,
      token_endpoint_auth_method: 'client_secret_post',
    },
    config: {
      routes: { authorization: `${v2}/authorize`, token: `${v2}/token` },
      scopes: [...MICROSOFT_SCOPES],
      // A refresh token only for a grant that asked for offline access, as Microsoft's.
      issueRefreshToken: async (_ctx, _client, code) => code.scopes.has('offline_access'),
    },
    accessTokenTtlS: opts.accessTokenTtlS,
    serve: (provider) => {
      // Microsoft issues a refresh token to any grant with offline_access; oidc-provider only when
      // the request also says prompt=consent, so the fixture adds that to such requests.
      provider.use(async (ctx, next) => {
        if (ctx.path === `${v2}/authorize`) {
          const query = new URLSearchParams(ctx.querystring);
          if (query.get('scope')?.split(' ').includes('offline_access') && !query.has('prompt')) {
            query.set('prompt', 'consent');
            ctx.querystring = query.toString();
          }
        }
        await next();
      });
      return provider.callback();
    },
  });
  const { provider, issuer: authority } = local;
  const graph = await startMicrosoftGraphStandIn({
    verifyToken: local.issued,
    timeZone: 'Europe/Berlin',
    user: { mail: 'weber@contoso.test', displayName: 'Dr. Weber' },
  });
  return {
    provider,
    graph,
    authority,
    settings: {
      MICROSOFT_CLIENT_ID,
      MICROSOFT_CLIENT_SECRET,
      MICROSOFT_TENANT,
      MICROSOFT_AUTHORITY_URL: authority,
      MICROSOFT_GRAPH_API_URL: graph.url,
    },
    async close() {
      await graph.close();
      await local.close();
    },
  };
}
