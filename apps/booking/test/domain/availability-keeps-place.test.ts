// keepsItsPlace: what a confirm checks in its transaction (docs/decisions.md "Booking
// lifecycle"): nothing else took the hold's staff member, resource or service meanwhile.

import { describe, expect, it } from 'vitest';
import { keepsItsPlace, type ExistingBooking } from '../../src/domain/availability/index.js';
import { at, booking, MIN } from './availability-fixtures.js';

const NOW = at('2026-06-01T08:00:00Z');
const start = at('2026-06-01T10:00:00Z');
const end = start + 30 * MIN;
const hold = (extra: Partial<ExistingBooking> = {}) =>
  booking({ startsAtMs: start, endsAtMs: end, status: 'held', holdExpiresAtMs: NOW + 5 * MIN, ...extra });

describe('keepsItsPlace', () => {
  it('a staff member: any other live booking of theirs overlapping takes the place; its own record does not', () => {
    const mine = hold({ staffId: 'ann' });
    expect(keepsItsPlace(mine, [mine], NOW, 0)).toBe(true);
    expect(
      keepsItsPlace(
        mine,
        [booking({ staffId: 'ann', startsAtMs: start + 15 * MIN, endsAtMs: end + 15 * MIN })],
        NOW,
        0,
      ),
    ).toBe(false);
    // Another staff member's booking, or a booking that only touches the interval, leaves it.
    expect(keepsItsPlace(mine, [booking({ staffId: 'bob', startsAtMs: start, endsAtMs: end })], NOW, 0)).toBe(true);
    expect(keepsItsPlace(mine, [booking({ staffId: 'ann', startsAtMs: end, endsAtMs: end + 30 * MIN })], NOW, 0)).toBe(
      true,
    );
  });

  it('buffers count on both sides: the other booking’s after-buffer reaching into the hold takes it', () => {
    const mine = hold({ staffId: 'ann' });
    const before = booking({ staffId: 'ann', startsAtMs: start - 30 * MIN, endsAtMs: start, bufferAfterMin: 10 });
    expect(keepsItsPlace(mine, [before], NOW, 0)).toBe(false);
    expect(keepsItsPlace({ ...mine, bufferBeforeMin: 10 }, [{ ...before, bufferAfterMin: 0 }], NOW, 0)).toBe(false);
  });

  it('only live bookings count: an expired hold, a cancelled booking are no one', () => {
    const mine = hold({ staffId: 'ann' });
    const expired = booking({ staffId: 'ann', startsAtMs: start, endsAtMs: end, status: 'held', holdExpiresAtMs: NOW });
    const cancelled = booking({ staffId: 'ann', startsAtMs: start, endsAtMs: end, status: 'cancelled' });
    const running = booking({
      staffId: 'ann',
      startsAtMs: start,
      endsAtMs: end,
      status: 'held',
      holdExpiresAtMs: NOW + 1,
    });
    expect(keepsItsPlace(mine, [expired, cancelled], NOW, 0)).toBe(true);
    expect(keepsItsPlace(mine, [running], NOW, 0)).toBe(false);
  });

  it('a resource: taken once the others reach its capacity', () => {
    const mine = hold({ resourceId: 'room' });
    const other = () => booking({ resourceId: 'room', startsAtMs: start, endsAtMs: end });
    expect(keepsItsPlace(mine, [other()], NOW, 2)).toBe(true);
    expect(keepsItsPlace(mine, [other(), other()], NOW, 2)).toBe(false);
    expect(keepsItsPlace(mine, [other()], NOW, 1)).toBe(false);
    expect(keepsItsPlace(mine, [booking({ resourceId: 'hall', startsAtMs: start, endsAtMs: end })], NOW, 1)).toBe(true);
  });

  it('staff and resource: either one taken is enough', () => {
    const mine = hold({ staffId: 'ann', resourceId: 'room' });
    expect(keepsItsPlace(mine, [booking({ resourceId: 'room', startsAtMs: start, endsAtMs: end })], NOW, 1)).toBe(
      false,
    );
    expect(keepsItsPlace(mine, [booking({ staffId: 'ann', startsAtMs: start, endsAtMs: end })], NOW, 5)).toBe(false);
    expect(keepsItsPlace(mine, [booking({ serviceId: 'svc', startsAtMs: start, endsAtMs: end })], NOW, 5)).toBe(true);
  });

  it('neither staff nor resource: its service is the owner', () => {
    const mine = hold();
    expect(keepsItsPlace(mine, [booking({ startsAtMs: start, endsAtMs: end })], NOW, 0)).toBe(false);
    expect(keepsItsPlace(mine, [booking({ serviceId: 'other', startsAtMs: start, endsAtMs: end })], NOW, 0)).toBe(true);
  });
});
