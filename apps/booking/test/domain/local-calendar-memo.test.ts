import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@svc/rules';
import { wallClockInstant } from '@svc/wall-clock';
import { LocalCalendar, MIDNIGHT_MEMO_BOUNDS, midnightMemoUse } from '../../src/domain/availability/local-calendar.js';

describe('the memo of local midnights', () => {
  it('stays within its entry and byte bounds however many days callers ask about, and stays right', () => {
    // 30 years of days in two zones: more midnights than the memo keeps.
    const start = Date.UTC(2030, 0, 1);
    for (const zone of ['Europe/Berlin', 'America/New_York']) new LocalCalendar(zone, start, start + 30 * 365 * DAY_MS);
    const use = midnightMemoUse();
    expect(use.entries).toBeLessThanOrEqual(MIDNIGHT_MEMO_BOUNDS.maxEntries);
    expect(use.entries).toBeGreaterThan(MIDNIGHT_MEMO_BOUNDS.maxEntries * 0.9);
    expect(use.bytes).toBeLessThanOrEqual(MIDNIGHT_MEMO_BOUNDS.maxBytes);
    // A day evicted long ago is resolved again, to the same instant.
    const early = new LocalCalendar('Europe/Berlin', start, start + DAY_MS);
    const day = early.indexOf('2030-01-01') as number;
    expect(early.instant(day, 600)).toBe(wallClockInstant({ year: 2030, month: 1, day: 1, hour: 0, minute: 600, second: 0 }, 'Europe/Berlin'));
    expect(early.instant(day, 600)).toBe(Date.UTC(2030, 0, 1, 9));
  });
});
