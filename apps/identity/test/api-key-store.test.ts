// The API key store (docs/decisions.md "API keys and scopes") on both store adapters: only the
// secret's hash is kept, verification is one indexed read by it, rotate and revoke take effect
// at once, lastUsedAtMs is written at most once a minute.

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mongoForSuites } from '@svc/testing';
import { openMongoStore, openSqliteStore, type Collection, type Document, type DocumentStore } from '@svc/store';
import { ApiKeyStore, IdentityStore, LAST_USED_WRITE_INTERVAL_MS, type ApiKeyWithSecret } from '../src/index.js';
import { ENTRY_OVERHEAD_BYTES, stringBytes } from '@svc/cache';

function apiKeyStoreSuite(name: string, open: () => Promise<DocumentStore>) {
  describe(`ApiKeyStore on ${name}`, () => {
    let store: DocumentStore;
    let now = 1_000_000;
    let reads: Array<{ filter: unknown }>;
    let keys: ApiKeyStore;

    beforeEach(async () => {
      store = await open();
      await new IdentityStore(store).ensureIndexes();
      reads = [];
      keys = new ApiKeyStore(recordingReads(store, reads), () => now);
    });
    afterEach(() => store.close());

    it('stores only the SHA-256 of the secret and verifies by it in one indexed read', async () => {
      const { apiKey, secret } = await keys.create('ten_a', 'ci', ['booking:read']);
      const [doc] = await store.collection('api_keys').find({ _id: apiKey.apiKeyId });
      expect(JSON.stringify(doc)).not.toContain(secret);
      expect(doc).toMatchObject({ prefix: secret.slice(0, 12), secretHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

      reads.length = 0;
      expect(await keys.verify(secret)).toMatchObject({
        apiKeyId: apiKey.apiKeyId,
        tenantId: 'ten_a',
        scopes: ['booking:read'],
      });
      expect(reads).toEqual([{ filter: { secretHash: doc!.secretHash, status: 'active' } }]);
      // Wrong shapes are not even looked up; a well-formed unknown one is one read and null.
      reads.length = 0;
      expect(await keys.verify('sk_live_short')).toBeNull();
      expect(await keys.verify(`${secret}x`)).toBeNull();
      expect(reads).toHaveLength(0);
      expect(await keys.verify(`sk_live_${'A'.repeat(43)}`)).toBeNull();
      expect(reads).toHaveLength(1);
    });

    it('rotate hands out a new secret and the old one stops; revoke stops it for good', async () => {
      const { apiKey, secret } = await keys.create('ten_a', 'ci', ['*']);
      const rotated = await keys.rotate('ten_a', apiKey.apiKeyId);
      expect(rotated.secret).not.toBe(secret);
      expect(await keys.verify(secret)).toBeNull();
      expect(await keys.verify(rotated.secret)).toMatchObject({ apiKeyId: apiKey.apiKeyId });
      await expect(keys.rotate('ten_b', apiKey.apiKeyId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(keys.revoke('ten_b', apiKey.apiKeyId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect((await keys.revoke('ten_a', apiKey.apiKeyId)).status).toBe('revoked');
      expect(await keys.verify(rotated.secret)).toBeNull();
      await expect(keys.rotate('ten_a', apiKey.apiKeyId)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    });

    it('two rotations at once leave exactly one working secret', async () => {
      const { apiKey } = await keys.create('ten_a', 'ci', ['*']);
      const [a, b] = await Promise.all([keys.rotate('ten_a', apiKey.apiKeyId), keys.rotate('ten_a', apiKey.apiKeyId)]);
      const working = [(await keys.verify(a.secret)) !== null, (await keys.verify(b.secret)) !== null];
      expect(working.filter(Boolean)).toHaveLength(1);
    });

    it('writes lastUsedAtMs on first use and then at most once a minute', async () => {
      const { apiKey, secret } = await keys.create('ten_a', 'ci', ['*']);
      const lastUsed = async () => (await keys.get('ten_a', apiKey.apiKeyId)).lastUsedAtMs;
      await keys.verify(secret);
      await expect.poll(lastUsed).toBe(1_000_000);
      now += LAST_USED_WRITE_INTERVAL_MS - 1;
      await keys.verify(secret);
      now += 1;
      await keys.verify(secret);
      // No pause needed to see that the verify a moment short of the interval wrote nothing: had
      // it written, the one after it would be too soon to write, and the stored value would stay
      // one millisecond short of this.
      await expect.poll(lastUsed).toBe(1_000_000 + LAST_USED_WRITE_INTERVAL_MS);
    });

    it('lists a tenant’s keys oldest first in pages, without secrets', async () => {
      for (let i = 0; i < 3; i++) {
        now += 1;
        await keys.create('ten_a', `k${i}`, ['booking:read']);
      }
      await keys.create('ten_b', 'other', ['*']);
      const first = await keys.list('ten_a', { limit: 2 });
      expect(first.items.map((k) => k.name)).toEqual(['k0', 'k1']);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await keys.list('ten_a', { limit: 2, cursor: first.nextCursor! });
      expect(second).toMatchObject({ items: [{ name: 'k2' }], nextCursor: null });
      expect(JSON.stringify(first)).not.toContain('secretHash');
    });
  });
}

describe('the memo of lastUsedAtMs writes', () => {
  /** Keys whose lastUsedAtMs writes never land (as while they are still on their way), counted. */
  async function keysWithPendingWrites(bounds: { maxEntries: number; maxBytes: number }) {
    const store: DocumentStore = await openSqliteStore({ file: ':memory:' });
    await new IdentityStore(store).ensureIndexes();
    const writes: string[] = [];
    const pending = onApiKeys(store, () => ({
      updateOne: async (filter) => {
        writes.push((filter as { _id: string })._id);
        return 1;
      },
    }));
    const keys = new ApiKeyStore(pending, () => 1_000_000, undefined, bounds);
    const made: ApiKeyWithSecret[] = [];
    for (const name of ['a', 'b', 'c']) made.push(await keys.create('ten_a', name, ['*']));
    const use = async (i: number) => keys.verify(made[i]!.secret);
    return { store, writes, use, id: (i: number) => made[i]!.apiKey.apiKeyId };
  }

  /** What one remembered key costs: its id (`key_` + a UUID), the time and the entry. */
  const entryBytes = stringBytes(`key_${randomUUID()}`) + 8 + ENTRY_OVERHEAD_BYTES;

  it.each([
    ['entries', { maxEntries: 2, maxBytes: 1_000_000 }],
    ['bytes', { maxEntries: 1_000, maxBytes: 2 * entryBytes }],
  ])('keeps at most its bound in %s, forgetting the least recently used key first', async (_bound, bounds) => {
    const { store, writes, use, id } = await keysWithPendingWrites(bounds);
    try {
      await use(0);
      await use(1);
      await use(0); // remembered: no second write; key 1 is now the least recently used
      expect(writes).toEqual([id(0), id(1)]);
      await use(2); // the memo holds two: key 1 is forgotten
      await use(0);
      expect(writes).toEqual([id(0), id(1), id(2)]);
      await use(1);
      expect(writes).toEqual([id(0), id(1), id(2), id(1)]);
    } finally {
      await store.close();
    }
  });
});

/** The store with methods of its api_keys collection replaced by `change` (given the real collection). */
function onApiKeys(
  store: DocumentStore,
  change: <T extends Document>(inner: Collection<T>) => Partial<Collection<T>>,
): DocumentStore {
  return {
    ...store,
    collection<T extends Document>(name: string): Collection<T> {
      const inner = store.collection<T>(name);
      return name === 'api_keys' ? { ...inner, ...change(inner) } : inner;
    },
    ensureIndexes: (specs) => store.ensureIndexes(specs),
    withTransaction: (fn) => store.withTransaction(fn),
    close: () => store.close(),
  };
}

/** The store, noting the filter of every findOne on api_keys. */
function recordingReads(store: DocumentStore, reads: Array<{ filter: unknown }>): DocumentStore {
  return onApiKeys(store, (inner) => ({
    findOne: (filter, ...rest) => {
      reads.push({ filter });
      return inner.findOne(filter, ...rest);
    },
  }));
}

apiKeyStoreSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));

// The distributed profile's adapter: MONGODB_URL (a real replica set) when set, else the
// wire-protocol test server, in every CI run (a missing server fails under CI).
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  apiKeyStoreSuite('MongoDB', async () =>
    openMongoStore({ url: await mongo.url(), dbName: `gateway_keys_${randomUUID().replaceAll('-', '').slice(0, 12)}` }),
  );
}
