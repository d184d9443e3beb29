import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney } from '../src/index.js';

// German puts a no-break space (U+00A0) between the amount and the sign.
const NBSP = '\u00a0';

describe('formatMoney: minor units in the reader’s locale (docs/decisions.md "Payments")', () => {
  it('divides by the currency’s own minor unit', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('jpy')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(formatMoney(4550, 'EUR', 'en')).toBe('€45.50');
    expect(formatMoney(4550, 'eur', 'de-DE')).toBe(`45,50${NBSP}€`);
    expect(formatMoney(5000, 'JPY', 'en')).toBe('¥5,000');
    expect(formatMoney(5000, 'JPY', 'de')).toBe(`5.000${NBSP}¥`);
    expect(formatMoney(12345, 'KWD', 'en')).toBe(`KWD${NBSP}12.345`);
    expect(formatMoney(1, 'USD', 'en-US')).toBe('$0.01');
  });

  it('formats in English for a locale Intl cannot use, and refuses what is not a currency', () => {
    expect(formatMoney(4550, 'EUR', 'not a tag')).toBe('€45.50');
    expect(formatMoney(4550, 'EUR', '')).toBe('€45.50');
    expect(() => formatMoney(1, 'EURO', 'en')).toThrow(RangeError);
  });
});
