/**
 * Microsoft's identity platform (v2 endpoints) for Microsoft 365 calendars (docs/decisions.md
 * "Integrations"): the shared client (oauth-client.ts: code + PKCE S256 + state, refresh a
 * minute before expiry) with Microsoft's settings. The endpoints are
 * `{authority}/{tenant}/oauth2/v2.0/authorize` and `…/token`, the tenant `common` by default
 * (work, school and personal accounts) or one organisation's; the client secret goes in the
 * form body (client_secret_post, as Microsoft's token endpoint documents it) and the token
 * requests repeat the scopes, as its reference shows them.
 */
import { OAuthClient } from './oauth-client.js';

/**
 * `offline_access` for a refresh token; `Calendars.ReadWrite` to read the calendars' events
 * (busy times) and write the bookings'; `User.Read` for the account's own address (GET /me),
 * which names the connection. Delegated permissions a user can consent to without an admin.
 */
export const MICROSOFT_SCOPES = ['offline_access', 'Calendars.ReadWrite', 'User.Read'];

export interface MicrosoftOAuthSettings {
  clientId: string;
  clientSecret: string;
  /** `https://login.microsoftonline.com` (or a national cloud's, or a test's). */
  authorityUrl: string;
  /** `common`, `organizations`, `consumers`, or a tenant id or domain. */
  tenant: string;
  timeoutMs: number;
  /** The most the token endpoint's answer may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
}

/** The v2 authorize and token endpoints of an authority and tenant. */
export function microsoftEndpoints(
  authorityUrl: string,
  tenant: string,
): { authorizationUrl: string; tokenUrl: string } {
  const base = `${authorityUrl.replace(/\/+$/, '')}/${encodeURIComponent(tenant)}/oauth2/v2.0`;
  return { authorizationUrl: `${base}/authorize`, tokenUrl: `${base}/token` };
}

export class MicrosoftOAuth extends OAuthClient {
  constructor(settings: MicrosoftOAuthSettings) {
    super({
      name: 'Microsoft',
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      ...microsoftEndpoints(settings.authorityUrl, settings.tenant),
      scopes: MICROSOFT_SCOPES,
      // The code in the redirect's query (the default for code, said so the callback route can rely on it).
      authorizeParams: { response_mode: 'query' },
      clientAuthentication: 'client_secret_post',
      scopesInTokenRequests: true,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
    });
  }
}
