// The logger keeps credentials out of every line (docs/operations.md "Logs"): the redacted
// fields, and any manage token, API key or signing secret wherever else it would appear.

import { describe, expect, it } from 'vitest';
import { createLogger, maskCredentials } from '../src/index.js';

const TOKEN = 'svc_m1.eyJ0ZW5hbnRJZCI6InRudF8xIn0.q2dzcyNLYmZ0Y2h3dC1fTWFuYWdlU2lnbmF0dXJl';
const SIGNATURE = TOKEN.slice(TOKEN.lastIndexOf('.') + 1);
const KEY = 'sk_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
const SIGNING = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
/** A tenant's Stripe keys (docs/decisions.md "Payments"): restricted and standard, test and live. */
const STRIPE_KEYS = ['rk_test_51Pq0123AbCdEf', 'rk_live_51Pq0123AbCdEf', 'sk_test_51Pq0123AbCdEf'];

describe('maskCredentials', () => {
  it('masks each credential shape, keeping its prefix, and leaves the rest of the line alone', () => {
    const line = `GET /booking/manage/${TOKEN}/ics failed with ${KEY}; secret ${SIGNING}. bkg_123 stays`;
    expect(maskCredentials(line)).toBe(
      'GET /booking/manage/svc_m1.[redacted]/ics failed with sk_live_[redacted]; secret whsec_[redacted]. bkg_123 stays',
    );
    expect(maskCredentials(`Stripe refused ${STRIPE_KEYS.join(', ')} for acct_1Weber`)).toBe(
      'Stripe refused rk_test_[redacted], rk_live_[redacted], sk_test_[redacted] for acct_1Weber',
    );
  });
});

describe('createLogger', () => {
  it('writes no credential at trace level: not in a redacted field, a message, an error or an unknown field', () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'trace', { write: (line: string) => void lines.push(line) });
    logger.trace({ manageToken: TOKEN, hook: { signingSecret: SIGNING } }, 'fields');
    logger.debug(`a message quoting ${TOKEN}`);
    logger.error({ err: new Error(`refused ${KEY}`) }, 'an error');
    logger.info({ whatever: { deep: { value: `Bearer ${KEY}` } }, path: `/booking/manage/${TOKEN}` }, 'unknown fields');
    logger.info({ body: { secretKey: 'a key of no known shape' } }, 'a payment key field');
    expect(lines).toHaveLength(5);
    const all = lines.join('');
    for (const secret of [TOKEN, SIGNATURE, KEY, SIGNING, 'a key of no known shape']) expect(all).not.toContain(secret);
    expect(all).toContain('svc_m1.[redacted]');
  });
});
