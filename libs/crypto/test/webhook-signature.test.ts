import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSigningSecret, webhookSignature } from '../src/index.js';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","type":"booking.created"}';

  it('is sha256= and the hex HMAC-SHA256 of timestamp.body keyed with the whole secret', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(webhookSignature(secret, 1_700_000_000, body)).toBe(`sha256=${expected}`);
  });

  it('makes whsec_ secrets of 32 random bytes', () => {
    const a = newWebhookSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSigningSecret()).not.toBe(a);
  });
});
