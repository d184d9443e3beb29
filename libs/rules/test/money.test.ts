import { describe, expect, it } from 'vitest';
import {
  chargeStep,
  currencyDigits,
  CURRENCY_CODES,
  formatMoney,
  chargeOnStep,
  refundOnStep,
  paymentsTakeCurrency,
  providerDigits,
  THREE_DECIMAL_CURRENCIES,
} from '../src/index.js';

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

describe('money every provider accepts: every ISO 4217 currency Intl knows (docs/decisions.md "Payments")', () => {
  // What ICU says a currency's minor unit is, where it is not two digits (the platform's minor unit).
  const ICU_ZERO =
    'AFN ALL BIF CLP COP DJF GNF HUF IDR IQD IRR ISK JPY KMF KPW KRW LAK LBP MGA MMK PKR PYG RWF SLL SOS SYP UGX VND VUV XAF XOF XPF YER';
  const ICU_THREE = 'BHD JOD KWD LYD OMR TND';
  // Stripe's units: its zero-decimal list, its three-decimal list, hundredths for the rest.
  const STRIPE_ZERO = 'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF';
  const STRIPE_THREE = 'BHD JOD KWD OMR TND';
  const set = (codes: string) => new Set(codes.split(' '));
  const icuZero = set(ICU_ZERO);
  const icuThree = set(ICU_THREE);
  const stripeZero = set(STRIPE_ZERO);
  const stripeThree = set(STRIPE_THREE);
  const currencies = Intl.supportedValuesOf('currency');

  it('knows them all (a runtime with another ICU would change this table: look again)', () => {
    expect(currencies.length).toBeGreaterThan(150);
    expect(CURRENCY_CODES).toEqual(currencies);
  });

  it.each(currencies)('%s: minor digits, Stripe’s unit, whether payments take it, and its step', (code) => {
    const digits = icuZero.has(code) ? 0 : icuThree.has(code) ? 3 : 2;
    const stripe = stripeZero.has(code) ? 0 : stripeThree.has(code) ? 3 : 2;
    expect(currencyDigits(code)).toBe(digits);
    expect(currencyDigits(code.toLowerCase())).toBe(digits);
    expect(providerDigits(code)).toBe(stripe);
    expect(paymentsTakeCurrency(code)).toBe(digits === stripe);
    const step = stripeThree.has(code) ? 10 : 1;
    expect(chargeStep(code)).toBe(step);
    // The rounding rule at every remainder of the step: a charge down, a refund up, both on the step.
    for (const minor of [0, 1, 4, 5, 9, 10, 1_005, 1_230, 99_999_999]) {
      const down = Math.floor(minor / step) * step;
      const up = Math.ceil(minor / step) * step;
      expect(chargeOnStep(minor, code)).toBe(down);
      expect(refundOnStep(minor, code)).toBe(up);
      expect(chargeOnStep(minor, code) % step).toBe(0);
      expect(minor - chargeOnStep(minor, code)).toBeLessThan(step);
      expect(refundOnStep(minor, code) - minor).toBeLessThan(step);
    }
    // What is on the step already stays as it is.
    expect(chargeOnStep(7 * step, code)).toBe(7 * step);
    expect(refundOnStep(7 * step, code)).toBe(7 * step);
  });

  it('takes payments in the five three-decimal currencies on 10 fils, and none where Stripe counts another unit', () => {
    for (const code of THREE_DECIMAL_CURRENCIES) {
      expect(paymentsTakeCurrency(code)).toBe(true);
      expect(chargeOnStep(1_005, code)).toBe(1_000);
      expect(refundOnStep(1_005, code)).toBe(1_010);
    }
    // ICU shows whole forints, Stripe counts fillér: 5000 would be charged as 50.00 Ft.
    for (const code of ['HUF', 'COP', 'IDR', 'PKR', 'ISK', 'LYD']) expect(paymentsTakeCurrency(code)).toBe(false);
    for (const code of ['EUR', 'usd', 'JPY', 'KRW', 'UGX']) {
      expect(paymentsTakeCurrency(code)).toBe(true);
      expect(refundOnStep(1_005, code)).toBe(1_005);
    }
  });
});
