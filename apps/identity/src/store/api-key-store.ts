import { randomUUID } from 'node:crypto';
import type { LruBounds } from '@svc/cache';
import { DomainError } from '@svc/errors';
import type { ApiKeyScope, GrantedScope } from '@svc/rules';
import type { Collection, DocumentStore } from '@svc/store';
import { listPage, type CursorPage } from './cursor-page.js';
import { API_KEYS, type ApiKeyDoc } from './documents.js';
import {
  API_KEY_SECRET,
  findActiveBySecret,
  LAST_USED_MEMO_BOUNDS,
  LastUsedWriter,
  secretFields,
} from './key-secret.js';

export { LAST_USED_MEMO_BOUNDS, LAST_USED_WRITE_INTERVAL_MS } from './key-secret.js';

/** A key as the dashboard lists it: never the secret, nor its hash. */
export interface ApiKey {
  apiKeyId: string;
  tenantId: string;
  name: string;
  prefix: string;
  scopes: GrantedScope[];
  status: 'active' | 'revoked';
  lastUsedAtMs: number | null;
  createdAtMs: number;
  rotatedAtMs: number | null;
  revokedAtMs: number | null;
}

/** A created or rotated key with its secret, which exists only in this answer. */
export interface ApiKeyWithSecret {
  apiKey: ApiKey;
  secret: string;
}

const toApiKey = (d: ApiKeyDoc): ApiKey => ({
  apiKeyId: d._id,
  tenantId: d.tenantId,
  name: d.name,
  prefix: d.prefix,
  scopes: d.scopes as GrantedScope[],
  status: d.status,
  lastUsedAtMs: d.lastUsedAtMs,
  createdAtMs: d.createdAtMs,
  rotatedAtMs: d.rotatedAtMs,
  revokedAtMs: d.revokedAtMs,
});

const notFound = () => new DomainError('NOT_FOUND', 'API key was not found.');

/**
 * Partner API keys over the DocumentStore port (docs/decisions.md "API keys and scopes"), part of
 * the gateway's identity data; the operator CLI uses it too. Only SHA-256 of a secret is stored,
 * under a unique index, so verifying a Bearer secret is one indexed read.
 */
export class ApiKeyStore {
  private readonly keys: Collection<ApiKeyDoc>;
  private readonly lastUsed: LastUsedWriter<ApiKeyDoc>;

  constructor(
    store: DocumentStore,
    private readonly now: () => number = Date.now,
    /** Sees a failed lastUsedAtMs write (the request it belongs to is answered anyway). */
    onTouchError: (err: unknown) => void = () => {},
    lastUsedMemo: LruBounds = LAST_USED_MEMO_BOUNDS,
  ) {
    this.keys = store.collection<ApiKeyDoc>(API_KEYS);
    this.lastUsed = new LastUsedWriter(this.keys, now, onTouchError, lastUsedMemo);
  }

  async create(tenantId: string, name: string, scopes: readonly GrantedScope[]): Promise<ApiKeyWithSecret> {
    const secret = API_KEY_SECRET.newSecret();
    const nowMs = this.now();
    const doc: ApiKeyDoc = {
      _id: `key_${randomUUID()}`,
      tenantId,
      name,
      ...secretFields(secret),
      scopes: [...scopes],
      status: 'active',
      lastUsedAtMs: null,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
      rotatedAtMs: null,
      revokedAtMs: null,
    };
    await this.keys.insertOne(doc);
    return { apiKey: toApiKey(doc), secret };
  }

  /** The tenant's keys, oldest first, revoked ones included (a page of `{ items, nextCursor }`). */
  list(tenantId: string, page: CursorPage) {
    return listPage(this.keys, { tenantId }, page, toApiKey);
  }

  async get(tenantId: string, apiKeyId: string): Promise<ApiKey> {
    const doc = await this.keys.findOne({ _id: apiKeyId, tenantId });
    if (!doc) throw notFound();
    return toApiKey(doc);
  }

  /**
   * A new secret for an active key; the old one stops working with this write (its hash is gone).
   * Scopes, name and id stay. A revoked key cannot come back this way.
   */
  async rotate(tenantId: string, apiKeyId: string): Promise<ApiKeyWithSecret> {
    const doc = await this.keys.findOne({ _id: apiKeyId, tenantId });
    if (!doc) throw notFound();
    // The path is the route's field; defineRoute puts it under `params`.
    if (doc.status !== 'active') {
      throw new DomainError('VALIDATION_ERROR', 'A revoked API key cannot be rotated; create a new one.', [
        { path: 'apiKeyId', message: 'is revoked' },
      ]);
    }
    const secret = API_KEY_SECRET.newSecret();
    const nowMs = this.now();
    const changes = {
      ...secretFields(secret),
      rotatedAtMs: nowMs,
      updatedAtMs: nowMs,
    };
    // Conditional on the hash read, so two rotations at once cannot both hand out a working secret.
    const changed = await this.keys.updateOne(
      { _id: apiKeyId, tenantId, status: 'active', secretHash: doc.secretHash },
      changes,
    );
    if (!changed) return this.rotate(tenantId, apiKeyId);
    return { apiKey: toApiKey({ ...doc, ...changes }), secret };
  }

  /** Revokes the key at once; revoking a revoked key changes nothing. */
  async revoke(tenantId: string, apiKeyId: string): Promise<ApiKey> {
    const nowMs = this.now();
    await this.keys.updateOne(
      { _id: apiKeyId, tenantId, status: 'active' },
      { status: 'revoked', revokedAtMs: nowMs, updatedAtMs: nowMs },
    );
    return this.get(tenantId, apiKeyId);
  }

  /**
   * The active key this Bearer secret belongs to, or null (unknown, rotated away, revoked, or not
   * a secret's shape). One indexed read by the secret's hash; the stored hash is compared again
   * in constant time. Notes the use (lastUsedAtMs) without waiting for it.
   */
  async verify(secret: string): Promise<ApiKey | null> {
    const doc = await findActiveBySecret(this.keys, API_KEY_SECRET, secret);
    if (!doc) return null;
    this.lastUsed.touch(doc);
    return toApiKey(doc);
  }
}

/** The scope names a check needs, for messages. */
export const scopeMessage = (scope: ApiKeyScope) => `This API key lacks the ${scope} scope.`;
