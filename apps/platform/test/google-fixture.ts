import type Provider from 'oidc-provider';
import { GOOGLE_SCOPES } from '@svc/integrations';
import { startGoogleCalendarStandIn, type GoogleCalendarStandIn } from '@svc/testing';
import { startLocalOAuthProvider } from './oauth-provider-fixture.js';

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
  const local = await startLocalOAuthProvider({
    callbackUrl,
    client: { client_id: GOOGLE_CLIENT_ID, client_secret: GOOGLE_CLIENT_SECRET },
    config: { scopes: [...GOOGLE_SCOPES, 'offline_access'], issueRefreshToken: async () => true },
    accessTokenTtlS: opts.accessTokenTtlS,
  });
  const { provider, issuer } = local;
  const calendar = await startGoogleCalendarStandIn({ verifyToken: local.issued });
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
      await local.close();
    },
  };
}
