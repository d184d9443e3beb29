import { describe, expect, it } from 'vitest';
import {
  canonicalLocale,
  CONTACT_REQUIRED_MESSAGE,
  hasContact,
  normalizeCustomerName,
  normalizeEmail,
  normalizePhone,
  normalizeTimeZone,
  parseCustomerFields,
} from '../src/index.js';

describe('normalization', () => {
  it('email: trimmed and lower-cased; obvious garbage refused', () => {
    expect(normalizeEmail('  Ann.Lee+Tag@Example.COM ')).toBe('ann.lee+tag@example.com');
    expect(normalizeEmail('jörg@müller.de')).toBe('jörg@müller.de');
    expect(normalizeEmail('x@xn--e1afmkfd.xn--p1ai')).toBe('x@xn--e1afmkfd.xn--p1ai');
    for (const bad of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'ann@example.',
      'a b@example.com',
      'a@@b.com',
      'a@-b.com',
      `${'a'.repeat(65)}@b.com`,
    ]) {
      expect(normalizeEmail(bad), bad).toBeNull();
    }
  });

  it('phone: E.164 from international input in any common formatting', () => {
    expect(normalizePhone('+1 (415) 555-0123')).toBe('+14155550123');
    expect(normalizePhone(' +44 7911 123456 ')).toBe('+447911123456');
    expect(normalizePhone('0049 30 1234567')).toBe('+49301234567');
    expect(normalizePhone('+49 (0)30 1234567')).toBe('+49301234567');
    expect(normalizePhone('+15555550100')).toBe('+15555550100'); // possible, if not assigned
    for (const bad of [
      '',
      '12345',
      '030 1234567',
      '+1',
      '+4930',
      'call me',
      '+1 415 555 0123 ext. 7',
      `+1${'2'.repeat(40)}`,
    ]) {
      expect(normalizePhone(bad), bad).toBeNull();
    }
  });

  it('name, locale and timezone', () => {
    expect(normalizeCustomerName('  Ann  ')).toBe('Ann');
    expect(normalizeCustomerName('x'.repeat(201))).toBeNull();
    expect(canonicalLocale('EN-us')).toBe('en-US');
    expect(canonicalLocale('de')).toBe('de');
    expect(canonicalLocale('not a locale')).toBeNull();
    expect(normalizeTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    expect(normalizeTimeZone('Mars/Base')).toBeNull();
  });
});

describe('customer fields', () => {
  it('normalizes what is valid and names what is not', () => {
    expect(parseCustomerFields({ name: ' Ann ', primaryEmail: 'A@B.co', phone: '', locale: 'xx-yy-zz-ww' })).toEqual({
      values: { name: 'Ann', primaryEmail: 'a@b.co', phone: null },
      invalid: [{ field: 'locale', message: 'must be a BCP 47 language tag, like en or de-CH' }],
    });
  });

  it('a contact is an email or a phone that is not blank', () => {
    expect(hasContact({ primaryEmail: ' ', phone: '' })).toBe(false);
    expect(hasContact({ phone: '+14155550123' })).toBe(true);
    expect(CONTACT_REQUIRED_MESSAGE).toMatch(/email .* phone/);
  });
});
