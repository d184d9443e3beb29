import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeBase64Url } from '../src/base64url.js';
import { hmacSha256 } from '../src/hash.js';
import {
  MANAGE_TOKEN_TTL_MS,
  hasAction,
  mintManageToken,
  verifyManageToken,
  type ManageTokenKeys,
} from '../src/index.js';

const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);
const keys: ManageTokenKeys = { current: { kid: 'k2', secret: 'current-secret-0123456789abcdef' } };
const claims = { tenantId: 'ten_1', bookingId: 'bkg_1', customerId: 'cus_1' };

const split = (token: string) => token.split('.') as [string, string, string];
const decodePayload = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
/** A correctly signed token over an arbitrary payload (to reach the shape checks behind the signature). */
const signed = (payload: unknown, secret = keys.current.secret) => {
  const part = encodeBase64Url(JSON.stringify(payload));
  return `svc_m1.${part}.${encodeBase64Url(hmacSha256(secret, `svc_m1.${part}`))}`;
};

afterEach(() => vi.restoreAllMocks());

describe('manage token', () => {
  it('round-trips: the documented format, all actions by default, 30 days of validity', () => {
    const token = mintManageToken(keys, claims, NOW);
    const [prefix, payloadPart, signaturePart] = split(token);
    expect(prefix).toBe('svc_m1');
    expect(payloadPart).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(signaturePart).toBe(encodeBase64Url(hmacSha256(keys.current.secret, `svc_m1.${payloadPart}`)));
    const expected = {
      ...claims,
      actions: ['read', 'cancel', 'reschedule'],
      iatMs: NOW,
      expMs: NOW + 30 * 24 * 3600 * 1000,
      kid: 'k2',
    };
    expect(decodePayload(payloadPart)).toEqual(expected);
    expect(verifyManageToken(keys, token, NOW)).toEqual(expected);
    expect(MANAGE_TOKEN_TTL_MS).toBe(2_592_000_000);
  });

  it('keeps a narrower action set, in canonical order, and hasAction reads it', () => {
    const token = mintManageToken(keys, { ...claims, actions: ['reschedule', 'read', 'read'] }, NOW);
    const payload = verifyManageToken(keys, token, NOW);
    expect(payload?.actions).toEqual(['read', 'reschedule']);
    expect(hasAction(payload!, 'read')).toBe(true);
    expect(hasAction(payload!, 'cancel')).toBe(false);
  });

  it('refuses to mint with bad input', () => {
    expect(() => mintManageToken(keys, { ...claims, actions: [] }, NOW)).toThrow(TypeError);
    expect(() => mintManageToken(keys, { ...claims, actions: ['delete' as 'read'] }, NOW)).toThrow(TypeError);
    expect(() => mintManageToken(keys, { ...claims, bookingId: '' }, NOW)).toThrow(TypeError);
    expect(() => mintManageToken({ current: { kid: 'k', secret: '' } }, claims, NOW)).toThrow(TypeError);
    expect(() => mintManageToken(keys, claims, Number.NaN)).toThrow(TypeError);
  });

  it('rejects a tampered payload, signature or prefix', () => {
    const token = mintManageToken(keys, claims, NOW);
    const [, payloadPart, signaturePart] = split(token);
    const otherBooking = encodeBase64Url(JSON.stringify({ ...decodePayload(payloadPart), bookingId: 'bkg_2' }));
    expect(verifyManageToken(keys, `svc_m1.${otherBooking}.${signaturePart}`, NOW)).toBeNull();
    const flipped = signaturePart.slice(0, -2) + (signaturePart.at(-2) === 'A' ? 'B' : 'A') + signaturePart.at(-1);
    expect(verifyManageToken(keys, `svc_m1.${payloadPart}.${flipped}`, NOW)).toBeNull();
    expect(verifyManageToken(keys, `svc_m2.${payloadPart}.${signaturePart}`, NOW)).toBeNull();
    expect(verifyManageToken(keys, `${payloadPart}.${signaturePart}`, NOW)).toBeNull();
    // Signed with a secret the server does not have, under the right kid.
    expect(
      verifyManageToken(keys, mintManageToken({ current: { kid: 'k2', secret: 'guess' } }, claims, NOW), NOW),
    ).toBeNull();
  });

  it('rejects malformed tokens without throwing', () => {
    const token = mintManageToken(keys, claims, NOW);
    const [, payloadPart, signaturePart] = split(token);
    const bad = [
      '',
      'svc_m1',
      'svc_m1..',
      `svc_m1.${payloadPart}`,
      `${token}.x`,
      `svc_m1.${payloadPart}!.${signaturePart}`, // not base64url
      `svc_m1.${payloadPart}=.${signaturePart}`, // padding
      `svc_m1.${encodeBase64Url('not json')}.${signaturePart}`,
      'x'.repeat(10_000),
    ];
    for (const t of bad) expect(verifyManageToken(keys, t, NOW)).toBeNull();
    expect(verifyManageToken(keys, 42 as unknown as string, NOW)).toBeNull();
  });

  it('rejects correctly signed payloads of the wrong shape', () => {
    const good = { ...claims, actions: ['read'], iatMs: NOW, expMs: NOW + 1000, kid: 'k2' };
    expect(verifyManageToken(keys, signed(good), NOW)).not.toBeNull();
    const wrong: unknown[] = [
      [good],
      null,
      { ...good, tenantId: '' },
      { ...good, customerId: 7 },
      { ...good, actions: [] },
      { ...good, actions: ['read', 'read'] },
      { ...good, actions: ['delete'] },
      { ...good, actions: 'read' },
      { ...good, iatMs: '1' },
      { ...good, expMs: NOW - 1 },
      { ...good, expMs: 1.5 },
    ];
    for (const payload of wrong) expect(verifyManageToken(keys, signed(payload), NOW)).toBeNull();
  });

  it('expires at expMs', () => {
    const token = mintManageToken(keys, claims, NOW);
    expect(verifyManageToken(keys, token, NOW + MANAGE_TOKEN_TTL_MS - 1)).not.toBeNull();
    expect(verifyManageToken(keys, token, NOW + MANAGE_TOKEN_TTL_MS)).toBeNull();
  });

  it('rotates: an old token verifies while its key is in previous, and stops when it is removed', () => {
    const old = { kid: 'k1', secret: 'old-secret-abcdefabcdefabcdef' };
    const oldToken = mintManageToken({ current: old }, claims, NOW);
    const rotated: ManageTokenKeys = { current: keys.current, previous: [old] };
    expect(verifyManageToken(rotated, oldToken, NOW)?.kid).toBe('k1');
    const newToken = mintManageToken(rotated, claims, NOW);
    expect(verifyManageToken(rotated, newToken, NOW)?.kid).toBe('k2');
    expect(verifyManageToken({ current: keys.current, previous: [] }, oldToken, NOW)).toBeNull();
    expect(verifyManageToken({ current: keys.current }, oldToken, NOW)).toBeNull();
  });

  it('rejects an unknown kid, even when the payload is otherwise valid', () => {
    const token = mintManageToken({ current: { kid: 'k9', secret: keys.current.secret } }, claims, NOW);
    expect(verifyManageToken(keys, token, NOW)).toBeNull();
  });

  it('compares signatures with timingSafeEqual, also when their lengths differ', () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    const token = mintManageToken(keys, claims, NOW);
    const [, payloadPart, signaturePart] = split(token);
    expect(verifyManageToken(keys, token, NOW)).not.toBeNull();
    expect(spy).toHaveBeenCalledTimes(1);
    for (const sig of [signaturePart.slice(0, -1), `${signaturePart}AA`, 'A']) {
      expect(() => verifyManageToken(keys, `svc_m1.${payloadPart}.${sig}`, NOW)).not.toThrow();
      expect(verifyManageToken(keys, `svc_m1.${payloadPart}.${sig}`, NOW)).toBeNull();
    }
    expect(spy.mock.calls.length).toBeGreaterThan(1);
  });
});
