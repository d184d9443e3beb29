// The identity.v1 contract over real gRPC (docs/decisions.md "Identity service"): bad input is a
// VALIDATION_ERROR naming the field, lists page with the store's cursors, and every change that
// can make a gateway's cached decision wrong publishes identity.changed on identity.events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogService } from '@svc/catalog';
import { csrfToken } from '@svc/crypto';
import { IDENTITY_EVENTS_TOPIC, identityChangeOf, InProcessEventBus, type IdentityChange } from '@svc/events';
import { connectService, type IdentityClient, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1, identityV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { createTestTenant, eventually } from '@svc/testing';
import { startIdentityService } from '../src/index.js';

const SECRET = 's'.repeat(40);
const host = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 };
let nowMs = Date.now();
let catalogHost: RunningGrpcHost;
let identityHost: RunningGrpcHost;
let client: IdentityClient;
let tenantId = '';
const bus = new InProcessEventBus();
const changes: IdentityChange[] = [];

beforeAll(async () => {
  catalogHost = await startCatalogService(host, {
    logger: createLogger('catalog-test', 'silent'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  identityHost = await startIdentityService(host, {
    logger: createLogger('identity-test', 'silent'),
    store: await openSqliteStore({ file: ':memory:' }),
    bus: borrowed(bus),
    clients: {
      catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
      // The tenant export's sources, never called here.
      customer: unused(),
      booking: unused(),
      webhooks: unused(),
      integrations: null,
      notifications: null,
    },
    sessionSecret: SECRET,
    clock: () => nowMs,
  });
  client = connectService(identityV1.IdentityServiceService, identityHost.address);
  await bus.subscribe({ topic: IDENTITY_EVENTS_TOPIC, groupId: 'test', fromBeginning: true }, async (m) => {
    const read = identityChangeOf(m.value);
    if ('change' in read) changes.push(read.change);
  });
  const catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
  tenantId = (await createTestTenant(catalog, { slug: 'identity-rpc', name: 'Identity RPC' })).tenantId;
  catalog.close();
});

afterAll(async () => {
  client?.close();
  await identityHost?.stop();
  await catalogHost?.stop();
  await bus.close();
});

function borrowed(b: InProcessEventBus) {
  return {
    publish: b.publish.bind(b),
    subscribe: b.subscribe.bind(b),
    ping: b.ping.bind(b),
    close: async () => {},
  };
}

const published = (change: IdentityChange) =>
  eventually(`identity.changed ${JSON.stringify(change)}`, async () =>
    changes.some((c) => JSON.stringify(c) === JSON.stringify(change)) ? true : undefined,
  );

async function member(email: string, role: string) {
  const { user } = await client.findOrCreateUser({ email });
  const { membership } = await client.addMembership({ userId: user!.userId, tenantId, role });
  return { user: user!, membership: membership! };
}

describe('input', () => {
  it('answers VALIDATION_ERROR naming the field, NOT_FOUND for an unknown record', async () => {
    await expect(client.findOrCreateUser({ email: 'not-an-address' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'email', message: 'must be an email address' }],
    });
    await expect(client.addMembership({ userId: 'usr_x', tenantId, role: 'king' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'role', message: expect.stringContaining('tenant_owner') }],
    });
    await expect(client.listApiKeys({ tenantId, page: { limit: 101, cursor: '' } })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'limit', message: expect.any(String) }],
    });
    await expect(client.listMembers({ tenantId, page: { limit: 10, cursor: 'nope' } })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'cursor', message: expect.any(String) }],
    });
    await expect(client.createApiKey({ tenantId, name: 'x', scopes: ['everything'] })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'scopes.0', message: expect.any(String) }],
    });
    await expect(client.getApiKey({ tenantId, apiKeyId: 'key_unknown' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(client.revokeSession({ sessionId: '' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'sessionId', message: 'is required' }],
    });
  });
});

describe('sessions', () => {
  it('authenticates a token with its membership, answers its CSRF token, and forgets it at logout', async () => {
    const { user, membership } = await member('session@rpc.test', 'tenant_admin');
    const made = await client.createSession({ userId: user.userId, tenantId });
    expect(made.csrfToken).toBe(csrfToken(SECRET, made.sessionId, made.tokenHash));
    const auth = await client.authenticateSession({ token: made.token });
    expect(auth.session).toMatchObject({ sessionId: made.sessionId, userId: user.userId, tenantId });
    expect(auth.membership).toEqual(membership);
    await client.revokeSession({ sessionId: made.sessionId });
    await published({ kind: 'session', sessionId: made.sessionId });
    expect(await client.authenticateSession({ token: made.token })).toEqual({});
  });

  it('answers an expired session without its membership', async () => {
    const { user } = await member('expired@rpc.test', 'tenant_viewer');
    const made = await client.createSession({ userId: user.userId, tenantId });
    nowMs += 31 * 86_400_000;
    try {
      const auth = await client.authenticateSession({ token: made.token });
      expect(auth.session?.expiresAtMs).toBeLessThanOrEqual(nowMs);
      expect(auth.membership).toBeUndefined();
    } finally {
      nowMs -= 31 * 86_400_000;
    }
  });

  it('a switch of workspace is an event too', async () => {
    const { user } = await member('switch@rpc.test', 'tenant_owner');
    const made = await client.createSession({ userId: user.userId, tenantId });
    expect((await client.switchWorkspace({ sessionId: made.sessionId, tenantId: 'ten_elsewhere' })).switched).toBe(false);
    expect((await client.switchWorkspace({ sessionId: made.sessionId, tenantId })).switched).toBe(true);
    await published({ kind: 'session', sessionId: made.sessionId });
  });
});

describe('memberships', () => {
  it('a role change and a removal are events; the last owner stays', async () => {
    const owner = await member('owner@rpc.test', 'tenant_owner');
    const staff = await member('staff@rpc.test', 'tenant_staff');
    const changed = await client.changeMember({ tenantId, membershipId: staff.membership.membershipId, role: 'tenant_viewer' });
    expect(changed).toMatchObject({ before: { role: 'tenant_staff' }, lastOwner: false });
    await published({ kind: 'membership', userId: staff.user.userId, tenantId });
    changes.length = 0;
    const removed = await client.changeMember({ tenantId, membershipId: staff.membership.membershipId });
    expect(removed.before?.membershipId).toBe(staff.membership.membershipId);
    await published({ kind: 'membership', userId: staff.user.userId, tenantId });
    expect((await client.getMembership({ userId: staff.user.userId, tenantId })).membership).toBeUndefined();
    // Every other owner of this suite is demoted first, so this one is the last.
    const owners = (await client.listMembers({ tenantId, page: { limit: 100, cursor: '' } })).items.filter(
      (m) => m.membership?.role === 'tenant_owner' && m.membership.userId !== owner.user.userId,
    );
    for (const m of owners) await client.changeMember({ tenantId, membershipId: m.membership!.membershipId, role: 'tenant_admin' });
    expect(await client.changeMember({ tenantId, membershipId: owner.membership.membershipId })).toEqual({ lastOwner: true });
  });

  it('lists members in pages with the store cursor', async () => {
    for (const n of [1, 2, 3]) await member(`page${n}@rpc.test`, 'tenant_viewer');
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await client.listMembers({ tenantId, page: { limit: 2, cursor } });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((m) => m.email));
      cursor = page.page?.nextCursor ?? '';
    } while (cursor);
    expect(seen).toEqual(expect.arrayContaining(['page1@rpc.test', 'page2@rpc.test', 'page3@rpc.test']));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('keys', () => {
  it('verifies an API key until it is rotated or revoked, each an event', async () => {
    const made = await client.createApiKey({ tenantId, name: 'ci', scopes: ['catalog:read'] });
    const apiKeyId = made.apiKey!.apiKeyId;
    expect((await client.verifyApiKey({ secret: made.secret })).apiKey).toMatchObject({ apiKeyId, scopes: ['catalog:read'] });
    const rotated = await client.rotateApiKey({ tenantId, apiKeyId });
    await published({ kind: 'api_key', apiKeyId });
    expect((await client.verifyApiKey({ secret: made.secret })).apiKey).toBeUndefined();
    changes.length = 0;
    expect((await client.revokeApiKey({ tenantId, apiKeyId })).apiKey?.status).toBe('revoked');
    await published({ kind: 'api_key', apiKeyId });
    expect((await client.verifyApiKey({ secret: rotated.secret })).apiKey).toBeUndefined();
  });

  it('verifies a platform key until it is revoked, an event', async () => {
    const made = await client.createPlatformKey({ name: 'reseller' });
    const platformKeyId = made.platformKey!.platformKeyId;
    expect((await client.verifyPlatformKey({ secret: made.secret })).platformKey?.platformKeyId).toBe(platformKeyId);
    // A partner's key never matches here.
    const partner = await client.createApiKey({ tenantId, name: 'p', scopes: ['*'] });
    expect((await client.verifyPlatformKey({ secret: partner.secret })).platformKey).toBeUndefined();
    await client.revokePlatformKey({ platformKeyId });
    await published({ kind: 'platform_key', platformKeyId });
    expect((await client.verifyPlatformKey({ secret: made.secret })).platformKey).toBeUndefined();
  });
});

describe('logins and tenant creates', () => {
  it('an OAuth attempt is taken once', async () => {
    const attempt = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/x' };
    const { id } = await client.createOAuthAttempt({ attempt });
    expect((await client.takeOAuthAttempt({ id })).attempt).toEqual(attempt);
    expect((await client.takeOAuthAttempt({ id })).attempt).toBeUndefined();
  });

  it('a sign-in link signs in once', async () => {
    const { user } = await member('link@rpc.test', 'tenant_staff');
    const link = await client.createSignInLink({ userId: user.userId, tenantId });
    expect(await client.redeemSignInLink({ token: link.token })).toEqual({ redeemed: true, userId: user.userId, tenantId });
    expect((await client.redeemSignInLink({ token: link.token })).redeemed).toBe(false);
  });

  it('opens a tenant with its owner; the same idempotency key answers the same tenant', async () => {
    const input = { slug: 'rpc-made', name: 'Made', timezone: 'Europe/Berlin', locale: '', ownerEmail: 'boss@rpc.test' };
    const first = await client.provisionTenant({ ...input, platformKeyId: 'plk_a', idempotencyKey: 'k1' });
    expect(first).toMatchObject({ tenant: { slug: 'rpc-made' }, owner: { email: 'boss@rpc.test' }, replay: false });
    const again = await client.provisionTenant({ ...input, platformKeyId: 'plk_a', idempotencyKey: 'k1' });
    expect(again).toMatchObject({ tenant: { tenantId: first.tenant!.tenantId }, replay: true });
    await expect(
      client.provisionTenant({ ...input, name: 'Other', platformKeyId: 'plk_a', idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({ code: 'BOOKING_IDEMPOTENCY_CONFLICT' });
    const owner = await client.getMembership({ userId: first.owner!.userId, tenantId: first.tenant!.tenantId });
    expect(owner.membership?.role).toBe('tenant_owner');
  });
});

/** A client this suite never calls (the tenant export's), closed with the service. */
const unused = () => ({ close: () => {} }) as never;
