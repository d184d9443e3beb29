import type { AcquireOptions } from './lock.js';

/** Rejects arguments no backend can honour, the same way for every adapter. */
export function checkAcquire(key: string, opts: AcquireOptions): void {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('lock key must be a non-empty string');
  checkTtl(opts.ttlMs);
  if (!Number.isFinite(opts.waitMs) || opts.waitMs < 0) {
    throw new RangeError(`waitMs must be a finite number >= 0, got ${opts.waitMs}`);
  }
}

/** Whole milliseconds because Redis PX takes an integer. */
export function checkTtl(ttlMs: number): void {
  if (!Number.isInteger(ttlMs) || ttlMs < 1) {
    throw new RangeError(`ttlMs must be a positive integer, got ${ttlMs}`);
  }
}
