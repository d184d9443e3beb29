import { LruCache, stringBytes, type LruBounds } from '@svc/cache';
import { sha256Hex } from '@svc/crypto';
import type { IdentityChange } from '@svc/events';

/** What the gateway may keep of an identity answer: the session's, a key's (docs/decisions.md "Identity service"). */
export type CachedCredential =
  | { kind: 'session'; sessionId: string; userId: string; tenantId: string }
  | { kind: 'api_key'; apiKeyId: string }
  | { kind: 'platform_key'; platformKeyId: string };

interface Entry<V> {
  value: V;
  credential: CachedCredential;
  /** The safety net: an entry no event dropped is asked for again after this. */
  staleAtMs: number;
}

/** Entries and bytes of the gateway's identity cache (docs/operations.md "Memory bounds"). */
export const CREDENTIAL_CACHE_BOUNDS: LruBounds = { maxEntries: 10_000, maxBytes: 8 * 1024 * 1024 };

/**
 * The gateway's cache of identity decisions (a session with its membership, a key), keyed by a
 * hash of the credential, never the credential itself. Bounded (LruCache); an entry lives at most
 * `ttlMs` (a safety net), and an identity.events change that names it drops it at once, which
 * is what makes a revoked key, a logout or a removed member refused by every gateway within a
 * second. `ttlMs` 0 caches nothing.
 */
export class CredentialCache<V> {
  private readonly entries: LruCache<Entry<V>>;
  /**
   * Counts drops. An answer asked for before a drop may predate the change that caused it (a
   * revoke processed while the lookup was in flight), so it is not kept: `set` takes the
   * generation `stamp()` gave before the lookup and keeps nothing when a drop came since.
   */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    bounds: LruBounds = CREDENTIAL_CACHE_BOUNDS,
    sizeOf: (value: V) => number = (value) => stringBytes(JSON.stringify(value)),
  ) {
    this.entries = new LruCache<Entry<V>>({ ...bounds, sizeOf: (entry) => sizeOf(entry.value) + 64 });
  }

  /** The cache key of a credential: its namespace and SHA-256, so the secret is never held. */
  static keyOf(namespace: string, secret: string): string {
    return `${namespace}:${sha256Hex(secret)}`;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.staleAtMs <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The generation to hand back to `set` with the answer of a lookup started now. */
  stamp(): number {
    return this.generation;
  }

  set(key: string, value: V, credential: CachedCredential, stamp: number): void {
    if (this.ttlMs <= 0 || stamp !== this.generation) return;
    this.entries.set(key, { value, credential, staleAtMs: this.now() + this.ttlMs });
  }

  /** Drops every entry the change names; answers how many. */
  drop(change: IdentityChange): number {
    this.generation += 1;
    let dropped = 0;
    for (const key of this.entries.keys()) {
      const entry = this.entries.get(key);
      if (entry && names(change, entry.credential)) {
        this.entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }
}

function names(change: IdentityChange, credential: CachedCredential): boolean {
  switch (change.kind) {
    case 'session':
      return credential.kind === 'session' && credential.sessionId === change.sessionId;
    case 'membership':
      return (
        credential.kind === 'session' && credential.userId === change.userId && credential.tenantId === change.tenantId
      );
    case 'api_key':
      return credential.kind === 'api_key' && credential.apiKeyId === change.apiKeyId;
    case 'platform_key':
      return credential.kind === 'platform_key' && credential.platformKeyId === change.platformKeyId;
  }
}
