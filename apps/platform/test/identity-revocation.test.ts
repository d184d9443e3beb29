// Issue 40's bound (docs/decisions.md "Identity service"): a revoked key, a logout and a removed
// member are refused by every gateway within a second, although each gateway caches identity
// decisions. Two gateways, each its own process, on the distributed topology (identity.events
// on Kafka, a consumer group per gateway process); the change is made through one of them (or
// the identity service itself) and the other must refuse within 1 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@svc/crypto';
import { connectService, type IdentityClient } from '@svc/grpc';
import { identityV1 } from '@svc/proto';
import { eventually, kafkaMissing, mongoMissing, redisMissing, serverGate } from '@svc/testing';
import { startTopology, type Topology } from '../src/topology/topology.js';
import { seedTenant } from './booking-fixture.js';

const runs =
  (process.env.MONGODB_URL !== undefined || serverGate('MongoDB', mongoMissing())) &&
  serverGate('Redis', redisMissing()) &&
  serverGate('Kafka', kafkaMissing());

/** How long a refusal may take to reach the other gateway. */
const BOUND_MS = 1_000;

describe.skipIf(!runs)('identity changes reach every gateway within a second', { timeout: 120_000 }, () => {
  let topology: Topology | undefined;
  let identity: IdentityClient;
  let tenantId = '';
  let first = '';
  let second = '';

  beforeAll(async () => {
    topology = await startTopology({
      rateLimits: 'off',
      gateways: 2,
      notifications: false,
      ...(process.env.MONGODB_URL ? { mongodbUrl: process.env.MONGODB_URL } : {}),
    });
    [first, second] = topology.gatewayUrls as [string, string];
    const identityApp = topology.apps.find((a) => a.app === 'identity');
    identity = connectService(identityV1.IdentityServiceService, identityApp!.address);
    tenantId = (await seedTenant(topology.catalogAddress, 'revocation')).tenantId;
    // Each gateway's consumer is in its group and reading: a first change reaches both.
    const warm = await identity.createApiKey({ tenantId, name: 'warm-up', scopes: ['catalog:read'] });
    for (const url of [first, second]) expect((await partner(url, warm.secret)).status).toBe(200);
    await identity.revokeApiKey({ tenantId, apiKeyId: warm.apiKey!.apiKeyId });
    for (const url of [first, second]) {
      await eventually('the warm-up revoke on ' + url, async () => ((await partner(url, warm.secret)).status === 401 ? true : undefined), 60_000);
    }
  }, 300_000);

  afterAll(async () => {
    identity?.close();
    await topology?.stop();
  }, 120_000);

  function partner(url: string, secret: string) {
    return fetch(`${url}/v1/services`, { headers: { authorization: `Bearer ${secret}`, 'x-service-tenant-id': tenantId } });
  }

  /**
   * The ms from `changedAt` (the change's answer: the identity service answers once the bus has
   * the event) until `refused` holds on the gateway, failing past the bound.
   */
  async function refusedWithin(what: string, changedAt: number, refused: () => Promise<boolean>): Promise<number> {
    await eventually(what, async () => ((await refused()) ? true : undefined), BOUND_MS + 500);
    const took = Date.now() - changedAt;
    expect(took, `${what} took ${took} ms`).toBeLessThan(BOUND_MS);
    return took;
  }

  async function signedIn(role: string) {
    const { user } = await identity.findOrCreateUser({ email: `${role}-${Date.now()}@revocation.test` });
    const { membership } = await identity.addMembership({ userId: user!.userId, tenantId, role });
    const made = await identity.createSession({ userId: user!.userId, tenantId });
    const headers = { cookie: `${SESSION_COOKIE}=${made.token}`, 'x-service-csrf': made.csrfToken };
    return { membership: membership!, sessionId: made.sessionId, headers };
  }

  it('a revoked API key: the other gateway refuses it within a second', async () => {
    const made = await identity.createApiKey({ tenantId, name: 'ci', scopes: ['catalog:read'] });
    // Both gateways cached it.
    for (const url of [first, second]) expect((await partner(url, made.secret)).status).toBe(200);
    await identity.revokeApiKey({ tenantId, apiKeyId: made.apiKey!.apiKeyId });
    const at = Date.now();
    await refusedWithin('the revoked key on the second gateway', at, async () => (await partner(second, made.secret)).status === 401);
  });

  it('a logout on one gateway: the other refuses the session within a second', async () => {
    const me = await signedIn('tenant_viewer');
    for (const url of [first, second]) expect((await fetch(`${url}/api/tenant`, { headers: me.headers })).status).toBe(200);
    expect((await fetch(`${first}/api/session/logout`, { method: 'POST', headers: me.headers })).status).toBe(200);
    const at = Date.now();
    await refusedWithin('the ended session on the second gateway', at, async () =>
      (await fetch(`${second}/api/tenant`, { headers: me.headers })).status === 401,
    );
  });

  it('a removed member: the other gateway refuses within a second', async () => {
    const me = await signedIn('tenant_staff');
    for (const url of [first, second]) expect((await fetch(`${url}/api/tenant`, { headers: me.headers })).status).toBe(200);
    await identity.changeMember({ tenantId, membershipId: me.membership.membershipId });
    const at = Date.now();
    await refusedWithin('the removed member on the second gateway', at, async () =>
      (await fetch(`${second}/api/tenant`, { headers: me.headers })).status === 403,
    );
  });
});
