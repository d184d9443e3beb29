/**
 * Opening a connection's provider, and what a provider failure means for the connection: a
 * refused grant marks it needs_reauth, an outage marks it error, a success marks it connected
 * again. Credentials are opened here only, and never logged.
 */
import { LruCache } from '@svc/cache';
import { DomainError } from '@svc/errors';
import type { SecretBox } from '@svc/crypto';
import type { UrlPolicy } from '@svc/url-policy';
import { CaldavProvider } from '../calendars/providers/caldav.js';
import { GoogleCalendarProvider } from '../calendars/providers/google-calendar.js';
import { MicrosoftCalendarProvider } from '../calendars/providers/microsoft-calendar.js';
import { policyFetch } from '../providers/policy-fetch.js';
import type { GoogleOAuth } from './providers/google-oauth.js';
import type { OAuthClient } from './providers/oauth-client.js';
import { ProviderAuthError, ProviderNotReadyError, type CalendarProvider } from '../providers/provider.js';
import { zoomCalendars, ZoomMeetings, type MeetingProvider } from '../meetings/providers/zoom-meetings.js';
import { ConnectionTokens, openTokens } from './connection-tokens.js';
import type { ConnectionRepository } from './store/connection-repository.js';
import type { ConnectionDoc } from '../store/records.js';

export interface ProviderFactory {
  (doc: ConnectionDoc): CalendarProvider;
}

/** The meetings of a video account's connection (Zoom). */
export interface MeetingFactory {
  (doc: ConnectionDoc): MeetingProvider;
}

export interface ProviderSettings {
  secrets: SecretBox;
  timeoutMs: number;
  /** The most one provider response may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  /** Absent when no Google OAuth client is configured. */
  google: { oauth: GoogleOAuth; apiUrl: string } | null;
  /** Microsoft 365: the OAuth client and Graph's base URL; absent or null when not configured. */
  microsoft?: { oauth: OAuthClient; apiUrl: string } | null;
  /** Zoom's OAuth client and API base URL; absent or null when not configured. */
  zoom?: { oauth: OAuthClient; apiUrl: string } | null;
  /** The connections' OAuth tokens (one refresh at a time); made here when not given. */
  tokens?: ConnectionTokens;
  connections: ConnectionRepository;
  /** Where CalDAV requests may go, checked at every request (docs/decisions.md "Integrations"). */
  urlPolicy: UrlPolicy;
  now: () => number;
}

export { sealTokens } from './connection-tokens.js';

/** The provider of a stored connection, its secret opened with the box (context: the connection id). */
export function providerFactory(settings: ProviderSettings): ProviderFactory {
  const { secrets, timeoutMs, maxResponseBytes } = settings;
  const caldavFetch = policyFetch(settings.urlPolicy, { maxResponseBytes });
  const tokens = settings.tokens ?? new ConnectionTokens(settings);
  const meetingsOf = meetingFactory({ ...settings, tokens });
  return (doc) => {
    switch (doc.provider) {
      case 'zoom':
        // No calendars: nothing of it blocks time or receives events; its meetings: meetingFactory.
        return zoomCalendars(meetingsOf(doc));
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
          // Refreshed by one replica at a time and stored sealed by that refresh (token-refresh.ts).
          oauth: tokens.refresher(doc, settings.google.oauth),
          tokens: openTokens(secrets, doc),
          saveTokens: async () => {},
          timeoutMs,
          maxResponseBytes,
          now: settings.now,
        });
      }
      case 'microsoft': {
        if (!settings.microsoft) throw notConnected('Microsoft 365');
        return new MicrosoftCalendarProvider({
          apiUrl: settings.microsoft.apiUrl,
          accessToken: tokens.source(doc, settings.microsoft.oauth),
          timeoutMs,
          maxResponseBytes,
        });
      }
    }
  };
}

/** The meetings of a stored Zoom connection, its tokens refreshed and stored as they rotate. */
export function meetingFactory(settings: ProviderSettings): MeetingFactory {
  const tokens = settings.tokens ?? new ConnectionTokens(settings);
  return (doc) => {
    if (doc.provider !== 'zoom' || !settings.zoom) throw notConnected('Zoom');
    return new ZoomMeetings({
      apiUrl: settings.zoom.apiUrl,
      accessToken: tokens.source(doc, settings.zoom.oauth),
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
    });
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

export const notConnected = (provider = 'Google Calendar') =>
  new DomainError('PROVIDER_NOT_CONNECTED', `${provider} is not set up on this platform (no OAuth client).`);

export class ConnectionUse {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly clients: ProviderClients,
    private readonly now: () => number,
    /** A connection's meetings (Zoom); null when no video provider is set up. */
    private readonly meetings: MeetingFactory | null = null,
  ) {}

  /**
   * Runs a provider action and records its outcome on the connection's status. A refused grant
   * is PROVIDER_NEEDS_REAUTH, any other failure PROVIDER_ACTION_FAILED (502).
   */
  async run<R>(doc: ConnectionDoc, action: (provider: CalendarProvider) => Promise<R>): Promise<R> {
    return this.guarded(doc, () => this.clients.of(doc), action);
  }

  /** Runs an action on a video account's meetings (a Zoom connection), with the same bookkeeping. */
  async meet<R>(doc: ConnectionDoc, action: (meetings: MeetingProvider) => Promise<R>): Promise<R> {
    const meetings = this.meetings;
    if (!meetings) throw notConnected('Zoom');
    return this.guarded(doc, () => meetings(doc), action);
  }

  private async guarded<C, R>(doc: ConnectionDoc, open: () => C, action: (client: C) => Promise<R>): Promise<R> {
    // A refused grant stays refused until the staff member connects again.
    if (doc.status === 'needs_reauth') throw needsReauth();
    const client = open();
    try {
      const result = await action(client);
      await this.connections.setStatus(doc, 'connected', this.now());
      return result;
    } catch (err) {
      if (err instanceof ProviderAuthError) {
        // Its session is of no more use; a reconnect makes a new one.
        this.clients.drop(doc._id);
        // Flipped once across replicas, with its time and the business's notice (docs/decisions.md
        // "Integrations"); a replica that finds it flipped already changes nothing.
        await this.connections.markNeedsReauth(doc, this.now());
        throw needsReauth();
      }
      // A part still being made says nothing against the account.
      await this.connections.setStatus(doc, err instanceof ProviderNotReadyError ? 'connected' : 'error', this.now());
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
    [],
    // The provider's own error stays with it (a Retry-After the write-back's retry honours).
    { cause: err },
  );
