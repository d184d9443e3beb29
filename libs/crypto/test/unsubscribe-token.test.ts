import { describe, expect, it } from 'vitest';
import { mintManageToken, mintUnsubscribeToken, verifyManageToken, verifyUnsubscribeToken } from '../src/index.js';

const keys = { current: { kid: 'k2', secret: 's'.repeat(40) }, previous: [{ kid: 'k1', secret: 'o'.repeat(40) }] };
const claims = { tenantId: 'ten_1', customerId: 'cus_1' };

describe('unsubscribe tokens', () => {
  it('round-trips the tenant and customer, also under a previous key after a rotation', () => {
    expect(verifyUnsubscribeToken(keys, mintUnsubscribeToken(keys, claims))).toEqual(claims);
    const old = mintUnsubscribeToken({ current: keys.previous[0]! }, claims);
    expect(verifyUnsubscribeToken(keys, old)).toEqual(claims);
    // A key dropped from the configuration no longer verifies its tokens.
    expect(verifyUnsubscribeToken({ current: keys.current }, old)).toBeNull();
  });

  it('refuses a changed payload or signature, another prefix, and a manage token', () => {
    const token = mintUnsubscribeToken(keys, claims);
    const [prefix, payload, signature] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify({ ...claims, customerId: 'cus_2', kid: 'k2' })).toString('base64url');
    expect(verifyUnsubscribeToken(keys, `${prefix}.${other}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(keys, `${prefix}.${payload}.${signature.slice(1)}A`)).toBeNull();
    expect(verifyUnsubscribeToken(keys, `svc_m1.${payload}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(keys, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(keys, 'x'.repeat(5_000))).toBeNull();
    // Same keys, other purpose: neither kind passes for the other.
    const manage = mintManageToken(keys, { ...claims, bookingId: 'bkg_1' }, 1_000);
    expect(verifyUnsubscribeToken(keys, manage)).toBeNull();
    expect(verifyManageToken(keys, token, 1_000)).toBeNull();
  });
});
