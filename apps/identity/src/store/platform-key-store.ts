import { randomUUID } from 'node:crypto';
import { DomainError } from '@svc/errors';
import type { Collection, DocumentStore } from '@svc/store';
import { listPage, type CursorPage } from './cursor-page.js';
import { PLATFORM_KEYS, type PlatformKeyDoc } from './documents.js';
import { findActiveBySecret, LastUsedWriter, PLATFORM_KEY_SECRET, secretFields } from './key-secret.js';

/** A platform key as the operator CLI lists it: never the secret, nor its hash. */
export interface PlatformKey {
  platformKeyId: string;
  name: string;
  prefix: string;
  status: 'active' | 'revoked';
  lastUsedAtMs: number | null;
  createdAtMs: number;
  revokedAtMs: number | null;
}

/** A created key with its secret, which exists only in this answer. */
export interface PlatformKeyWithSecret {
  platformKey: PlatformKey;
  secret: string;
}

const toPlatformKey = (d: PlatformKeyDoc): PlatformKey => ({
  platformKeyId: d._id,
  name: d.name,
  prefix: d.prefix,
  status: d.status,
  lastUsedAtMs: d.lastUsedAtMs,
  createdAtMs: d.createdAtMs,
  revokedAtMs: d.revokedAtMs,
});

/**
 * Operator-level keys of /platform/v1 (docs/decisions.md "Platform provisioning"), in the
 * gateway's identity store beside the partner API keys and kept the same way (key-secret.ts):
 * only SHA-256 of a secret, under a unique index. The operator CLI makes, lists and revokes them;
 * the gateway only verifies them.
 */
export class PlatformKeyStore {
  private readonly keys: Collection<PlatformKeyDoc>;
  private readonly lastUsed: LastUsedWriter<PlatformKeyDoc>;

  constructor(
    store: DocumentStore,
    private readonly now: () => number = Date.now,
    /** Sees a failed lastUsedAtMs write (the request it belongs to is answered anyway). */
    onTouchError: (err: unknown) => void = () => {},
  ) {
    this.keys = store.collection<PlatformKeyDoc>(PLATFORM_KEYS);
    this.lastUsed = new LastUsedWriter(this.keys, now, onTouchError);
  }

  async create(name: string): Promise<PlatformKeyWithSecret> {
    const secret = PLATFORM_KEY_SECRET.newSecret();
    const nowMs = this.now();
    const doc: PlatformKeyDoc = {
      _id: `plk_${randomUUID()}`,
      name,
      ...secretFields(secret),
      status: 'active',
      lastUsedAtMs: null,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
      revokedAtMs: null,
    };
    await this.keys.insertOne(doc);
    return { platformKey: toPlatformKey(doc), secret };
  }

  /** Every key, oldest first, revoked ones included (a page of `{ items, nextCursor }`). */
  list(page: CursorPage) {
    return listPage(this.keys, {}, page, toPlatformKey);
  }

  /** Revokes the key at once; revoking a revoked key changes nothing. */
  async revoke(platformKeyId: string): Promise<PlatformKey> {
    const nowMs = this.now();
    await this.keys.updateOne(
      { _id: platformKeyId, status: 'active' },
      { status: 'revoked', revokedAtMs: nowMs, updatedAtMs: nowMs },
    );
    const doc = await this.keys.findOne({ _id: platformKeyId });
    if (!doc) throw new DomainError('NOT_FOUND', 'Platform key was not found.');
    return toPlatformKey(doc);
  }

  /**
   * The active key this Bearer secret belongs to, or null (unknown, revoked, or not a `pk_live_`
   * secret: a partner's `sk_live_` key never matches). Notes the use without waiting for it.
   */
  async verify(secret: string): Promise<PlatformKey | null> {
    const doc = await findActiveBySecret(this.keys, PLATFORM_KEY_SECRET, secret);
    if (!doc) return null;
    this.lastUsed.touch(doc);
    return toPlatformKey(doc);
  }
}
