// The booking pages' pure parts: the contrast check and its fallback, HTML escaping, the time-zone
// arithmetic of the slot picker, the customer's wording of API errors and of each booking state,
// Accept negotiation.

import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { explain } from '../client/messages.js';
import { dayStartMs, dayWindow, formatTime, isoDateIn, nextIsoDate, zoneOffsetMs } from '../client/zoned.js';
import { describeStatus } from '../src/pages/booking-status.js';
import { contrastRatio, parseHex, SAFE_ACCENT, SAFE_PRIMARY, textOn, themeOf } from '../src/pages/contrast.js';
import { escapeHtml, html, jsonForScript } from '../src/pages/html.js';
import { prefersHtml } from '../src/pages/negotiate.js';

const HOUR = 3_600_000;

describe('contrast', () => {
  it('computes the WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The well-known borderline greys: #767676 passes AA on white, #777777 does not.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#0000FF', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('parses only #rrggbb', () => {
    expect(parseHex('#0f766e')).toEqual([15, 118, 110]);
    expect(parseHex('#fff')).toBeNull();
    expect(parseHex('red')).toBeNull();
    expect(() => contrastRatio('red', '#ffffff')).toThrow();
  });

  it('labels a color with white or dark text, whichever reads better', () => {
    expect(textOn('#1d4ed8')).toBe('#ffffff');
    expect(textOn('#facc15')).toBe('#1f2328');
  });

  it('keeps a readable tenant color and replaces an unreadable one with the safe color', () => {
    expect(themeOf({ primaryColor: '#0F766E', accentColor: '#9a3412' })).toEqual({
      primary: '#0f766e',
      onPrimary: '#ffffff',
      accent: '#9a3412',
      replaced: [],
    });
    const pale = themeOf({ primaryColor: '#ffff00', accentColor: '#eeeeee' });
    expect(pale).toMatchObject({
      primary: SAFE_PRIMARY,
      accent: SAFE_ACCENT,
      replaced: ['primaryColor', 'accentColor'],
    });
    // A mid tone is readable neither on white nor under a label of its own.
    expect(themeOf({ primaryColor: '#808080', accentColor: '' })).toMatchObject({
      primary: SAFE_PRIMARY,
      replaced: ['primaryColor'],
    });
    expect(themeOf({ primaryColor: '', accentColor: '' })).toMatchObject({
      primary: SAFE_PRIMARY,
      accent: SAFE_ACCENT,
      replaced: [],
    });
  });

  it('has safe colors that pass the check themselves', () => {
    for (const safe of [SAFE_PRIMARY, SAFE_ACCENT]) {
      expect(contrastRatio(safe, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(safe, textOn(safe))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('html', () => {
  it('escapes interpolated text and passes nested html through', () => {
    const name = `<img src=x onerror="alert(1)">&'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;</p>',
    );
    const items = ['a<', 'b'].map((x) => html`<li>${x}</li>`);
    // Not called `html` here: prettier would reformat the markup inside the template.
    const tag = html;
    expect(tag`<ul>${items}</ul>`.value).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
    expect(html`${null}${undefined}${false}${0}`.value).toBe('0');
    expect(escapeHtml('"')).toBe('&quot;');
  });

  it('keeps JSON for the page script from closing its element', () => {
    const out = jsonForScript({ name: '</script><script>alert(1)</script>', sep: '\u2028' }).value;
    expect(out).not.toContain('<');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>', sep: '\u2028' });
  });
});

describe('zoned (the slot picker)', () => {
  it('finds the offset of a zone at an instant, DST included', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 12), 'Europe/Berlin')).toBe(HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15, 12), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15, 12), 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 12), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it("spans a day from the zone's midnight to the next, 23 and 25 hours on DST days", () => {
    expect(dayWindow('2026-11-23', 'Europe/Berlin')).toEqual({
      fromMs: Date.UTC(2026, 10, 22, 23),
      toMs: Date.UTC(2026, 10, 23, 23),
    });
    const spring = dayWindow('2026-03-29', 'Europe/Berlin');
    expect(spring.toMs - spring.fromMs).toBe(23 * HOUR);
    const autumn = dayWindow('2026-10-25', 'Europe/Berlin');
    expect(autumn.toMs - autumn.fromMs).toBe(25 * HOUR);
    expect(dayStartMs('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(dayStartMs('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4));
  });

  it('names the calendar day of an instant in a zone, and the next day', () => {
    const instant = Date.UTC(2026, 10, 22, 23, 30); // 00:30 on the 23rd in Berlin
    expect(isoDateIn(instant, 'Europe/Berlin')).toBe('2026-11-23');
    expect(isoDateIn(instant, 'America/New_York')).toBe('2026-11-22');
    expect(nextIsoDate('2026-12-31')).toBe('2027-01-01');
    expect(nextIsoDate('2028-02-28')).toBe('2028-02-29');
  });

  it("formats a slot in the tenant's locale and the chosen zone", () => {
    const nineBerlin = Date.UTC(2026, 10, 23, 8);
    expect(formatTime(nineBerlin, 'de', 'Europe/Berlin')).toBe('09:00');
    expect(formatTime(nineBerlin, 'en-US', 'America/New_York')).toBe('3:00 AM');
  });
});

describe('explain (API errors in words)', () => {
  it('tells a taken slot apart and asks for the slots again', () => {
    expect(explain({ code: 'BOOKING_SLOT_UNAVAILABLE', message: 'x' })).toMatchObject({
      refreshSlots: true,
      fields: ['slot'],
      text: expect.stringContaining('just taken'),
    });
  });

  it('names the fields of a validation error', () => {
    const e = explain({
      code: 'VALIDATION_ERROR',
      message: 'x',
      details: [
        { path: 'body.customer.primaryEmail', message: 'not an email' },
        { path: 'body.customer.name', message: 'too short' },
      ],
    });
    expect(e.fields).toEqual(['email', 'name']);
    expect(e.text).toBe('Please check your email address, your name.');
    expect(
      explain({
        code: 'VALIDATION_ERROR',
        message: 'x',
        details: [
          {
            path: 'body.customer',
            message: 'needs an email address or a phone number: give at least one of primaryEmail and phone',
          },
        ],
      }).text,
    ).toBe('Please give an email address or a phone number.');
  });

  it('names an intake answer by its question, from the page’s labels', () => {
    const e = explain(
      {
        code: 'VALIDATION_ERROR',
        message: 'x',
        details: [
          { path: 'body.answers.reason', message: 'is required' },
          { path: 'body.answers.age', message: 'must be a number' },
          // A path that is not a question key marks nothing.
          { path: 'body.answers', message: 'is not a question of this service' },
        ],
      },
      { 'answers.reason': 'What brings you in?' },
    );
    expect(e.fields).toEqual(['answers.reason', 'answers.age']);
    expect(e.text).toBe('Please check What brings you in?, answers.age.');
  });

  it('has a sentence for every other code and the unknown', () => {
    for (const code of [
      'BOOKING_POLICY_BLOCKED',
      'RATE_LIMITED',
      'TENANT_INACTIVE',
      'NOT_FOUND',
      'FORBIDDEN',
      'NETWORK',
    ]) {
      const e = explain({ code, message: 'internal words' });
      expect(e.text).not.toContain('internal words');
      expect(e.refreshSlots).toBe(false);
    }
  });
});

describe('prefersHtml', () => {
  const asking = (accept?: string) => ({ headers: accept === undefined ? {} : { accept } }) as FastifyRequest;
  it('answers HTML to a browser and JSON to everyone else', () => {
    expect(prefersHtml(asking('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'))).toBe(true);
    expect(prefersHtml(asking('text/html'))).toBe(true);
    expect(prefersHtml(asking())).toBe(false);
    expect(prefersHtml(asking('*/*'))).toBe(false);
    expect(prefersHtml(asking('application/json'))).toBe(false);
    expect(prefersHtml(asking('application/json, text/html'))).toBe(false);
    expect(prefersHtml(asking('text/html;q=0.5, application/json'))).toBe(false);
    expect(prefersHtml(asking('text/plain'))).toBe(false);
  });
});

describe('describeStatus (what the manage page says of each state)', () => {
  const NOW = 1_800_000_000_000;
  const say = (status: string, over: { holdExpiresAtMs?: number | null; cancelReason?: string | null } = {}) =>
    describeStatus(
      { status: status as 'held', holdExpiresAtMs: null, cancelReason: null, ...over },
      'Glow Dental',
      NOW,
      (ms) => `T+${(ms - NOW) / 60_000}min`,
    );

  it('calls a running hold a request with its deadline, and one that ran out expired, sweeper or not', () => {
    expect(say('held', { holdExpiresAtMs: NOW + 5 * 60_000 })).toEqual({
      label: 'Requested, not confirmed yet',
      detail: 'Requested. Glow Dental confirms it by T+5min, or the request expires and the time is free again.',
    });
    const expired = {
      label: 'Expired',
      detail: 'This request expired because Glow Dental did not confirm it in time.',
    };
    expect(say('held', { holdExpiresAtMs: NOW })).toEqual(expired);
    expect(say('cancelled', { holdExpiresAtMs: NOW - 1, cancelReason: 'hold_expired' })).toEqual(expired);
  });

  it('says "You are booked" for a confirmed booking and for nothing else', () => {
    expect(say('confirmed')).toEqual({ label: 'Confirmed', detail: 'You are booked.' });
    const others = [
      say('held', { holdExpiresAtMs: NOW + 1 }),
      say('held', { holdExpiresAtMs: NOW }),
      say('cancelled', { cancelReason: 'customer' }),
      say('completed'),
      say('no_show'),
    ];
    for (const other of others) expect(JSON.stringify(other)).not.toMatch(/booked/i);
  });

  it('tells who cancelled, with the business’s reason when it gave one', () => {
    expect(say('cancelled', { cancelReason: 'customer' })).toEqual({
      label: 'Cancelled',
      detail: 'You cancelled this booking.',
    });
    expect(say('cancelled', { cancelReason: 'The dentist is ill' })).toEqual({
      label: 'Cancelled',
      detail: 'Glow Dental cancelled this booking. Reason: The dentist is ill',
    });
    expect(say('cancelled').detail).toBe('Glow Dental cancelled this booking.');
  });

  it('names completed and missed appointments', () => {
    expect(say('completed')).toEqual({ label: 'Completed', detail: 'This appointment has taken place.' });
    expect(say('no_show')).toEqual({ label: 'Missed', detail: 'Glow Dental recorded this appointment as missed.' });
  });
});
