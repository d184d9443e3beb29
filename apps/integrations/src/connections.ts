/**
 * Opening a connection's provider, and what a provider failure means for the connection: a
 * refused grant marks it needs_reauth, an outage marks it error, a success marks it connected
 * again. Credentials are opened here only, and never logged.
 */
import { LruCache } from '@svc/cache';
import { DomainError } from '@svc/errors';
import type { SecretBox } from '@svc/crypto';
import type { UrlPolicy } from '@svc/url-policy';
import { CaldavProvider } from './providers/caldav.js';
import { GoogleCalendarProvider } from './providers/google-calendar.js';
import { policyFetch } from './providers/policy-fetch.js';
import type { GoogleOAuth, GoogleTokens } from './providers/google-oauth.js';
import { ProviderAuthError, type CalendarProvider } from './providers/provider.js';
import type { ConnectionRepository } from './store/connection-repository.js';
import type { ConnectionDoc } from './store/records.js';

export interface ProviderFactory {
  (doc: ConnectionDoc): CalendarProvider;
}

export interface ProviderSettings {
  secrets: SecretBox;
  timeoutMs: number;
  /** The most one provider response may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  /** Absent when no Google OAuth client is configured. */
  google: { oauth: GoogleOAuth; apiUrl: string } | null;
  connections: ConnectionRepository;
  /** Where CalDAV requests may go, checked at every request (docs/decisions.md "Integrations"). */
  urlPolicy: UrlPolicy;
  now: () => number;
}

/** Google's tokens sealed as one value (context: the connection id). */
export const sealTokens = (secrets: SecretBox, tokens: GoogleTokens, connectionId: string): string =>
  secrets.seal(JSON.stringify(tokens), connectionId);

/** The provider of a stored connection, its secret opened with the box (context: the connection id). */
export function providerFactory(settings: ProviderSettings): ProviderFactory {
  const { secrets, timeoutMs, maxResponseBytes } = settings;
  const caldavFetch = policyFetch(settings.urlPolicy, { maxResponseBytes });
  return (doc) => {
    switch (doc.provider) {
      case 'caldav':
        return new CaldavProvider(
          { serverUrl: doc.serverUrl, username: doc.account, password: secrets.open(doc.sealedSecret, doc._id) },
          timeoutMs,
          caldavFetch,
        );
      case 'google': {
        if (!settings.google) throw notConnected();
        return new GoogleCalendarProvider({
          apiUrl: settings.google.apiUrl,
          oauth: settings.google.oauth,
          tokens: JSON.parse(secrets.open(doc.sealedSecret, doc._id)) as GoogleTokens,
          saveTokens: async (tokens) => {
            await settings.connections.update(doc, { sealedSecret: sealTokens(secrets, tokens, doc._id) });
          },
          timeoutMs,
          maxResponseBytes,
          now: settings.now,
        });
      }
    }
  };
}

/** Provider clients kept at most; the least recently used goes first. */
export const MAX_PROVIDER_CLIENTS = 1_000;
/** What one provider client holds, roughly. */
const CLIENT_BYTES = 16 * 1024;

/**
 * One provider client per connection, made again only when its server, account or sealed
 * credentials change (a reconnect is a new connection), so a CalDAV account logs in and runs its
 * discovery once, not on every read (docs/decisions.md "Integrations"). Bounded, least recently
 * used first out; `drop` forgets one (disconnected, credentials refused).
 */
export class ProviderClients {
  private readonly clients: LruCache<{ fingerprint: string; provider: CalendarProvider }>;

  constructor(
    private readonly make: ProviderFactory,
    max: number = MAX_PROVIDER_CLIENTS,
  ) {
    // A client is a few kilobytes (tsdav's account and calendar list): the count is the bound
    // that binds; the bytes (room for twice that) keep the rule of operations.md "Memory bounds".
    this.clients = new LruCache({ maxEntries: max, maxBytes: 2 * max * CLIENT_BYTES, sizeOf: () => CLIENT_BYTES });
  }

  readonly of: ProviderFactory = (doc) => {
    const fingerprint = [doc.provider, doc.serverUrl, doc.account, doc.sealedSecret].join('\n');
    const kept = this.clients.get(doc._id);
    if (kept?.fingerprint === fingerprint) return kept.provider;
    const provider = this.make(doc);
    this.clients.set(doc._id, { fingerprint, provider });
    return provider;
  };

  drop(connectionId: string): void {
    this.clients.delete(connectionId);
  }

  get size(): number {
    return this.clients.size;
  }
}

export const notConnected = () =>
  new DomainError('PROVIDER_NOT_CONNECTED', 'Google Calendar is not set up on this platform (no OAuth client).');

export class ConnectionUse {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly clients: ProviderClients,
    private readonly now: () => number,
  ) {}

  /**
   * Runs a provider action and records its outcome on the connection's status. A refused grant
   * is PROVIDER_NEEDS_REAUTH, any other failure PROVIDER_ACTION_FAILED (502).
   */
  async run<R>(doc: ConnectionDoc, action: (provider: CalendarProvider) => Promise<R>): Promise<R> {
    // A refused grant stays refused until the staff member connects again.
    if (doc.status === 'needs_reauth') throw needsReauth();
    const provider = this.clients.of(doc);
    try {
      const result = await action(provider);
      await this.connections.setStatus(doc, 'connected', this.now());
      return result;
    } catch (err) {
      if (err instanceof ProviderAuthError) {
        // Its session is of no more use; a reconnect makes a new one.
        this.clients.drop(doc._id);
        await this.connections.setStatus(doc, 'needs_reauth', this.now());
        throw needsReauth();
      }
      await this.connections.setStatus(doc, 'error', this.now());
      throw actionFailed(err);
    }
  }
}

export const needsReauth = () =>
  new DomainError('PROVIDER_NEEDS_REAUTH', 'The calendar account refused access; connect it again.');

export const actionFailed = (err: unknown) =>
  new DomainError(
    'PROVIDER_ACTION_FAILED',
    `The calendar provider could not be reached or answered with a failure (${err instanceof Error ? err.message : String(err)}).`,
  );
