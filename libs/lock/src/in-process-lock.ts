import { randomUUID } from 'node:crypto';
import { checkAcquire, checkTtl } from './check.js';
import { LockUnavailableError, type AcquireOptions, type Lease, type LockManager } from './lock.js';
import { retryWithin } from './retry.js';

interface Held {
  readonly token: string;
  expiresAtMs: number;
}

// Monotonic, so wall-clock jumps neither free nor pin a key.
const now = (): number => performance.now();

/** Locks shared only by callers of this one instance (single process, tests, local runs). */
export class InProcessLockManager implements LockManager {
  readonly #held = new Map<string, Held>();
  #closed = false;
  /** Expired keys nobody touches again are swept once the map grows past this size. */
  #sweepAt = 1024;

  async acquire(key: string, opts: AcquireOptions): Promise<Lease | null> {
    checkAcquire(key, opts);
    return retryWithin(opts.waitMs, async () => this.#tryAcquire(key, opts.ttlMs));
  }

  async release(lease: Lease): Promise<boolean> {
    this.#assertOpen();
    if (!this.#owned(lease)) return false;
    this.#held.delete(lease.key);
    return true;
  }

  async extend(lease: Lease, ttlMs: number): Promise<boolean> {
    checkTtl(ttlMs);
    this.#assertOpen();
    const held = this.#owned(lease);
    if (!held) return false;
    held.expiresAtMs = now() + ttlMs;
    return true;
  }

  async ping(): Promise<void> {
    this.#assertOpen();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#held.clear();
  }

  #tryAcquire(key: string, ttlMs: number): Lease | null {
    this.#assertOpen();
    if (this.#live(key)) return null;
    if (this.#held.size >= this.#sweepAt) this.#sweep();
    const token = randomUUID();
    this.#held.set(key, { token, expiresAtMs: now() + ttlMs });
    return { key, token };
  }

  /** The entry for `lease.key` if it is unexpired and carries `lease.token`. */
  #owned(lease: Lease): Held | undefined {
    const held = this.#live(lease.key);
    return held?.token === lease.token ? held : undefined;
  }

  /** The unexpired entry for `key`; an expired one is dropped, which is what frees the key. */
  #live(key: string): Held | undefined {
    const held = this.#held.get(key);
    if (held && held.expiresAtMs <= now()) {
      this.#held.delete(key);
      return undefined;
    }
    return held;
  }

  #sweep(): void {
    for (const key of [...this.#held.keys()]) this.#live(key);
    this.#sweepAt = Math.max(1024, this.#held.size * 2);
  }

  /** After close() every call fails like an unreachable Redis would, so callers see one behaviour. */
  #assertOpen(): void {
    if (this.#closed) throw new LockUnavailableError('lock manager is closed');
  }
}
