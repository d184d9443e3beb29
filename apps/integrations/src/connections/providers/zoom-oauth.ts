/**
 * Zoom's OAuth 2.0 for a user-level app (docs/decisions.md "Integrations", "Zoom"): the shared
 * client (oauth-client.ts: code + PKCE S256 + state, refresh a minute before expiry) against
 * `https://zoom.us/oauth/authorize` and `https://zoom.us/oauth/token`, the client authenticated
 * with HTTP Basic as Zoom's token endpoint asks. No `scope` is sent: a Zoom app's scopes are set
 * in its Marketplace configuration (creating, updating, deleting and listing the user's
 * meetings, reading the user). Zoom rotates refresh tokens: every refresh answers a new one and
 * the old one stops working, so the new one is stored before the access token is used.
 */
import { OAuthClient, type OAuthAppSettings, type OAuthTokens } from './oauth-client.js';

export type ZoomOAuthSettings = OAuthAppSettings;

export type ZoomTokens = OAuthTokens;

export class ZoomOAuth extends OAuthClient {
  constructor(settings: ZoomOAuthSettings) {
    super({ ...settings, name: 'Zoom', scopes: [], clientAuthentication: 'client_secret_basic' });
  }
}
