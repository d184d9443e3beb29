import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { GOOGLE_SCOPES } from '@svc/integrations';
import { freePort, startGoogleCalendarStandIn, type GoogleCalendarStandIn } from '@svc/testing';

export const GOOGLE_CLIENT_ID = 'integrations-test';
const GOOGLE_CLIENT_SECRET = 'integrations-test-client-secret-0123456789';

export interface LocalGoogle {
  /** The OAuth provider (oidc-provider, as the login tests use): its grants and tokens. */
  provider: Provider;
  /** The Calendar API's contract stand-in, which takes the provider's access tokens. */
  calendar: GoogleCalendarStandIn;
  /** The platform's GOOGLE_* settings pointing at both. */
  settings: {
    GOOGLE_CLIENT_ID: string;
    GOOGLE_CLIENT_SECRET: string;
    GOOGLE_AUTHORIZATION_URL: string;
    GOOGLE_TOKEN_URL: string;
    GOOGLE_CALENDAR_API_URL: string;
  };
  close(): Promise<void>;
}

/**
 * Google's OAuth (code + PKCE + state, refresh tokens) played by a real local OAuth provider,
 * and the Calendar API by its stand-in, for a platform whose callback is `callbackUrl`.
 * `accessTokenTtlS` below the service's one-minute refresh margin makes every Calendar call
 * refresh its token first.
 */
export async function startLocalGoogle(
  callbackUrl: string,
  opts: { accessTokenTtlS?: number } = {},
): Promise<LocalGoogle> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: GOOGLE_CLIENT_ID,
        client_secret: GOOGLE_CLIENT_SECRET,
        redirect_uris: [callbackUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    scopes: [...GOOGLE_SCOPES, 'offline_access'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    issueRefreshToken: async () => true,
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
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
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const calendar = await startGoogleCalendarStandIn({
    verifyToken: async (token) => (await provider.AccessToken.find(token)) !== undefined,
  });
  return {
    provider,
    calendar,
    settings: {
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_AUTHORIZATION_URL: `${issuer}/auth`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_CALENDAR_API_URL: calendar.url,
    },
    async close() {
      await calendar.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
