// The gateway's identity cache (docs/decisions.md "Identity service"): bounded, keyed by a hash of
// the credential, a short lifetime as a safety net, and an identity.events change drops the
// entries it names, so a revoked key is refused at the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@svc/crypto';
import { eventually } from '@svc/testing';
import { CredentialCache } from '../src/index.js';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

describe('CredentialCache', () => {
  const session = (n: number) => ({ kind: 'session' as const, sessionId: `ses_${n}`, userId: `usr_${n}`, tenantId: 'ten_a' });

  it('is bounded in entries and bytes, the least recently used going first', () => {
    const cache = new CredentialCache<string>(60_000, Date.now, { maxEntries: 3, maxBytes: 1024 * 1024 });
    for (let n = 0; n < 10; n += 1) cache.set(CredentialCache.keyOf('session', `token-${n}`), `v${n}`, session(n), cache.stamp());
    expect(cache.size).toBe(3);
    expect(cache.get(CredentialCache.keyOf('session', 'token-0'))).toBeUndefined();
    expect(cache.get(CredentialCache.keyOf('session', 'token-9'))).toBe('v9');
    const small = new CredentialCache<string>(60_000, Date.now, { maxEntries: 1000, maxBytes: 2_000 });
    for (let n = 0; n < 100; n += 1) small.set(CredentialCache.keyOf('api_key', `s${n}`), 'x'.repeat(100), { kind: 'api_key', apiKeyId: `key_${n}` }, small.stamp());
    expect(small.size).toBeLessThan(10);
  });

  it('keys an entry by the SHA-256 of the credential, never the credential', () => {
    const secret = `sk_live_${'A'.repeat(43)}`;
    expect(CredentialCache.keyOf('api_key', secret)).toBe(`api_key:${sha256Hex(secret)}`);
    expect(CredentialCache.keyOf('api_key', secret)).not.toContain(secret);
  });

  it('forgets an entry after its lifetime, and caches nothing with lifetime 0', () => {
    let now = 1_000;
    const cache = new CredentialCache<string>(5_000, () => now);
    cache.set('k', 'v', session(1), cache.stamp());
    now += 4_999;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    const off = new CredentialCache<string>(0);
    off.set('k', 'v', session(1), off.stamp());
    expect(off.get('k')).toBeUndefined();
  });

  it('drops exactly the entries a change names', () => {
    const cache = new CredentialCache<string>(60_000);
    cache.set('s1', 'a', session(1), cache.stamp());
    cache.set('s2', 'b', session(2), cache.stamp());
    cache.set('k1', 'c', { kind: 'api_key', apiKeyId: 'key_1' }, cache.stamp());
    cache.set('p1', 'd', { kind: 'platform_key', platformKeyId: 'plk_1' }, cache.stamp());
    expect(cache.drop({ kind: 'session', sessionId: 'ses_1' })).toBe(1);
    expect(cache.drop({ kind: 'membership', userId: 'usr_2', tenantId: 'ten_other' })).toBe(0);
    expect(cache.drop({ kind: 'membership', userId: 'usr_2', tenantId: 'ten_a' })).toBe(1);
    expect(cache.drop({ kind: 'api_key', apiKeyId: 'key_1' })).toBe(1);
    expect(cache.drop({ kind: 'platform_key', platformKeyId: 'plk_1' })).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('keeps no answer of a lookup that a drop overtook: a revoke processed while it was in flight', () => {
    const cache = new CredentialCache<string>(60_000);
    const before = cache.stamp();
    // The revoke's event arrives while the lookup of the same key is still waiting for its answer.
    cache.drop({ kind: 'api_key', apiKeyId: 'key_1' });
    cache.set('k1', 'active', { kind: 'api_key', apiKeyId: 'key_1' }, before);
    expect(cache.get('k1')).toBeUndefined();
    // A lookup started after the drop is kept.
    cache.set('k1', 'active', { kind: 'api_key', apiKeyId: 'key_1' }, cache.stamp());
    expect(cache.get('k1')).toBe('active');
  });
});

describe('the gateway with its cache on', () => {
  let h: GatewayHarness;
  let tenantId = '';

  beforeAll(async () => {
    h = await startGatewayWithCatalog({ config: { IDENTITY_CACHE_TTL_MS: '60000' } });
    tenantId = (await h.createTenant('cache-on')).tenantId;
  });
  afterAll(async () => {
    await h?.stop();
  });

  const partner = (secret: string) =>
    fetch(`${h.base}/v1/services`, { headers: { authorization: `Bearer ${secret}`, 'x-service-tenant-id': tenantId } });

  it('asks the identity service once for a key, and refuses it once the revoke event arrived', async () => {
    const made = await h.downstream.identity.createApiKey({ tenantId, name: 'ci', scopes: ['catalog:read'] });
    expect((await partner(made.secret)).status).toBe(200);
    h.resetTraffic();
    expect((await partner(made.secret)).status).toBe(200);
    // Served from the cache: the identity service's store was not read.
    expect(h.traffic().storeReads).toEqual({});
    // Revoked at the identity service, not through this gateway: only the event tells it.
    const revokedAt = Date.now();
    await h.downstream.identity.revokeApiKey({ tenantId, apiKeyId: made.apiKey!.apiKeyId });
    await eventually('the revoked key refused', async () => ((await partner(made.secret)).status === 401 ? true : undefined), 1_000);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
  });

  it('a logout elsewhere and a removed member are refused at the next request', async () => {
    const me = await h.mintSession([[tenantId, 'tenant_admin']]);
    expect((await h.call(me, 'GET', '/api/tenant')).status).toBe(200);
    const { membership } = await h.downstream.identity.getMembership({ userId: me.userId, tenantId });
    await h.downstream.identity.changeMember({ tenantId, membershipId: membership!.membershipId });
    await eventually('the removed member refused', async () => {
      const res = await h.call(me, 'GET', '/api/tenant');
      return res.status === 403 ? res.body : undefined;
    }, 1_000);

    const other = await h.mintSession([[tenantId, 'tenant_viewer']]);
    expect((await h.call(other, 'GET', '/api/tenant')).status).toBe(200);
    await h.downstream.identity.revokeSession({ sessionId: other.sessionId });
    const refused = await eventually('the ended session refused', async () => {
      const res = await h.call(other, 'GET', '/api/tenant');
      return res.status === 401 ? res.body : undefined;
    }, 1_000);
    expect(refused.error.code).toBe('AUTH_REQUIRED');
  });
});
