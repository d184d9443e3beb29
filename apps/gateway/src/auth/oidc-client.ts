import * as client from 'openid-client';
import { DomainError, serviceUnavailable } from '@svc/errors';
import type { Logger } from '@svc/telemetry';
import type { GatewaySettings } from '../config.js';
import type { OAuthAttemptFields } from '../identity/identity-client.js';

/** Seconds for each request to the provider (discovery, token, JWKS). */
const PROVIDER_TIMEOUT_S = 10;

/** Who the provider says logged in, from the verified ID token. */
export interface VerifiedIdentity {
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Both methods answer CONFIG_MISSING when the client id or secret is not configured. */
export interface OidcClient {
  /** The provider's authorization URL for this attempt (code flow, PKCE S256, state, nonce). */
  authorizationUrl(attempt: Pick<OAuthAttemptFields, 'state' | 'nonce' | 'codeVerifier'>): Promise<URL>;
  /** Exchanges the code in `callbackUrl` and verifies the ID token against the attempt. */
  finish(callbackUrl: URL, attempt: OAuthAttemptFields): Promise<VerifiedIdentity>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain HTTP is accepted only for a provider on this machine (tests, local runs). */
function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
}

export function createOidcClient(oidc: GatewaySettings['oidc'], logger: Logger): OidcClient {
  const { clientId, clientSecret } = oidc;
  let discovered: Promise<client.Configuration> | undefined;

  /** Discovery once per process; a failure is not cached, so the next login tries again. */
  function configuration(id: string, secret: string): Promise<client.Configuration> {
    discovered ??= (async () => {
      const issuer = new URL(oidc.issuer);
      const config = await client.discovery(issuer, id, secret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        ...(isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      });
      config.timeout = PROVIDER_TIMEOUT_S;
      return config;
    })().catch((err: unknown) => {
      discovered = undefined;
      logger.warn(
        { errName: (err as Error)?.name, errCode: (err as { code?: unknown })?.code },
        'OIDC discovery failed',
      );
      throw serviceUnavailable('The identity provider could not be reached.');
    });
    return discovered;
  }

  function credentials(): { id: string; secret: string } {
    if (!clientId || !clientSecret) throw new DomainError('CONFIG_MISSING', 'Google login is not configured');
    return { id: clientId, secret: clientSecret };
  }

  return {
    async authorizationUrl(attempt) {
      const { id, secret } = credentials();
      const config = await configuration(id, secret);
      return client.buildAuthorizationUrl(config, {
        redirect_uri: oidc.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async finish(callbackUrl, attempt) {
      const { id, secret } = credentials();
      const config = await configuration(id, secret);
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        // Provider refusals (used code, wrong verifier), signature/nonce/issuer/audience checks.
        // Only the error's kind is logged: its details may quote codes or claims.
        logger.warn(
          {
            errName: (err as Error)?.name,
            errCode: (err as { code?: unknown })?.code,
            oauthError: (err as { error?: unknown })?.error,
          },
          'OIDC code exchange failed',
        );
        throw exchangeFailed('The identity provider did not confirm the login.');
      }
      if (!claims || typeof claims.email !== 'string' || claims.email.trim() === '') {
        throw exchangeFailed('The identity provider did not return an email address.');
      }
      return {
        email: claims.email,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : '',
      };
    },
  };
}

const exchangeFailed = (message: string) => new DomainError('OAUTH_TOKEN_EXCHANGE_FAILED', message);
