// Each check of the manage-token format (docs/decisions.md "Manage token") pinned by a case that
// only that check decides: a token or payload that every other check accepts. These are the
// cases mutation testing (`npm run mutation`, docs/testing.md) found unasserted.

import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from '../src/base64url.js';
import { hmacSha256 } from '../src/hash.js';
import {
  MANAGE_TOKEN_TTL_MS,
  mintManageToken,
  verifyManageToken,
  type ManageAction,
  type ManageTokenKeys,
} from '../src/index.js';

const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);
const keys: ManageTokenKeys = { current: { kid: 'k2', secret: 'current-secret-0123456789abcdef' } };
const claims = { tenantId: 'ten_1', bookingId: 'bkg_1', customerId: 'cus_1' };
const good = { ...claims, actions: ['read'], iatMs: NOW, expMs: NOW + 1000, kid: 'k2' };

/** A correctly signed token over an arbitrary payload, so only the payload's shape can fail it. */
const signed = (payload: unknown): string => {
  const part = encodeBase64Url(JSON.stringify(payload));
  return `svc_m1.${part}.${encodeBase64Url(hmacSha256(keys.current.secret, `svc_m1.${part}`))}`;
};

describe('minting refuses bad input with a message naming the fault', () => {
  it('an empty kid or secret names the key', () => {
    for (const current of [
      { kid: '', secret: 's' },
      { kid: 'k', secret: '' },
    ]) {
      expect(() => mintManageToken({ current }, claims, NOW)).toThrow(
        new TypeError('the current manage-token key needs a non-empty kid and secret'),
      );
    }
  });

  it('each missing claim is refused by name', () => {
    for (const field of ['tenantId', 'bookingId', 'customerId'] as const) {
      expect(() => mintManageToken(keys, { ...claims, [field]: '' }, NOW)).toThrow(
        new TypeError(`manage-token claim ${field} must be a non-empty string`),
      );
    }
  });

  it('an action outside read/cancel/reschedule is refused even beside valid ones', () => {
    const message = 'manage-token actions must be a non-empty subset of read, cancel, reschedule';
    expect(() => mintManageToken(keys, { ...claims, actions: ['read', 'delete' as ManageAction] }, NOW)).toThrow(
      new TypeError(message),
    );
    expect(() => mintManageToken(keys, { ...claims, actions: [] }, NOW)).toThrow(new TypeError(message));
  });

  it('nowMs must be a non-negative integer: 0 (the epoch) mints, -1 does not', () => {
    const token = mintManageToken(keys, claims, 0);
    expect(verifyManageToken(keys, token, 0)).toMatchObject({ iatMs: 0, expMs: MANAGE_TOKEN_TTL_MS });
    for (const bad of [-1, -MANAGE_TOKEN_TTL_MS, 1.5]) {
      expect(() => mintManageToken(keys, claims, bad)).toThrow(new TypeError('nowMs must be a non-negative integer'));
    }
  });
});

describe('verification refuses a correctly signed payload that breaks one rule', () => {
  it('accepts the reference payload (so each rejection below is the rule’s doing)', () => {
    expect(verifyManageToken(keys, signed(good), NOW)).toEqual(good);
  });

  it('an unknown action beside a known one', () => {
    expect(verifyManageToken(keys, signed({ ...good, actions: ['read', 'delete'] }), NOW)).toBeNull();
    expect(verifyManageToken(keys, signed({ ...good, actions: ['delete', 'read'] }), NOW)).toBeNull();
  });

  it('an expiry not after issue, even when nowMs is before both', () => {
    const later = NOW + 5000;
    expect(verifyManageToken(keys, signed({ ...good, iatMs: later, expMs: later }), NOW)).toBeNull();
    expect(verifyManageToken(keys, signed({ ...good, iatMs: later + 1, expMs: later }), NOW)).toBeNull();
    expect(verifyManageToken(keys, signed({ ...good, iatMs: later - 1, expMs: later }), NOW)).not.toBeNull();
  });
});

describe('the 4,096-character bound', () => {
  // The payload's length grows with the tenant id: pick the id whose token has `length` characters.
  const tokenOfLength = (length: number): string => {
    for (let n = 1; n < length; n++) {
      const token = mintManageToken(keys, { ...claims, tenantId: 't'.repeat(n) }, NOW);
      if (token.length === length) return token;
      if (token.length > length) break;
    }
    throw new Error(`no token of ${length} characters`);
  };

  it('a valid token of up to 4,096 characters verifies; a longer, equally valid one does not', () => {
    // svc_m1.<payload>.<43-character signature>: 4,095 is the longest length at or under the bound
    // that base64url can produce (docs/testing.md, manage-token survivors).
    const longest = tokenOfLength(4095);
    expect(verifyManageToken(keys, longest, NOW)?.bookingId).toBe('bkg_1');
    const over = tokenOfLength(4099);
    expect(over.split('.')[1]).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(verifyManageToken(keys, over, NOW)).toBeNull();
  });
});
