/**
 * The OAuth 2.0 client every OAuth provider shares (docs/decisions.md "Integrations"):
 * authorization code with PKCE (S256) and state, the code exchanged for an access and a refresh
 * token, tokens refreshed a minute before they expire. What differs between providers is
 * settings (`OAuthProviderSettings`): the endpoints, the scopes, extra authorize parameters and
 * how the client authenticates at the token endpoint. The endpoints are configuration, so tests
 * run every flow against a local OAuth provider.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readCappedJson } from '../../providers/capped-body.js';
import { ProviderAuthError, ProviderUnavailableError } from '../../providers/provider.js';

/** How the client proves itself at the token endpoint (RFC 6749 2.3.1). */
export type ClientAuthentication = 'client_secret_basic' | 'client_secret_post';

export interface OAuthProviderSettings {
  /** The provider's name in error messages ("Google", "Microsoft"). */
  name: string;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  scopes: readonly string[];
  /** Parameters the provider's authorize endpoint needs besides the standard ones. */
  authorizeParams?: Readonly<Record<string, string>>;
  clientAuthentication: ClientAuthentication;
  /** Whether the token requests repeat the scopes (Microsoft's v2 endpoint documents them there). */
  scopesInTokenRequests?: boolean;
  timeoutMs: number;
  /** The most the token endpoint's answer may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
}

/** What is configured of a provider's app whose endpoints are configuration (Google, Zoom). */
export type OAuthAppSettings = Pick<
  OAuthProviderSettings,
  'clientId' | 'clientSecret' | 'authorizationUrl' | 'tokenUrl' | 'timeoutMs' | 'maxResponseBytes'
>;

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  expiresAtMs: number;
}

/** The token endpoint did not give tokens for the code (OAUTH_TOKEN_EXCHANGE_FAILED). */
export class TokenExchangeError extends Error {
  override readonly name = 'TokenExchangeError';
}

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;

export const newPkceVerifier = (): string => randomBytes(32).toString('base64url');
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
export const newOAuthState = (): string => randomBytes(32).toString('base64url');

export class OAuthClient {
  constructor(readonly settings: OAuthProviderSettings) {}

  authorizationUrl(state: string, verifier: string, redirectUri: string): string {
    const url = new URL(this.settings.authorizationUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: redirectUri,
      // None for a provider whose app configuration holds the scopes (Zoom).
      ...(this.settings.scopes.length > 0 ? { scope: this.settings.scopes.join(' ') } : {}),
      state,
      code_challenge: pkceChallenge(verifier),
      code_challenge_method: 'S256',
      ...this.settings.authorizeParams,
    }).toString();
    return url.href;
  }

  /** Tokens for an authorization code; TokenExchangeError when the endpoint refuses or fails. */
  async exchange(code: string, verifier: string, redirectUri: string, nowMs: number): Promise<OAuthTokens> {
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
    if (!body.refresh_token) throw new TokenExchangeError(`${this.settings.name} gave no refresh token`);
    return tokensOf(body, body.refresh_token, nowMs);
  }

  /**
   * The tokens, refreshed when they expire within a minute (a rotated refresh token replaces the
   * old one); a refused refresh is ProviderAuthError, any other failure ProviderUnavailableError.
   * The one entry point of a refresh, so a caller can wrap it (a lease across replicas).
   */
  async fresh(tokens: OAuthTokens, nowMs: number): Promise<OAuthTokens> {
    if (tokens.expiresAtMs - REFRESH_MARGIN_MS > nowMs) return tokens;
    let body: TokenResponse;
    try {
      body = await this.post({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    } catch (err) {
      if (err instanceof RefusedError) {
        throw new ProviderAuthError(`${this.settings.name} refused the refresh token (${err.message})`);
      }
      throw new ProviderUnavailableError(`${this.settings.name} token refresh failed: ${(err as Error).message}`);
    }
    return tokensOf(body, body.refresh_token ?? tokens.refreshToken, nowMs);
  }

  private async post(grant: Record<string, string>): Promise<TokenResponse> {
    const { clientId, clientSecret, clientAuthentication, scopesInTokenRequests, scopes } = this.settings;
    const form = new URLSearchParams(grant);
    if (scopesInTokenRequests) form.set('scope', scopes.join(' '));
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (clientAuthentication === 'client_secret_post') {
      form.set('client_id', clientId);
      form.set('client_secret', clientSecret);
    } else {
      const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
        'base64',
      );
      headers.authorization = `Basic ${basic}`;
    }
    const res = await fetch(this.settings.tokenUrl, {
      method: 'POST',
      headers,
      body: form.toString(),
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

function tokensOf(body: TokenResponse, refreshToken: string, nowMs: number): OAuthTokens {
  const expiresInS = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return { accessToken: body.access_token, refreshToken, expiresAtMs: nowMs + expiresInS * 1000 };
}
