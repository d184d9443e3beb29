// The bookable horizon (domain/availability/horizon.ts): the starts min notice and max advance
// allow, and what slots starting there can occupy: what availability, explain and create read of
// bookings and connected calendars (docs/decisions.md "Integrations").

import { describe, expect, it } from 'vitest';
import { bookableStarts, occupiedReach, slotShape } from '../../src/domain/availability/index.js';
import { service } from './availability-fixtures.js';

const MIN = 60_000;
const DAY = 1_440 * MIN;
const NOW = Date.UTC(2030, 5, 1, 12);
const shape = slotShape(
  service({ durationMin: 30, bufferBeforeMin: 10, bufferAfterMin: 20, minNoticeMin: 60, maxAdvanceDays: 2 }),
);

describe('bookableStarts', () => {
  it('cuts the window to now + min notice … now + max advance, both ends included', () => {
    expect(bookableStarts(shape, NOW, NOW - DAY, NOW + 10 * DAY)).toEqual({
      fromMs: NOW + 60 * MIN,
      toMs: NOW + 2 * DAY + 1,
    });
    // A window inside the horizon stays as it is.
    expect(bookableStarts(shape, NOW, NOW + 2 * 60 * MIN, NOW + DAY)).toEqual({
      fromMs: NOW + 2 * 60 * MIN,
      toMs: NOW + DAY,
    });
  });

  it('is null when no start of the window is bookable, and takes a start exactly on either bound', () => {
    expect(bookableStarts(shape, NOW, NOW, NOW + 60 * MIN)).toBeNull();
    expect(bookableStarts(shape, NOW, NOW + 60 * MIN, NOW + 60 * MIN + 1)).toEqual({
      fromMs: NOW + 60 * MIN,
      toMs: NOW + 60 * MIN + 1,
    });
    expect(bookableStarts(shape, NOW, NOW + 2 * DAY, NOW + 2 * DAY + 1)).toEqual({
      fromMs: NOW + 2 * DAY,
      toMs: NOW + 2 * DAY + 1,
    });
    expect(bookableStarts(shape, NOW, NOW + 2 * DAY + 1, NOW + 3 * DAY)).toBeNull();
    expect(bookableStarts(shape, NOW, NOW + 3 * DAY, NOW + 4 * DAY)).toBeNull();
  });

  it('widens only the far end by the slack', () => {
    expect(bookableStarts(shape, NOW, NOW + 2 * DAY + MIN, NOW + 2 * DAY + MIN + 1, MIN)).toEqual({
      fromMs: NOW + 2 * DAY + MIN,
      toMs: NOW + 2 * DAY + MIN + 1,
    });
    expect(bookableStarts(shape, NOW, NOW + 2 * DAY + MIN + 1, NOW + 3 * DAY, MIN)).toBeNull();
    expect(bookableStarts(shape, NOW, NOW, NOW + 60 * MIN, MIN)).toBeNull();
  });
});

describe('occupiedReach', () => {
  it('runs from the buffer before the first start to the end and buffer after of the last', () => {
    expect(occupiedReach(shape, { fromMs: NOW, toMs: NOW + DAY })).toEqual({
      fromMs: NOW - 10 * MIN,
      toMs: NOW + DAY + 30 * MIN + 20 * MIN,
    });
  });
});
