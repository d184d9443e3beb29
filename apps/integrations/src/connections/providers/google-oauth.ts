/**
 * Google's OAuth 2.0 for the Calendar (docs/decisions.md "Integrations"): the shared client
 * (oauth-client.ts: code + PKCE S256 + state, refresh a minute before expiry) with Google's
 * settings: the scope limited to calendar events, `access_type=offline&prompt=consent` for a
 * refresh token at every connect, the client authenticated with HTTP Basic. The endpoints are
 * configuration (defaults Google's), so tests run the flow against a local OAuth provider.
 */
import { OAuthClient, type OAuthAppSettings, type OAuthTokens } from './oauth-client.js';

export { newOAuthState, newPkceVerifier, pkceChallenge, TokenExchangeError } from './oauth-client.js';

/**
 * `calendar.events` alone: it reads events (busy times come from events.list) and writes the
 * bookings' events. `calendar.freebusy` is no longer asked (docs/decisions.md "Integrations");
 * grants made with it keep working.
 */
export const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/calendar.events'];

export type GoogleOAuthSettings = OAuthAppSettings;

export type GoogleTokens = OAuthTokens;

export class GoogleOAuth extends OAuthClient {
  constructor(settings: GoogleOAuthSettings) {
    super({
      ...settings,
      name: 'Google',
      scopes: GOOGLE_SCOPES,
      // A refresh token every time the staff member connects.
      authorizeParams: { access_type: 'offline', prompt: 'consent' },
      clientAuthentication: 'client_secret_basic',
    });
  }
}
