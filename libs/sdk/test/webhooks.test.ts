import { describe, expect, it } from 'vitest';
import { webhookSignature } from '@svc/crypto';
import { verifyWebhook } from '../src/webhooks.js';

// Signed with the dispatcher's own function (@svc/crypto), verified with the SDK's: the two agree.
describe('verifyWebhook', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","type":"booking.created"}';
  const headers = (over: Record<string, string | undefined> = {}) => ({
    'x-service-timestamp': '1700000000',
    'x-service-signature': webhookSignature(secret, 1_700_000_000, body),
    ...over,
  });
  const at = { nowSec: 1_700_000_010 };

  it('accepts the signature over timestamp.body, as a string, bytes, or with Fetch Headers', () => {
    expect(verifyWebhook(body, headers(), secret, at)).toBe(true);
    expect(verifyWebhook(Buffer.from(body), headers(), secret, at)).toBe(true);
    expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers()), secret, at)).toBe(true);
    expect(
      verifyWebhook(
        body,
        { 'X-Service-Timestamp': '1700000000', 'X-Service-Signature': headers()['x-service-signature'] },
        secret,
        at,
      ),
    ).toBe(true);
  });

  it('refuses a changed body, another secret, a moved timestamp or a missing header', () => {
    expect(verifyWebhook(`${body} `, headers(), secret, at)).toBe(false);
    expect(verifyWebhook(body, headers(), 'whsec_other', at)).toBe(false);
    expect(verifyWebhook(body, headers(), '', at)).toBe(false);
    expect(verifyWebhook(body, headers({ 'x-service-timestamp': '1700000001' }), secret, at)).toBe(false);
    expect(verifyWebhook(body, headers({ 'x-service-signature': undefined }), secret, at)).toBe(false);
    expect(verifyWebhook(body, headers({ 'x-service-timestamp': 'abc' }), secret, at)).toBe(false);
    expect(verifyWebhook(body, headers({ 'x-service-signature': 'sha256=00' }), secret, at)).toBe(false);
  });

  it('refuses a timestamp further than the tolerance from the clock, either way', () => {
    expect(verifyWebhook(body, headers(), secret, { nowSec: 1_700_000_300 })).toBe(true);
    expect(verifyWebhook(body, headers(), secret, { nowSec: 1_700_000_301 })).toBe(false);
    expect(verifyWebhook(body, headers(), secret, { nowSec: 1_699_999_699 })).toBe(false);
    expect(verifyWebhook(body, headers(), secret, { nowSec: 1_700_000_301, toleranceSec: 400 })).toBe(true);
  });

  it('refuses a header sent twice', () => {
    const twice = { ...headers(), 'x-service-signature': [headers()['x-service-signature'], 'sha256=00'] };
    expect(verifyWebhook(body, twice, secret, at)).toBe(false);
  });
});
