import { randomBytes } from 'node:crypto';
import { LruCache, type LruBounds } from '@svc/cache';
import { constantTimeEqual, sha256Hex } from '@svc/crypto';
import type { Collection } from '@svc/store';

/**
 * A kind of Bearer secret the gateway issues: its prefix, then 32 random bytes in base64url.
 * Partner API keys (`sk_live_`) and platform keys (`pk_live_`) are made, stored and checked the
 * same way (docs/decisions.md "API keys and scopes", "Platform provisioning"); the prefix alone
 * keeps one kind from ever being taken for the other.
 */
export class KeySecretKind {
  private readonly pattern: RegExp;

  constructor(readonly prefix: string) {
    this.pattern = new RegExp(`^${prefix}[A-Za-z0-9_-]{43}$`);
  }

  newSecret(): string {
    return this.prefix + randomBytes(32).toString('base64url');
  }

  /** Shape of a secret of this kind; anything else is not worth a lookup. */
  looksLike(value: string): boolean {
    return this.pattern.test(value);
  }
}

/** What a partner sends as `Authorization: Bearer …` on /v1 and MCP. */
export const API_KEY_SECRET = new KeySecretKind('sk_live_');
/** What an operator's platform sends as `Authorization: Bearer …` on /platform/v1. */
export const PLATFORM_KEY_SECRET = new KeySecretKind('pk_live_');

/** How much of a secret the key record shows (docs/decisions.md "API keys and scopes"). */
export const KEY_PREFIX_LENGTH = 12;

/**
 * The indexed lookup id of a secret, and the only thing stored of it: SHA-256, hex. A secret has
 * 256 random bits, so a plain hash cannot be reversed or guessed (no salt or slow hash needed);
 * and an index lookup by hash leaks nothing usable through timing, since no caller can choose
 * the hash a guess will land on.
 */
export function keySecretHash(secret: string): string {
  return sha256Hex(secret);
}

/** The fields of a key record that a new secret sets: the prefix it is recognised by and the hash. */
export function secretFields(secret: string): { prefix: string; secretHash: string } {
  return { prefix: secret.slice(0, KEY_PREFIX_LENGTH), secretHash: keySecretHash(secret) };
}

/** What every key record holds of its secret and use. */
export interface SecretKeyDoc {
  [key: string]: unknown;
  _id: string;
  secretHash: string;
  status: 'active' | 'revoked';
  lastUsedAtMs: number | null;
}

/**
 * The active key this Bearer secret belongs to, or null (unknown, rotated away, revoked, or not
 * a secret of this kind). One indexed read by the secret's hash; the stored hash is compared
 * again in constant time.
 */
export async function findActiveBySecret<D extends SecretKeyDoc>(
  keys: Collection<D>,
  kind: KeySecretKind,
  secret: string,
): Promise<D | null> {
  if (!kind.looksLike(secret)) return null;
  const hash = keySecretHash(secret);
  const doc = await keys.findOne({ secretHash: hash, status: 'active' });
  if (!doc || !constantTimeEqual(Buffer.from(doc.secretHash), Buffer.from(hash))) return null;
  return doc;
}

/** `lastUsedAtMs` is written at most this often per key and process, never on every request. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
/**
 * Bounds of the "last written" memo (docs/operations.md "Memory bounds"); a key it forgot is
 * written again at most once more (its stored lastUsedAtMs usually says it was written already).
 */
export const LAST_USED_MEMO_BOUNDS: LruBounds = { maxEntries: 10_000, maxBytes: 2 * 1024 * 1024 };

/** Notes a key's use (lastUsedAtMs) without making the request wait for the write. */
export class LastUsedWriter<D extends SecretKeyDoc> {
  /** key id → when this process last wrote its lastUsedAtMs. */
  private readonly lastWritten: LruCache<number>;

  constructor(
    private readonly keys: Collection<D>,
    private readonly now: () => number,
    /** Sees a failed write (the request it belongs to is answered anyway). */
    private readonly onError: (err: unknown) => void,
    bounds: LruBounds = LAST_USED_MEMO_BOUNDS,
  ) {
    this.lastWritten = new LruCache<number>({ ...bounds, sizeOf: () => 8 });
  }

  /** Writes lastUsedAtMs when this process has not written it for a minute. */
  touch(doc: D): void {
    const nowMs = this.now();
    const last = this.lastWritten.get(doc._id) ?? doc.lastUsedAtMs ?? -Infinity;
    if (nowMs - last < LAST_USED_WRITE_INTERVAL_MS) return;
    this.lastWritten.set(doc._id, nowMs);
    this.keys.updateOne({ _id: doc._id }, { lastUsedAtMs: nowMs } as Partial<D>).catch(this.onError);
  }
}
