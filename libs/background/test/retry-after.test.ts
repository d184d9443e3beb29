// One Retry-After reader for every HTTP client (webhook attempts, Zoom, Microsoft Graph): the
// cases each of them held before it was one.
import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../src/index.js';

const NOW = 1_800_000_000_000;

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
    expect(retryAfterMs(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(retryAfterMs(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    for (const bad of [undefined, '', '-5', '1.5', 'soon', 'Wed, 21 Oct 2015 07:28:00']) {
      expect(retryAfterMs(bad, NOW), String(bad)).toBeUndefined();
    }
  });

  it('reads delta-seconds and HTTP dates; anything else is unknown', () => {
    const now = Date.parse('2031-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 01 Jan 2031 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 31 Dec 2030 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('takes the caller clock, not the process one; digits are seconds, never a year', () => {
    expect(retryAfterMs('Wed, 01 Jan 2031 00:00:30 GMT', Date.parse('2031-01-01T00:00:20Z'))).toBe(10_000);
    expect(retryAfterMs('2024', NOW)).toBe(2_024_000);
    // Only an HTTP date is a date: Date.parse alone would read these too.
    expect(retryAfterMs('2031-01-01T00:00:30Z', NOW)).toBeUndefined();
    expect(retryAfterMs('January 2031', NOW)).toBeUndefined();
  });
});
