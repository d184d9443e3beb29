import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@svc/crypto';
import type { Collection, DocumentStore, IndexSpec } from '@svc/store';

import { OAUTH_ATTEMPTS } from './documents.js';
/** How long a started login may take at the provider. */
export const OAUTH_ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** What the callback must check, kept on the server so the browser never holds it. */
export interface OAuthAttemptFields {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

interface OAuthAttemptDoc extends OAuthAttemptFields {
  [key: string]: unknown;
  /** SHA-256 hex of the cookie value, so a store dump cannot be replayed as a cookie. */
  _id: string;
  createdAtMs: number;
  expiresAtMs: number;
}

const INDEXES: IndexSpec[] = [{ collection: OAUTH_ATTEMPTS, fields: ['expiresAtMs'], name: 'by_expiry' }];

/** Pending logins between /auth/google/start and the callback: short-lived and single-use. */
export class OAuthAttempts {
  private readonly attempts: Collection<OAuthAttemptDoc>;

  constructor(
    private readonly store: DocumentStore,
    private readonly now: () => number = Date.now,
  ) {
    this.attempts = store.collection<OAuthAttemptDoc>(OAUTH_ATTEMPTS);
  }

  async ensureIndexes(): Promise<void> {
    await this.store.ensureIndexes(INDEXES);
  }

  /** Stores the attempt; answers the random id for the cookie. */
  async create(fields: OAuthAttemptFields): Promise<{ id: string; expiresAtMs: number }> {
    const nowMs = this.now();
    // Abandoned logins are swept here, so the collection stays small without a background job.
    await this.attempts.deleteMany({ expiresAtMs: { $lt: nowMs } });
    const id = randomBytes(32).toString('base64url');
    const expiresAtMs = nowMs + OAUTH_ATTEMPT_TTL_MS;
    await this.attempts.insertOne({ _id: sha256Hex(id), ...fields, createdAtMs: nowMs, expiresAtMs });
    return { id, expiresAtMs };
  }

  /**
   * Removes and answers the attempt, or null when unknown, already used or expired. The delete
   * decides who owns it, so two callbacks racing with the same cookie cannot both proceed.
   */
  async take(id: string): Promise<OAuthAttemptFields | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const _id = sha256Hex(id);
    const doc = await this.attempts.findOne({ _id });
    if (!doc || (await this.attempts.deleteMany({ _id })) !== 1) return null;
    if (doc.expiresAtMs <= this.now()) return null;
    return { state: doc.state, nonce: doc.nonce, codeVerifier: doc.codeVerifier, returnTo: doc.returnTo };
  }
}
