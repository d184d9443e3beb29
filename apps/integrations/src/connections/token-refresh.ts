/**
 * One token refresh at a time per connection across replicas (docs/decisions.md "Integrations",
 * "Tokens that expire"). When the access token a replica holds expires within the OAuth client's
 * margin, it reads the connection again: tokens another replica stored meanwhile are used as they
 * are; otherwise it takes the connection's refresh lease with a compare-and-set on the record as
 * read (its sealed tokens, status and lease), calls the token endpoint once and stores the new
 * tokens sealed, ending the lease in the same conditional write. A replica that finds the lease
 * held waits and reads again until the holder's tokens are there, the connection needs
 * re-authorisation, or the lease has run out (its holder died), when it takes the lease itself.
 * A refused refresh marks the connection needs_reauth and gives the lease up in one write, so no
 * waiting replica calls the token endpoint with the refused grant again. Tokens are never logged.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SecretBox } from '@svc/crypto';
import { REFRESH_MARGIN_MS, type OAuthTokens } from './providers/oauth-client.js';
import { ProviderAuthError, ProviderUnavailableError } from '../providers/provider.js';
import type { ConnectionRepository } from './store/connection-repository.js';
import type { ConnectionDoc } from '../store/records.js';

/** What refreshes tokens at the provider: an OAuth client's `fresh` (one token request when due). */
export interface TokenRefresher {
  fresh(tokens: OAuthTokens, nowMs: number): Promise<OAuthTokens>;
}

/** What a lease allows beyond the token request itself: the reads and writes around it. */
export const REFRESH_LEASE_SLACK_MS = 5_000;
/** How long a refresh may hold a connection by default: the default PROVIDER_TIMEOUT_MS and the slack. */
export const DEFAULT_REFRESH_LEASE_MS = 10_000 + REFRESH_LEASE_SLACK_MS;
/** Between two reads of a connection whose refresh another replica holds. */
export const REFRESH_WAIT_STEP_MS = 100;

export interface TokenRefreshSettings {
  secrets: SecretBox;
  connections: ConnectionRepository;
  now: () => number;
  /**
   * How long a lease holds: longer than a token request may take (PROVIDER_TIMEOUT_MS) with the
   * writes around it; a lease whose holder died runs out after it.
   */
  leaseMs?: number;
  /** Between two reads while another replica refreshes. */
  waitStepMs?: number;
}

/** OAuth tokens sealed as one value (context: the connection id). */
export const sealTokens = (secrets: SecretBox, tokens: OAuthTokens, connectionId: string): string =>
  secrets.seal(JSON.stringify(tokens), connectionId);

export const openTokens = (secrets: SecretBox, doc: ConnectionDoc): OAuthTokens =>
  JSON.parse(secrets.open(doc.sealedSecret, doc._id)) as OAuthTokens;

/** Whether tokens are due for a refresh (the OAuth client's own margin). */
export const refreshDue = (tokens: OAuthTokens, nowMs: number): boolean =>
  tokens.expiresAtMs - REFRESH_MARGIN_MS <= nowMs;

export class TokenRefresh {
  private readonly leaseMs: number;
  private readonly waitStepMs: number;

  constructor(private readonly settings: TokenRefreshSettings) {
    this.leaseMs = settings.leaseMs ?? DEFAULT_REFRESH_LEASE_MS;
    this.waitStepMs = settings.waitStepMs ?? REFRESH_WAIT_STEP_MS;
  }

  /**
   * The connection's current tokens, refreshed through `client` when due, by this replica or
   * another. ProviderAuthError when the grant was refused (here or by another replica) or the
   * connection is gone; ProviderUnavailableError when the token endpoint failed, or another
   * replica's refresh neither finished nor ran out in time.
   */
  async fresh(doc: ConnectionDoc, client: TokenRefresher): Promise<OAuthTokens> {
    const { connections, now } = this.settings;
    // Waiting is bounded: a lease runs out after leaseMs, and then this replica takes it.
    const giveUpAtMs = now() + 2 * this.leaseMs;
    for (;;) {
      const stored = await connections.get(doc.tenantId, doc._id);
      if (!stored) throw new ProviderAuthError('the connection was disconnected');
      if (stored.status === 'needs_reauth') throw new ProviderAuthError('the provider refused the grant');
      const tokens = openTokens(this.settings.secrets, stored);
      const at = now();
      if (!refreshDue(tokens, at)) return tokens;
      if ((stored.refreshLeaseUntilMs ?? 0) > at) {
        if (at >= giveUpAtMs) throw new ProviderUnavailableError('another replica is still refreshing the token');
        await sleep(this.waitStepMs);
        continue;
      }
      const owner = randomUUID();
      // Lost to another replica: read again (its lease, or its tokens).
      if (!(await connections.takeRefreshLease(stored, owner, at + this.leaseMs))) continue;
      return this.refreshHolding(stored, tokens, owner, client);
    }
  }

  /** The one token request, under the lease `owner` holds on `stored`. */
  private async refreshHolding(
    stored: ConnectionDoc,
    tokens: OAuthTokens,
    owner: string,
    client: TokenRefresher,
  ): Promise<OAuthTokens> {
    const { connections, now, secrets } = this.settings;
    let fresh: OAuthTokens;
    try {
      fresh = await client.fresh(tokens, now());
    } catch (err) {
      if (err instanceof ProviderAuthError) {
        // Refused: nobody tries this grant again (and the lease goes with the same write).
        await connections.markNeedsReauth(stored, now());
      } else {
        // Failed (an outage): the next caller, here or elsewhere, may try again.
        await connections.releaseRefreshLease(stored, owner);
      }
      throw err;
    }
    // A lease lost to a stall longer than leaseMs: the other holder's tokens are stored, these
    // still serve this request.
    await connections.saveRefreshed(stored, owner, sealTokens(secrets, fresh, stored._id));
    return fresh;
  }
}
