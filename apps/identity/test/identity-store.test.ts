// The identity store and the pending OAuth logins (moved from the gateway's auth-units tests).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { hashSessionToken, IdentityStore, OAuthAttempts } from '../src/index.js';

describe('IdentityStore', () => {
  let store: DocumentStore;
  let nowMs = 1_700_000_000_000;
  let identity: IdentityStore;

  beforeAll(async () => {
    store = await openSqliteStore({ file: ':memory:' });
    identity = new IdentityStore(store, () => nowMs);
    await identity.ensureIndexes();
    await identity.ensureIndexes(); // idempotent
  });
  afterAll(() => store.close());

  it('finds users by normalized email, creating them once, filling an empty name only', async () => {
    const a = await identity.findOrCreateUserByEmail('  Ada@Example.TEST ');
    expect(a).toMatchObject({ email: 'ada@example.test', name: '' });
    const b = await identity.findOrCreateUserByEmail('ada@example.test', 'Ada Lovelace');
    expect(b).toEqual({ ...a, name: 'Ada Lovelace' });
    const c = await identity.findOrCreateUserByEmail('ADA@example.test', 'Someone Else');
    expect(c.name).toBe('Ada Lovelace');
    const [x, y] = await Promise.all([
      identity.findOrCreateUserByEmail('race@example.test'),
      identity.findOrCreateUserByEmail('Race@example.test'),
    ]);
    expect(x.userId).toBe(y.userId);
    expect(await store.collection('users').count({ email: 'race@example.test' })).toBe(1);
  });

  it('upserts memberships and lists them oldest first', async () => {
    const user = await identity.findOrCreateUserByEmail('member@example.test');
    await identity.addMembership(user.userId, 'ten_b', 'tenant_viewer');
    nowMs += 1;
    await identity.addMembership(user.userId, 'ten_a', 'tenant_admin');
    nowMs += 1;
    const changed = await identity.addMembership(user.userId, 'ten_b', 'tenant_owner');
    expect(changed.role).toBe('tenant_owner');
    const list = await identity.membershipsOf(user.userId);
    expect(list.map((m) => [m.tenantId, m.role])).toEqual([
      ['ten_b', 'tenant_owner'],
      ['ten_a', 'tenant_admin'],
    ]);
  });

  it('keeps creation order for memberships added within the same millisecond', async () => {
    const user = await identity.findOrCreateUserByEmail('samems@example.test');
    const order = ['ten_3', 'ten_1', 'ten_4', 'ten_2'];
    for (const t of order) await identity.addMembership(user.userId, t, 'tenant_viewer');
    expect((await identity.membershipsOf(user.userId)).map((m) => m.tenantId)).toEqual(order);
  });

  it('stores a session by token hash only, switches workspaces with membership, revokes', async () => {
    const user = await identity.findOrCreateUserByEmail('session@example.test');
    await identity.addMembership(user.userId, 'ten_a', 'tenant_staff');
    const created = await identity.createSession(user.userId, 'ten_a');
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(created.tokenHash).toBe(hashSessionToken(created.token));
    expect(created.expiresAtMs).toBe(nowMs + 30 * 86_400_000);
    const row = await store.collection('sessions').findOne({ _id: created.sessionId });
    expect(JSON.stringify(row)).not.toContain(created.token);

    const found = await identity.findSessionByToken(created.token);
    expect(found).toMatchObject({ sessionId: created.sessionId, userId: user.userId, tenantId: 'ten_a' });
    expect(await identity.findSessionByToken('B'.repeat(43))).toBeNull();

    expect(await identity.switchWorkspace(created.sessionId, 'ten_other')).toBe(false);
    await identity.addMembership(user.userId, 'ten_other', 'tenant_viewer');
    expect(await identity.switchWorkspace(created.sessionId, 'ten_other')).toBe(true);
    expect((await identity.findSessionByToken(created.token))?.tenantId).toBe('ten_other');

    await identity.revokeSession(created.sessionId);
    expect(await identity.findSessionByToken(created.token)).toBeNull();
    expect(await identity.switchWorkspace(created.sessionId, 'ten_a')).toBe(false);
  });
});

describe('OAuthAttempts', () => {
  it('are single-use, expire after 10 minutes, and are stored under a hash of the cookie id', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    let nowMs = 1_700_000_000_000;
    const attempts = new OAuthAttempts(store, () => nowMs);
    await attempts.ensureIndexes();
    const fields = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/x' };
    const first = await attempts.create(fields);
    expect(await store.collection('oauth_attempts').findOne({ _id: first.id })).toBeNull();
    expect(await attempts.take(first.id)).toEqual(fields);
    expect(await attempts.take(first.id)).toBeNull();

    const late = await attempts.create(fields);
    nowMs += 10 * 60 * 1000;
    expect(await attempts.take(late.id)).toBeNull();
    expect(await attempts.take('not-an-id')).toBeNull();
    await store.close();
  });
});
