import { DependencyUnavailableError } from '@svc/errors';

/** A held lock: the key and the random token that proves ownership. */
export interface Lease {
  readonly key: string;
  readonly token: string;
}

export interface AcquireOptions {
  /** How long the lock lives unless released or extended. */
  ttlMs: number;
  /** How long to keep trying before answering "not acquired" (0 = one try). */
  waitMs: number;
}

/**
 * Mutual exclusion across contenders (in one process or, with Redis, across processes).
 * Never hangs: acquire answers null after waitMs; release/extend answer false when the token
 * no longer owns the key (expired, or someone else's token).
 */
export interface LockManager {
  acquire(key: string, opts: AcquireOptions): Promise<Lease | null>;
  release(lease: Lease): Promise<boolean>;
  extend(lease: Lease, ttlMs: number): Promise<boolean>;
  /** Throws when the backing server is unreachable (used by health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The lock backend could not be reached; the gRPC binding answers it as an outage (503). */
export class LockUnavailableError extends DependencyUnavailableError {
  override readonly name = 'LockUnavailableError';
}
