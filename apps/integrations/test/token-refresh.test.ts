// The refresh lease (token-refresh.ts, docs/decisions.md "Integrations", "Tokens that expire") with
// two TokenRefresh instances, as two replicas would hold them, over one store (SQLite here; the
// processes over MongoDB: apps/platform/test/token-refresh-replicas.test.ts), the shared OAuth
// client against the token endpoint stand-in over real HTTP. What the replica test does not
// cover: an outage gives the lease up (the next caller tries again, the connection is not marked
// needs_reauth), a waiting replica takes the holder's stored tokens, tokens not due are not refreshed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { startTokenEndpointStandIn, type TokenEndpointStandIn } from '@svc/testing';
import { OAuthClient } from '../src/connections/providers/oauth-client.js';
import { ProviderAuthError, ProviderUnavailableError } from '../src/providers/provider.js';
import { ConnectionRepository } from '../src/connections/store/connection-repository.js';
import { INTEGRATION_INDEXES, type ConnectionDoc } from '../src/store/records.js';
import { openTokens, sealTokens, TokenRefresh } from '../src/connections/token-refresh.js';

const secrets = new SecretBox('t'.repeat(40));

describe('one token refresh at a time per connection', () => {
  let tokens: TokenEndpointStandIn;
  let store: DocumentStore;
  let connections: ConnectionRepository;
  let client: OAuthClient;
  /** Two replicas' refreshers over the one store. */
  let replicas: [TokenRefresh, TokenRefresh];
  let n = 0;

  beforeAll(async () => {
    tokens = await startTokenEndpointStandIn();
    store = await openSqliteStore({ file: ':memory:' });
    await store.ensureIndexes(INTEGRATION_INDEXES);
    connections = new ConnectionRepository(store);
    client = new OAuthClient({
      name: 'Google',
      clientId: tokens.clientId,
      clientSecret: tokens.clientSecret,
      authorizationUrl: 'http://127.0.0.1:1/authorize',
      tokenUrl: tokens.url,
      scopes: ['calendar'],
      clientAuthentication: 'client_secret_basic',
      timeoutMs: 2_000,
      maxResponseBytes: 64 * 1024,
    });
    const replica = () => new TokenRefresh({ secrets, connections, now: Date.now, leaseMs: 3_000, waitStepMs: 20 });
    replicas = [replica(), replica()];
  });

  afterAll(async () => {
    await store?.close();
    await tokens?.close();
  });

  /** A connection whose access token expires in `expiresInS` (under 60: due now). */
  async function connection(expiresInS: number): Promise<ConnectionDoc> {
    const grant = tokens.issue(expiresInS);
    const _id = `icn_t${++n}`;
    const doc: ConnectionDoc = {
      _id,
      tenantId: 'ten_t',
      staffId: 'stf_t',
      provider: 'google',
      status: 'connected',
      serverUrl: '',
      account: 'primary',
      sealedSecret: sealTokens(secrets, grant, _id),
      busyCalendarIds: ['primary'],
      bookingCalendarId: 'primary',
      lastSyncAtMs: null,
      createdAtMs: Date.now(),
      updatedAtMs: Date.now(),
    };
    await connections.insert(doc);
    return doc;
  }

  it('tokens not due are used as they are: no token request', async () => {
    const doc = await connection(3_600);
    const before = tokens.requests();
    expect(await replicas[0].fresh(doc, client)).toEqual(openTokens(secrets, doc));
    expect(tokens.requests()).toBe(before);
  });

  it('a replica that finds the lease held waits and takes the tokens the holder stored', async () => {
    const doc = await connection(30);
    const before = tokens.requests();
    tokens.setDelay(300);
    const [a, b] = await Promise.all([replicas[0].fresh(doc, client), replicas[1].fresh(doc, client)]);
    tokens.setDelay(0);
    expect(tokens.requests() - before).toBe(1);
    expect(a).toEqual(b);
    const stored = (await connections.get('ten_t', doc._id))!;
    expect(openTokens(secrets, stored)).toEqual(a);
    expect(stored).toMatchObject({ refreshLeaseOwner: null, refreshLeaseUntilMs: null, status: 'connected' });
  });

  it('an outage at the token endpoint gives the lease up: not needs_reauth, and the next caller refreshes', async () => {
    const doc = await connection(30);
    tokens.setFailing(503);
    await expect(replicas[0].fresh(doc, client)).rejects.toBeInstanceOf(ProviderUnavailableError);
    tokens.setFailing(null);
    expect(await connections.get('ten_t', doc._id)).toMatchObject({
      status: 'connected',
      refreshLeaseOwner: null,
      refreshLeaseUntilMs: null,
    });
    const before = tokens.refreshes();
    const fresh = await replicas[1].fresh(doc, client);
    expect(tokens.refreshes() - before).toBe(1);
    expect(fresh.accessToken).not.toBe(openTokens(secrets, doc).accessToken);
  });

  it('a refused refresh marks needs_reauth once, with its time and the notice due; the others refuse without asking', async () => {
    const doc = await connection(30);
    tokens.revoke(openTokens(secrets, doc).refreshToken);
    const before = tokens.requests();
    const started = Date.now();
    tokens.setDelay(200);
    const outcomes = await Promise.allSettled([replicas[0].fresh(doc, client), replicas[1].fresh(doc, client)]);
    tokens.setDelay(0);
    expect(tokens.requests() - before).toBe(1);
    for (const outcome of outcomes) {
      expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(ProviderAuthError);
    }
    const stored = (await connections.get('ten_t', doc._id))!;
    expect(stored).toMatchObject({ status: 'needs_reauth', refreshLeaseOwner: null });
    expect(stored.needsReauthAtMs).toBeGreaterThanOrEqual(started);
    expect(stored.reauthNoticeDueAtMs).toBe(stored.needsReauthAtMs);
    // A second flip (another replica's refused call) changes nothing: one time, one notice.
    expect(await connections.markNeedsReauth(stored, Date.now() + 1_000)).toBe(false);
    expect((await connections.get('ten_t', doc._id))!.needsReauthAtMs).toBe(stored.needsReauthAtMs);
    // And nothing marks it connected again (a replica that read it before the refusal).
    await connections.setStatus(doc, 'connected', Date.now());
    expect((await connections.get('ten_t', doc._id))!.status).toBe('needs_reauth');
  });
});
