// The booking pages' pure parts (the contrast check and HTML escaping are tested in libs/html): the
// time-zone arithmetic of the slot picker, the customer's wording of API errors and of each
// booking state (Accept negotiation is the gateway's: apps/gateway/test/negotiate.test.ts).

import { describe, expect, it } from 'vitest';
import { explain } from '../client/messages.js';
import { dayWindow, isoDateIn, nextIsoDate, offsetAt as zoneOffsetMs, startOfDay as dayStartMs } from '@svc/wall-clock';
import { formatTime } from '../client/zoned.js';
import { describeStatus } from '../src/booking-status.js';

const HOUR = 3_600_000;

// The slot picker's wall-clock arithmetic is @svc/wall-clock's (libs/wall-clock has its own
// tests); these are the picker's cases of it.
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
