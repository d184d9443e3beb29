/**
 * Google's OAuth 2.0 for the Calendar (docs/decisions.md "Integrations"): authorization code
 * with PKCE (S256) and state, scopes limited to calendar events and free/busy, offline access
 * for a refresh token. The endpoints are configuration (defaults Google's), so tests run the
 * flow against a local OAuth provider. Tokens are refreshed a minute before they expire.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readCappedJson } from './capped-body.js';
import { ProviderAuthError, ProviderUnavailableError } from './provider.js';

export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.freebusy',
];

export interface GoogleOAuthSettings {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  timeoutMs: number;
  /** The most the token endpoint's answer may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
}

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string;
  expiresAtMs: number;
}

/** The token endpoint did not give tokens for the code (OAUTH_TOKEN_EXCHANGE_FAILED). */
export class TokenExchangeError extends Error {
  override readonly name = 'TokenExchangeError';
}

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;

export const newPkceVerifier = (): string => randomBytes(32).toString('base64url');
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
export const newOAuthState = (): string => randomBytes(32).toString('base64url');

export class GoogleOAuth {
  constructor(private readonly settings: GoogleOAuthSettings) {}

  authorizationUrl(state: string, verifier: string, redirectUri: string): string {
    const url = new URL(this.settings.authorizationUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: redirectUri,
      scope: GOOGLE_SCOPES.join(' '),
      state,
      code_challenge: pkceChallenge(verifier),
      code_challenge_method: 'S256',
      // A refresh token every time the staff member connects.
      access_type: 'offline',
      prompt: 'consent',
    }).toString();
    return url.href;
  }

  /** Tokens for an authorization code; TokenExchangeError when the endpoint refuses or fails. */
  async exchange(code: string, verifier: string, redirectUri: string, nowMs: number): Promise<GoogleTokens> {
    let body: TokenResponse;
    try {
      body = await this.post({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      });
    } catch (err) {
      throw new TokenExchangeError(err instanceof Error ? err.message : String(err));
    }
    if (!body.refresh_token) throw new TokenExchangeError('the token endpoint gave no refresh token');
    return tokensOf(body, body.refresh_token, nowMs);
  }

  /** The tokens, refreshed when they expire within a minute; a refused refresh is ProviderAuthError. */
  async fresh(tokens: GoogleTokens, nowMs: number): Promise<GoogleTokens> {
    if (tokens.expiresAtMs - REFRESH_MARGIN_MS > nowMs) return tokens;
    let body: TokenResponse;
    try {
      body = await this.post({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    } catch (err) {
      if (err instanceof RefusedError) throw new ProviderAuthError(`the refresh token was refused (${err.message})`);
      throw new ProviderUnavailableError(`token refresh failed: ${(err as Error).message}`);
    }
    return tokensOf(body, body.refresh_token ?? tokens.refreshToken, nowMs);
  }

  private async post(form: Record<string, string>): Promise<TokenResponse> {
    const { clientId, clientSecret } = this.settings;
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    const res = await fetch(this.settings.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    const body = (await readCappedJson(res, this.settings.maxResponseBytes)) as TokenResponse & { error?: string };
    // RFC 6749 5.2: invalid_grant and friends are 400 (401 for a refused client).
    if (res.status === 400 || res.status === 401) throw new RefusedError(body.error ?? `status ${res.status}`);
    if (!res.ok) throw new Error(`the token endpoint answered ${res.status}`);
    if (typeof body.access_token !== 'string' || body.access_token === '') throw new Error('no access token');
    return body;
  }
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

class RefusedError extends Error {}

function tokensOf(body: TokenResponse, refreshToken: string, nowMs: number): GoogleTokens {
  const expiresInS = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return { accessToken: body.access_token, refreshToken, expiresAtMs: nowMs + expiresInS * 1000 };
}
