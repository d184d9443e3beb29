import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  assertTimeZone,
  dayWindow,
  isTimeZone,
  isoDateIn,
  offsetAt,
  startOfDay,
  wallClockInstant,
  wallClockInstants,
  wallClockOf,
  type WallClockTime,
} from '../src/index.js';

const HOUR = 3_600_000;
const wall = (year: number, month: number, day: number, hour: number, minute = 0, second = 0): WallClockTime => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
});
const utc = (iso: string): number => Date.parse(iso);

describe('wallClockInstant: clock changes both ways, both hemispheres', () => {
  it('Europe/Berlin: a skipped reading takes the offset before the gap', () => {
    expect(wallClockInstant(wall(2026, 3, 29, 2, 30), 'Europe/Berlin')).toBe(utc('2026-03-29T01:30:00Z'));
    expect(wallClockOf(utc('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toEqual(wall(2026, 3, 29, 3, 30));
  });

  it('Europe/Berlin: a repeated reading is its first occurrence', () => {
    expect(wallClockInstant(wall(2026, 10, 25, 2, 30), 'Europe/Berlin')).toBe(utc('2026-10-25T00:30:00Z'));
    expect(wallClockOf(utc('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual(wall(2026, 10, 25, 2, 30));
    expect(wallClockOf(utc('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual(wall(2026, 10, 25, 2, 30));
  });

  it('America/New_York: spring forward and fall back', () => {
    expect(wallClockInstant(wall(2026, 3, 8, 2, 30), 'America/New_York')).toBe(utc('2026-03-08T07:30:00Z'));
    expect(wallClockInstant(wall(2026, 11, 1, 1, 30), 'America/New_York')).toBe(utc('2026-11-01T05:30:00Z'));
  });

  it('Australia/Sydney (southern): fall back in April, spring forward in October', () => {
    expect(wallClockInstant(wall(2026, 4, 5, 2, 30), 'Australia/Sydney')).toBe(utc('2026-04-04T15:30:00Z'));
    expect(wallClockInstant(wall(2026, 10, 4, 2, 30), 'Australia/Sydney')).toBe(utc('2026-10-03T16:30:00Z'));
  });

  it('Australia/Lord_Howe: a half-hour change', () => {
    // 02:00 → 02:30 on 2026-10-04 (+10:30 → +11): 02:15 is skipped.
    expect(wallClockInstant(wall(2026, 10, 4, 2, 15), 'Australia/Lord_Howe')).toBe(utc('2026-10-03T15:45:00Z'));
    // 02:00 → 01:30 on 2026-04-05: 01:45 repeats, first at +11.
    expect(wallClockInstant(wall(2026, 4, 5, 1, 45), 'Australia/Lord_Howe')).toBe(utc('2026-04-04T14:45:00Z'));
  });

  it('keeps seconds and carries minute 1440 to the next midnight', () => {
    expect(wallClockInstant(wall(2026, 7, 1, 9, 15, 42), 'Europe/Berlin')).toBe(utc('2026-07-01T07:15:42Z'));
    expect(wallClockInstant({ ...wall(2026, 3, 28, 0), minute: 1440 }, 'Europe/Berlin')).toBe(
      utc('2026-03-28T23:00:00Z'),
    );
  });
});

describe('wallClockInstants', () => {
  it('one reading, a repeated one, a skipped one', () => {
    expect(wallClockInstants(wall(2026, 7, 1, 2, 30), 'Europe/Berlin')).toEqual([utc('2026-07-01T00:30:00Z')]);
    expect(wallClockInstants(wall(2026, 10, 25, 2, 30), 'Europe/Berlin')).toEqual([
      utc('2026-10-25T00:30:00Z'),
      utc('2026-10-25T01:30:00Z'),
    ]);
    expect(wallClockInstants(wall(2026, 3, 29, 2, 30), 'Europe/Berlin')).toEqual([]);
  });
});

describe('far past and far future', () => {
  it('local mean time before standard zones', () => {
    // Berlin kept local mean time (+0:53:28) until 1893.
    expect(offsetAt(utc('1850-06-01T12:00:00Z'), 'Europe/Berlin')).toBe((53 * 60 + 28) * 1_000);
    expect(wallClockInstant(wall(1850, 6, 1, 12), 'Europe/Berlin')).toBe(utc('1850-06-01T11:06:32Z'));
  });

  it('the last rule carries on into the future', () => {
    expect(offsetAt(utc('2200-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(wallClockInstant(wall(2200, 1, 1, 0), 'America/New_York')).toBe(utc('2200-01-01T05:00:00Z'));
    expect(wallClockOf(utc('9999-12-31T12:00:00Z'), 'Asia/Tokyo')).toEqual(wall(9999, 12, 31, 21));
  });
});

describe('days', () => {
  it('a day is 23, 24 or 25 hours long', () => {
    const len = (iso: string, zone: string) => {
      const { fromMs, toMs } = dayWindow(iso, zone);
      return (toMs - fromMs) / HOUR;
    };
    expect(len('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(len('2026-10-25', 'Europe/Berlin')).toBe(25);
    expect(len('2026-07-01', 'Europe/Berlin')).toBe(24);
  });

  it('a day whose midnight is skipped starts at the first instant that exists', () => {
    // Chile moves 00:00 → 01:00 on 2026-09-06.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(start).toBe(utc('2026-09-06T04:00:00Z'));
    expect(wallClockOf(start, 'America/Santiago')).toEqual(wall(2026, 9, 6, 1));
    expect(isoDateIn(start - 1_000, 'America/Santiago')).toBe('2026-09-05');
  });

  it('a day a zone skips entirely', () => {
    // Samoa went from 2011-12-29 (−10) straight to 2011-12-31 (+14).
    expect(isoDateIn(utc('2011-12-30T09:59:59Z'), 'Pacific/Apia')).toBe('2011-12-29');
    expect(isoDateIn(utc('2011-12-30T10:00:00Z'), 'Pacific/Apia')).toBe('2011-12-31');
    expect(startOfDay('2011-12-31', 'Pacific/Apia')).toBe(utc('2011-12-30T10:00:00Z'));
  });

  it('refuses malformed dates and unknown zones', () => {
    expect(() => startOfDay('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => startOfDay('2026-02-01', 'Mars/Olympus')).toThrow('unknown IANA time zone: "Mars/Olympus"');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(assertTimeZone('UTC')).toBe('UTC');
  });
});

describe('agrees with luxon on random instants and readings', () => {
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'America/St_Johns',
    'Africa/Casablanca',
    'UTC',
  ];
  // A seeded generator: the same samples every run.
  let seed = 40;
  const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const from = utc('1950-01-01T00:00:00Z');
  const to = utc('2080-01-01T00:00:00Z');

  it('wallClockOf', () => {
    for (let i = 0; i < 3_000; i++) {
      const zone = zones[i % zones.length] as string;
      const ms = Math.floor((from + next() * (to - from)) / 1_000) * 1_000;
      const { year, month, day, hour, minute, second } = DateTime.fromMillis(ms, { zone });
      expect(wallClockOf(ms, zone)).toEqual({ year, month, day, hour, minute, second });
    }
  });

  it('wallClockInstant (luxon asked for every offset, the earliest kept)', () => {
    for (let i = 0; i < 3_000; i++) {
      const zone = zones[i % zones.length] as string;
      const probe = DateTime.fromMillis(from + next() * (to - from), { zone: 'UTC' });
      const t = wall(probe.year, probe.month, probe.day, probe.hour, probe.minute);
      const dt = DateTime.fromObject(t, { zone });
      let expected = dt.toMillis();
      for (const alt of dt.getPossibleOffsets()) expected = Math.min(expected, alt.toMillis());
      expect(wallClockInstant(t, zone), `${zone} ${probe.toISO()}`).toBe(expected);
      // luxon names a skipped reading's one instant too, so only the repeated ones are compared.
      expect(wallClockInstants(t, zone).length === 2, `${zone} ${probe.toISO()}`).toBe(
        dt.getPossibleOffsets().length === 2,
      );
    }
  });
});
