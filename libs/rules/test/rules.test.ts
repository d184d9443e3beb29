import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BOOKING_STATUSES,
  bookingReasonSchema,
  bookingStatusSchema,
  canonicalLocale,
  clampToEpochRange,
  currencySchema,
  DAY_MS,
  derivedWindowViolations,
  EMAIL_PATTERN,
  emailSchema,
  EPOCH_MS_END,
  EPOCH_MS_MAX,
  epochMsQuerySchema,
  epochMsSchema,
  isEmail,
  isBookingStatus,
  isEpochMs,
  isHostPort,
  isIanaTimeZone,
  localeSchema,
  normalizeBookingReason,
  normalizeCurrency,
  normalizePhone,
  phoneDigitForms,
  PHONE_E164_PATTERN,
  phoneSchema,
  pageLimit,
  timeZoneSchema,
} from '../src/index.js';

describe('epoch ms', () => {
  it('takes 1 to the end of year 9999 and nothing else', () => {
    expect(new Date(EPOCH_MS_MAX).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(EPOCH_MS_END % DAY_MS).toBe(0);
    for (const ok of [1, Date.UTC(2030, 0, 1), EPOCH_MS_MAX]) expect(isEpochMs(ok), String(ok)).toBe(true);
    // The fuzzing probes: JavaScript's last date, the largest safe integer, the epoch itself.
    for (const bad of [0, -1, EPOCH_MS_END, 8_640_000_000_000_000, 9_007_199_254_740_991, 1.5, Number.NaN]) {
      expect(isEpochMs(bad), String(bad)).toBe(false);
      expect(epochMsSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(epochMsQuerySchema.parse('1900000000000')).toBe(1_900_000_000_000);
  });

  it('clamps derived instants into the range Date and Intl compute with', () => {
    expect(clampToEpochRange(-DAY_MS)).toBe(0);
    expect(clampToEpochRange(EPOCH_MS_MAX + 2 * DAY_MS)).toBe(EPOCH_MS_END);
    expect(() => new Intl.DateTimeFormat('en', { timeZone: 'Pacific/Kiritimati' }).format(EPOCH_MS_END)).not.toThrow();
  });

  it('accepts a derived window only within [0, EPOCH_MS_END] and not empty, naming the field', () => {
    expect(derivedWindowViolations(0, EPOCH_MS_END)).toEqual([]);
    expect(derivedWindowViolations(-1, DAY_MS)[0]?.path).toBe('fromMs');
    expect(derivedWindowViolations(EPOCH_MS_END, EPOCH_MS_END + 1)[0]?.path).toBe('fromMs');
    expect(derivedWindowViolations(1.5, DAY_MS)[0]?.path).toBe('fromMs');
    expect(derivedWindowViolations(DAY_MS, DAY_MS)[0]?.path).toBe('toMs');
    expect(derivedWindowViolations(EPOCH_MS_MAX, EPOCH_MS_END + 1)[0]?.path).toBe('toMs');
    expect(derivedWindowViolations(0, Number.MAX_SAFE_INTEGER + 2)[0]?.path).toBe('toMs');
  });
});

describe('email', () => {
  it('refuses control characters, angle brackets and specials, keeps ordinary and international addresses', () => {
    for (const ok of ['a@b.co', 'user+tag@sub.example.org', 'jörg@müller.de', 'x@xn--e1afmkfd.xn--p1ai']) {
      expect(isEmail(ok), ok).toBe(true);
    }
    for (const bad of [
      '<script>@x.y',
      'a\u0000b@x.yz',
      'a\u0007@x.yz',
      'a\u0085@x.yz',
      'ann@ex\u0001ample.com',
      '"q"@x.com',
      'a@b.c1',
    ]) {
      expect(isEmail(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.de`)).toBe(true);
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.de`)).toBe(false);
  });

  it('uses only escapes every regex dialect reads, so the pattern can go into the OpenAPI document', () => {
    expect(EMAIL_PATTERN.flags).toBe('');
    expect(EMAIL_PATTERN.source).not.toMatch(/\\p\{|\\u/);
    expect(z.toJSONSchema(emailSchema)).toMatchObject({ maxLength: 254, pattern: EMAIL_PATTERN.source });
    expect(emailSchema.parse('  a@b.co ')).toBe('a@b.co');
  });
});

describe('time zone, locale, currency', () => {
  it('time zones: real IANA names and aliases in any case; the document lists the canonical ones', () => {
    expect(isIanaTimeZone('europe/paris')).toBe(true);
    expect(isIanaTimeZone('+01:00')).toBe(false);
    expect(isIanaTimeZone('Mars/Base')).toBe(false);
    const doc = z.toJSONSchema(timeZoneSchema) as { enum: string[] };
    expect(doc.enum).toContain('Europe/Berlin');
    expect(doc.enum).toContain('UTC');
    expect(doc.enum.every(isIanaTimeZone)).toBe(true);
  });

  it('locales: language, script, region, variants; no extensions', () => {
    expect(canonicalLocale('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLocale('es-419')).toBe('es-419');
    for (const bad of ['en_US', 'english', 'en-US-u-ca-buddhist', 'x-private', 'e']) {
      expect(canonicalLocale(bad), bad).toBeNull();
    }
    expect(z.toJSONSchema(localeSchema)).toHaveProperty('pattern');
  });

  it('locales: a repeated variant counts once (Intl alone would refuse it)', () => {
    expect(canonicalLocale('de-1901-1901')).toBe('de-1901');
    expect(canonicalLocale('de-de')).toBe('de-DE');
    expect(canonicalLocale('aaa-Aaaa-AA-aaaaa-AAAAA')).toBe('aaa-Aaaa-AA-aaaaa');
    expect(canonicalLocale('AA-0000000-0000000-0000000-0000000')).toBe('aa-0000000');
    expect(canonicalLocale('en-abcde-ABCDE-1994')).toBe(canonicalLocale('en-abcde-1994'));
  });

  it('locales: every tag the pattern and length allow is taken (no hidden stricter check)', () => {
    // A seeded generator of pattern-shaped tags, repeats and mixed case included: what a
    // schema-driven fuzzer sends, since the OpenAPI document states only the pattern.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const alnum = `${letters}0123456789`;
    const pick = (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[next(alphabet.length)]).join('');
    const variant = () => (next(2) ? pick(alnum, 5 + next(4)) : String(next(10)) + pick(alnum, 3));
    let tried = 0;
    for (let i = 0; i < 20_000; i++) {
      const parts = [pick(letters, 2 + next(2))];
      if (next(2)) parts.push(pick(letters, 4));
      // A region that repeats the language (de-DE) now and then.
      if (next(2))
        parts.push(next(4) === 0 ? parts[0]!.slice(0, 2) : next(2) ? pick(letters, 2) : String(100 + next(900)));
      const variants = Array.from({ length: next(4) }, variant);
      if (variants.length > 0 && next(2)) variants.push(variants[0]!.toUpperCase());
      const tag = [...parts, ...variants].join('-');
      if (tag.length > 35) continue;
      // Without a repeat, exactly Intl's answer.
      if (new Set(variants.map((v) => v.toLowerCase())).size === variants.length) {
        expect(canonicalLocale(tag), tag).toBe(Intl.getCanonicalLocales(tag)[0]);
      }
      tried++;
      expect(localeSchema.safeParse(tag).success, tag).toBe(true);
      const canonical = canonicalLocale(tag);
      expect(canonical, tag).not.toBeNull();
      expect(canonicalLocale(canonical!), tag).toBe(canonical);
    }
    expect(tried).toBeGreaterThan(10_000);
  });

  it('currencies: ISO 4217, either case in, upper case out; the document lists the codes', () => {
    expect(normalizeCurrency('eur')).toBe('EUR');
    expect(normalizeCurrency('XYZ')).toBeNull();
    expect(currencySchema.safeParse('ABC').success).toBe(false);
    expect((z.toJSONSchema(currencySchema) as { enum: string[] }).enum).toContain('USD');
  });
});

describe('phone', () => {
  it('the document pattern: every code and length it allows is a possible number', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const doc = z.toJSONSchema(phoneSchema) as { pattern: string };
    expect(doc.pattern).toBe(PHONE_E164_PATTERN.source);
    const alternatives = [...PHONE_E164_PATTERN.source.matchAll(/(\d+)\(\?:([^)]*)\)/g)];
    expect(alternatives.length).toBeGreaterThan(200);
    let tried = 0;
    for (const [, code, runs] of alternatives) {
      for (const [, from, to] of runs!.matchAll(/\{(\d+)(?:,(\d+))?\}/g)) {
        for (let length = Number(from); length <= Number(to ?? from); length++) {
          for (let i = 0; i < 20; i++) {
            const phone = `+${code}${Array.from({ length }, () => next(10)).join('')}`;
            expect(PHONE_E164_PATTERN.test(phone), phone).toBe(true);
            // Accepted; libphonenumber may drop a national prefix (+20 0… → +20…) when storing.
            expect(normalizePhone(phone), phone).not.toBeNull();
            tried++;
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(5_000);
  });

  it('the pattern is E.164 only; the server also takes 00 and punctuation', () => {
    expect(PHONE_E164_PATTERN.test('+14155550123')).toBe(true);
    for (const bad of ['000000000000000000000000000000000000000', '+0123456789', '+1415555012', '+1 415 555 0123']) {
      expect(PHONE_E164_PATTERN.test(bad), bad).toBe(false);
    }
    expect(normalizePhone('0049 30 1234567')).toBe('+49301234567');
    expect(normalizePhone('+1 (415) 555-0123')).toBe('+14155550123');
  });

  it('phoneDigitForms: with the country code, with the trunk prefix, and the national number', () => {
    expect(phoneDigitForms('+4915112345678')).toEqual(['4915112345678', '015112345678', '15112345678']);
    expect(phoneDigitForms('+14155550123')).toEqual(['14155550123', '4155550123']);
    expect(phoneDigitForms('+390612345678')).toEqual(['390612345678', '0612345678']);
    expect(phoneDigitForms('+999')).toEqual(['999']);
  });
});

describe('host:port and paging', () => {
  it('host:port needs a host and a port from 1 to 65535', () => {
    expect(isHostPort('127.0.0.1:50051')).toBe(true);
    expect(isHostPort('catalog:0')).toBe(false);
    expect(isHostPort('catalog:70000')).toBe(false);
    expect(isHostPort('catalog')).toBe(false);
    expect(isHostPort('cat alog:1')).toBe(false);
  });

  it('paging: 0 is the list default, above the maximum is refused', () => {
    expect(pageLimit(0, 'catalog')).toBe(50);
    expect(pageLimit(0, 'customers')).toBe(25);
    expect(pageLimit(100, 'bookings')).toBe(100);
    expect(pageLimit(101, 'catalog')).toBeNull();
    expect(pageLimit(-1, 'customers')).toBeNull();
  });
});

describe('booking status and reason', () => {
  it('knows the five statuses and nothing else', () => {
    expect(BOOKING_STATUSES).toEqual(['held', 'confirmed', 'cancelled', 'completed', 'no_show']);
    for (const s of BOOKING_STATUSES) {
      expect(isBookingStatus(s)).toBe(true);
      expect(bookingStatusSchema.parse(s)).toBe(s);
    }
    for (const bad of ['', 'HELD', 'noshow', 'no-show', 'expired']) {
      expect(isBookingStatus(bad), bad).toBe(false);
      expect(bookingStatusSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes a reason of at most 500 characters after trimming; blank is none', () => {
    expect(normalizeBookingReason('  ill  ')).toBe('ill');
    expect(normalizeBookingReason('   ')).toBe('');
    expect(normalizeBookingReason('r'.repeat(500))).toBe('r'.repeat(500));
    expect(normalizeBookingReason(' ' + 'r'.repeat(500) + ' ')).toBe('r'.repeat(500));
    expect(normalizeBookingReason('r'.repeat(501))).toBeNull();
    expect(bookingReasonSchema.parse('  ill ')).toBe('ill');
    expect(bookingReasonSchema.safeParse('r'.repeat(501)).success).toBe(false);
  });
});
