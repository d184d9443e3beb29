// Where the Stripe SDK is sent (STRIPE_API_URL taken apart for it) and which keys are taken as
// Stripe secret keys (docs/decisions.md "Payments").

import { describe, expect, it } from 'vitest';
import type { FieldViolation } from '@svc/errors';
import { secretKeyMode } from '../src/payments/domain/payment-input.js';
import { stripeAddress } from '../src/payments/providers/stripe-client.js';
import { integrationsConfigSchema } from '../src/config.js';

describe('stripeAddress', () => {
  it('takes the host, port and protocol, with the default ports', () => {
    expect(stripeAddress('https://api.stripe.com')).toEqual({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
      pathPrefix: '',
    });
    expect(stripeAddress('http://127.0.0.1:12111/')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
      pathPrefix: '',
    });
    expect(stripeAddress('http://[::1]:8080/stripe/')).toEqual({
      host: '::1',
      port: 8080,
      protocol: 'http',
      pathPrefix: '/stripe',
    });
    expect(stripeAddress('http://localhost')).toMatchObject({ port: 80 });
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => stripeAddress('ftp://api.stripe.com')).toThrow(/http/);
  });

  it('is configured by STRIPE_API_URL, Stripe itself by default', () => {
    expect(integrationsConfigSchema.parse({}).STRIPE_API_URL).toBe('https://api.stripe.com');
    expect(integrationsConfigSchema.parse({ STRIPE_API_URL: 'http://127.0.0.1:4242' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:4242',
    );
    expect(() => integrationsConfigSchema.parse({ STRIPE_API_URL: 'ftp://stripe.example' })).toThrow();
  });
});

describe('secretKeyMode', () => {
  const modeOf = (key: string) => {
    const violations: FieldViolation[] = [];
    return { mode: secretKeyMode(key, violations), violations };
  };

  it('takes restricted and standard secret keys, live or test', () => {
    expect(modeOf('rk_live_51Abc').mode).toBe('live');
    expect(modeOf('rk_test_51Abc').mode).toBe('test');
    expect(modeOf('sk_live_51Abc').mode).toBe('live');
    expect(modeOf('sk_test_51Abc').mode).toBe('test');
  });

  it('refuses anything else at secretKey, without repeating it', () => {
    for (const key of [
      'pk_live_51Abc',
      'rk_prod_51Abc',
      'sk_test_%41',
      ' sk_test_51Abc',
      'sk_test_51\nAbc',
      'x'.repeat(20),
    ]) {
      const { mode, violations } = modeOf(key);
      expect(mode).toBeNull();
      expect(violations).toEqual([{ path: 'secretKey', message: expect.stringContaining('Stripe secret key') }]);
      expect(violations[0]!.message).not.toContain(key);
    }
    expect(modeOf('').violations).toEqual([{ path: 'secretKey', message: 'is required' }]);
  });
});
