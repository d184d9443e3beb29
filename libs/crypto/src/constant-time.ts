// The default import (not a named one) so tests can observe that comparisons go through it.
import crypto from 'node:crypto';

/**
 * Compares two byte strings in time that depends only on their lengths. timingSafeEqual throws on
 * a length mismatch, so then it compares `a` with itself (same work) and answers false.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) {
    crypto.timingSafeEqual(a, a);
    return false;
  }
  return crypto.timingSafeEqual(a, b);
}
