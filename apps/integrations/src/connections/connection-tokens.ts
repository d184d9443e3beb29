/**
 * A connection's OAuth access token for its provider client: used while it is valid for more than
 * a minute, else refreshed and the new tokens sealed on the connection before the access token is
 * used (docs/decisions.md "Integrations"). Zoom rotates refresh tokens (each refresh answers a new
 * one and the old one stops working), so within this replica one refresh per connection runs at a
 * time, and across replicas one at a time holds the connection's refresh lease (token-refresh.ts),
 * the stored tokens read again before it: a client opened before another refresh never sends a
 * refresh token that refresh has used up. Tokens are never logged.
 */
import type { OAuthTokens } from './providers/oauth-client.js';
import type { ConnectionDoc } from '../store/records.js';
import {
  openTokens,
  refreshDue,
  TokenRefresh,
  type TokenRefresher,
  type TokenRefreshSettings,
} from './token-refresh.js';

export { openTokens, sealTokens } from './token-refresh.js';

export class ConnectionTokens {
  /** Refreshes running now, by connection id (only while they run: bounded by the connections in use). */
  private readonly refreshing = new Map<string, Promise<OAuthTokens>>();

  /** The refresh across replicas: a lease on the connection record. */
  private readonly lease: TokenRefresh;

  constructor(private readonly deps: TokenRefreshSettings) {
    this.lease = new TokenRefresh(deps);
  }

  /** The connection's current access token, as a provider client asks for it before each request. */
  source(doc: ConnectionDoc, oauth: TokenRefresher): () => Promise<string> {
    let tokens = openTokens(this.deps.secrets, doc);
    return async () => {
      if (refreshDue(tokens, this.deps.now())) tokens = await this.refreshed(doc, oauth);
      return tokens.accessToken;
    };
  }

  /**
   * The OAuth client as a provider that keeps its own tokens sees it (Google's `fresh(tokens,
   * nowMs)`): tokens not due are answered as they are; due ones come from the refresh above,
   * already stored, so the provider has nothing left to save.
   */
  refresher(doc: ConnectionDoc, oauth: TokenRefresher): TokenRefresher {
    return {
      fresh: async (held, nowMs) => (refreshDue(held, nowMs) ? this.refreshed(doc, oauth) : held),
    };
  }

  private refreshed(doc: ConnectionDoc, oauth: TokenRefresher): Promise<OAuthTokens> {
    const running = this.refreshing.get(doc._id);
    if (running) return running;
    // The stored tokens may be newer than the ones this client opened (refreshed meanwhile, here
    // or on another replica): the lease reads them again first.
    const refresh = this.lease.fresh(doc, oauth).finally(() => this.refreshing.delete(doc._id));
    this.refreshing.set(doc._id, refresh);
    return refresh;
  }
}
