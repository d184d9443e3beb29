// The rule set of docs/decisions.md "Availability" on an ordinary summer week in Berlin (CEST, UTC+2):
// the tenant is open 09:00–17:00 every day; each test adds what it is about.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  type ExistingBooking,
  type ScheduleInput,
  type ServiceInput,
} from '../../src/domain/availability/index.js';
import { occupies } from '../../src/domain/availability/occupancy.js';
import {
  at,
  block,
  booking,
  DAY,
  everyDay,
  hm,
  HOUR,
  MIN,
  schedule,
  service,
  starts,
  TZ,
  NOW,
  jun1,
} from './availability-fixtures.js';

/** 2026-06-01 (a Monday) at hh:mm CEST. */
const jun2 = (hhmm: string): number => at(`2026-06-02T${hhmm}:00+02:00`);
const TENANT_HOURS = everyDay('tenant', 't1', hm(9), hm(17), TZ);

function withStaff(svc: Partial<ServiceInput>, staffIds: string[], extra: Partial<ScheduleInput> = {}): ScheduleInput {
  return schedule({
    service: service({ ...svc, staffIds }),
    staff: staffIds.map((staffId) => ({ staffId, status: 'active', timezone: TZ })),
    rules: [...TENANT_HOURS, ...staffIds.flatMap((id) => everyDay('staff', id, hm(9), hm(17), TZ))],
    ...extra,
  });
}

function slotsOnJun1(sched: ScheduleInput, bookings: ExistingBooking[] = [], nowMs = NOW): string[] {
  return starts(computeSlots({ schedule: sched, bookings, fromMs: jun1('00:00'), toMs: jun2('00:00'), nowMs }));
}

const localTimes = (isoList: string[]): string[] =>
  isoList.map((iso) => new Date(Date.parse(iso) + 2 * HOUR).toISOString().slice(11, 16));

describe('computeSlots basics', () => {
  it('lists every aligned start whose slot fits the tenant hours, as [start, start + duration)', () => {
    const slots = computeSlots({
      schedule: schedule({ rules: TENANT_HOURS }),
      bookings: [],
      fromMs: jun1('00:00'),
      toMs: jun2('00:00'),
      nowMs: NOW,
    });
    expect(slots[0]).toEqual({ startsAtMs: jun1('09:00'), endsAtMs: jun1('10:00') });
    expect(localTimes(starts(slots))).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('returns starts in [fromMs, toMs) only', () => {
    const slots = computeSlots({
      schedule: schedule({ rules: TENANT_HOURS }),
      bookings: [],
      fromMs: jun1('10:00'),
      toMs: jun1('12:00'),
      nowMs: NOW,
    });
    expect(localTimes(starts(slots))).toEqual(['10:00', '11:00']);
  });

  it('is sorted and de-duplicated when tenant rules overlap', () => {
    const rules = [...TENANT_HOURS, ...everyDay('tenant', 't1', hm(11), hm(13), TZ)];
    const sched = schedule({ rules, service: service({ durationMin: 60, slotIntervalMin: 60 }) });
    const list = slotsOnJun1(sched);
    expect(localTimes(list)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('counts the grid from each rule window’s opening (a 09:10 opening gives 09:10, 09:40, …)', () => {
    const sched = schedule({
      rules: everyDay('tenant', 't1', hm(9, 10), hm(11), TZ),
      service: service({ durationMin: 30, slotIntervalMin: 30 }),
    });
    expect(localTimes(slotsOnJun1(sched))).toEqual(['09:10', '09:40', '10:10']);
  });

  it('defaults the interval to the duration when slotIntervalMin is 0', () => {
    const sched = schedule({ rules: TENANT_HOURS, service: service({ durationMin: 90, slotIntervalMin: 0 }) });
    expect(localTimes(slotsOnJun1(sched))).toEqual(['09:00', '10:30', '12:00', '13:30', '15:00']);
  });

  it('has no slots without a tenant rule, and rejects a non-positive duration', () => {
    expect(slotsOnJun1(schedule())).toEqual([]);
    expect(() => slotsOnJun1(schedule({ rules: TENANT_HOURS, service: service({ durationMin: 0 }) }))).toThrow(
      RangeError,
    );
  });
});

describe('buffers', () => {
  it('keep the buffered span clear of the staff member’s bookings, pushing neighbours out', () => {
    const busy = [booking({ staffId: 'ann', startsAtMs: jun1('11:00'), endsAtMs: jun1('12:00') })];
    const noBuffers = withStaff({}, ['ann']);
    expect(localTimes(slotsOnJun1(noBuffers, busy))).toEqual([
      '09:00',
      '10:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    // 10:00 needs 10:00–11:30 clear (after-buffer 30) and 12:00 needs 11:45–13:30 (before-buffer 15).
    const buffered = withStaff({ bufferBeforeMin: 15, bufferAfterMin: 30 }, ['ann']);
    expect(localTimes(slotsOnJun1(buffered, busy))).toEqual(['09:00', '13:00', '14:00', '15:00', '16:00']);
    expect(checkSlot({ schedule: buffered, bookings: busy, startsAtMs: jun1('10:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'taken',
    });
  });

  it('do not have to fit the opening hours themselves', () => {
    const sched = withStaff({ bufferBeforeMin: 30, bufferAfterMin: 30 }, ['ann']);
    expect(localTimes(slotsOnJun1(sched))[0]).toBe('09:00');
    expect(localTimes(slotsOnJun1(sched)).at(-1)).toBe('16:00');
  });
});

describe('resources', () => {
  const room = (capacity: number, extra: Partial<ScheduleInput> = {}): ScheduleInput =>
    schedule({
      service: service({ resourceIds: ['room'] }),
      resources: [{ resourceId: 'room', capacity, status: 'active' }],
      rules: TENANT_HOURS,
      ...extra,
    });
  const at10 = (resourceId: string) => booking({ resourceId, startsAtMs: jun1('10:00'), endsAtMs: jun1('11:00') });

  it('a capacity-2 resource takes two overlapping bookings, then is full', () => {
    const sched = room(2);
    const check = (bookings: ExistingBooking[]) =>
      checkSlot({ schedule: sched, bookings, startsAtMs: jun1('10:00'), nowMs: NOW });
    expect(check([])).toEqual({ ok: true, resourceId: 'room' });
    expect(check([at10('room')])).toEqual({ ok: true, resourceId: 'room' });
    expect(check([at10('room'), at10('room')])).toEqual({ ok: false, reason: 'taken' });
    expect(slotsOnJun1(sched, [at10('room'), at10('room')])).not.toContain(new Date(jun1('10:00')).toISOString());
    expect(slotsOnJun1(sched, [at10('room')])).toContain(new Date(jun1('10:00')).toISOString());
  });

  it('the first resource with room is assigned, in the service’s order', () => {
    const sched = schedule({
      service: service({ resourceIds: ['a', 'b'] }),
      resources: [
        { resourceId: 'b', capacity: 1, status: 'active' },
        { resourceId: 'a', capacity: 1, status: 'active' },
      ],
      rules: TENANT_HOURS,
    });
    const check = (bookings: ExistingBooking[]) =>
      checkSlot({ schedule: sched, bookings, startsAtMs: jun1('10:00'), nowMs: NOW });
    expect(check([])).toEqual({ ok: true, resourceId: 'a' });
    expect(check([at10('a')])).toEqual({ ok: true, resourceId: 'b' });
    expect(check([at10('a'), at10('b')])).toEqual({ ok: false, reason: 'taken' });
  });

  it('a resource with rules of its own is open only then; without rules it follows the tenant', () => {
    const limited = room(1, {
      rules: [...TENANT_HOURS, ...everyDay('resource', 'room', hm(13), hm(15), TZ)],
    });
    expect(localTimes(slotsOnJun1(limited))).toEqual(['13:00', '14:00']);
    expect(slotsOnJun1(room(1))).toHaveLength(8);
  });

  it('an inactive resource or a blocked one is not used', () => {
    const inactive = room(1, { resources: [{ resourceId: 'room', capacity: 1, status: 'disabled' }] });
    expect(slotsOnJun1(inactive)).toEqual([]);
    const blocked = room(1, { blocks: [block('resource', 'room', jun1('09:00'), jun1('16:00'))] });
    expect(localTimes(slotsOnJun1(blocked))).toEqual(['16:00']);
    expect(checkSlot({ schedule: blocked, bookings: [], startsAtMs: jun1('10:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'blocked',
    });
  });

  it('with staff and resources, both a staff member and a resource must be free', () => {
    const sched = withStaff({ resourceIds: ['room'] }, ['ann'], {
      resources: [{ resourceId: 'room', capacity: 1, status: 'active' }],
    });
    const check = (bookings: ExistingBooking[]) =>
      checkSlot({ schedule: sched, bookings, startsAtMs: jun1('10:00'), nowMs: NOW });
    expect(check([])).toEqual({ ok: true, staffId: 'ann', resourceId: 'room' });
    expect(check([at10('room')])).toEqual({ ok: false, reason: 'taken' });
    expect(check([booking({ staffId: 'ann', startsAtMs: jun1('10:00'), endsAtMs: jun1('11:00') })])).toEqual({
      ok: false,
      reason: 'taken',
    });
  });
});

describe('a service needing neither staff nor resources', () => {
  it('is taken by one overlapping booking of the same service only', () => {
    const sched = schedule({ rules: TENANT_HOURS });
    const same = booking({ serviceId: 'svc', startsAtMs: jun1('10:30'), endsAtMs: jun1('11:00') });
    const other = booking({ serviceId: 'other', startsAtMs: jun1('12:00'), endsAtMs: jun1('13:00') });
    expect(localTimes(slotsOnJun1(sched, [same, other]))).toEqual([
      '09:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
  });
});

describe('holidays', () => {
  it('close the whole tenant-local day', () => {
    const sched = schedule({ rules: TENANT_HOURS, holidays: [{ date: '2026-06-02' }] });
    const slots = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: jun1('00:00'),
      toMs: jun1('00:00') + 3 * DAY,
      nowMs: NOW,
    });
    const days = new Set(starts(slots).map((s) => s.slice(0, 10)));
    expect([...days]).toEqual(['2026-06-01', '2026-06-03']);
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun2('10:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'holiday',
    });
  });

  it('also take out a slot that only reaches into the holiday', () => {
    const rules = [...everyDay('tenant', 't1', hm(22), 1440, TZ), ...everyDay('tenant', 't1', 0, hm(2), TZ)];
    const sched = schedule({ rules, holidays: [{ date: '2026-06-02' }], service: service({ slotIntervalMin: 30 }) });
    const slots = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: jun1('12:00'),
      toMs: jun1('23:59'),
      nowMs: NOW,
    });
    // 23:00–24:00 still fits; 23:30–00:30 crosses into 2 June.
    expect(localTimes(starts(slots))).toEqual(['22:00', '22:30', '23:00']);
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun1('23:30'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'holiday',
    });
  });
});

describe('blocks', () => {
  it('a tenant block takes out every slot it overlaps', () => {
    const sched = schedule({
      rules: TENANT_HOURS,
      service: service({ slotIntervalMin: 30 }),
      blocks: [block('tenant', 'whatever', jun1('12:00'), jun1('13:00'))],
    });
    const list = localTimes(slotsOnJun1(sched));
    expect(list).not.toContain('11:30');
    expect(list).not.toContain('12:00');
    expect(list).not.toContain('12:30');
    expect(list).toContain('11:00');
    expect(list).toContain('13:00');
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun1('11:30'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'blocked',
    });
  });

  it('a staff block moves the slot to another listed staff member, or closes it when all are blocked', () => {
    const one = withStaff({}, ['ann', 'bob'], { blocks: [block('staff', 'ann', jun1('10:00'), jun1('11:00'))] });
    expect(checkSlot({ schedule: one, bookings: [], startsAtMs: jun1('10:00'), nowMs: NOW })).toEqual({
      ok: true,
      staffId: 'bob',
    });
    const both = withStaff({}, ['ann', 'bob'], {
      blocks: [
        block('staff', 'ann', jun1('10:00'), jun1('11:00')),
        block('staff', 'bob', jun1('10:30'), jun1('10:45')),
      ],
    });
    expect(checkSlot({ schedule: both, bookings: [], startsAtMs: jun1('10:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'blocked',
    });
    expect(localTimes(slotsOnJun1(both))).not.toContain('10:00');
  });

  it('a block of a staff member the service does not list changes nothing', () => {
    const sched = withStaff({}, ['ann'], { blocks: [block('staff', 'zed', jun1('09:00'), jun1('17:00'))] });
    expect(slotsOnJun1(sched)).toHaveLength(8);
  });
});

describe('staff', () => {
  it('work only inside their own rules, and inactive staff never', () => {
    const rules = [...TENANT_HOURS, ...everyDay('staff', 'ann', hm(12), hm(15), TZ)];
    const sched = withStaff({}, ['ann'], { rules });
    expect(localTimes(slotsOnJun1(sched))).toEqual(['12:00', '13:00', '14:00']);
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun1('09:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'outside_hours',
    });
    const inactive = withStaff({}, ['ann'], { staff: [{ staffId: 'ann', status: 'inactive', timezone: TZ }] });
    expect(slotsOnJun1(inactive)).toEqual([]);
  });

  it('a booking of the staff member for another service still takes their time', () => {
    const busy = [booking({ serviceId: 'other', staffId: 'ann', startsAtMs: jun1('09:00'), endsAtMs: jun1('10:00') })];
    expect(localTimes(slotsOnJun1(withStaff({}, ['ann']), busy))[0]).toBe('10:00');
  });
});

describe('min notice and max advance', () => {
  it('min notice: no start before now + minNoticeMin', () => {
    const sched = schedule({
      rules: TENANT_HOURS,
      service: service({ durationMin: 30, slotIntervalMin: 30, minNoticeMin: 60 }),
    });
    const now = jun1('09:10');
    expect(localTimes(slotsOnJun1(sched, [], now))[0]).toBe('10:30');
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun1('10:00'), nowMs: now })).toEqual({
      ok: false,
      reason: 'too_soon',
    });
    // Exactly at now + notice is allowed.
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun1('10:00'), nowMs: jun1('09:00') })).toEqual({
      ok: true,
    });
  });

  it('max advance: no start after now + maxAdvanceDays × 24 h (the bound itself is allowed)', () => {
    const sched = schedule({
      rules: TENANT_HOURS,
      service: service({ durationMin: 30, slotIntervalMin: 30, maxAdvanceDays: 1 }),
    });
    const now = jun1('09:00');
    const slots = computeSlots({ schedule: sched, bookings: [], fromMs: now, toMs: now + 3 * DAY, nowMs: now });
    expect(slots.at(-1)?.startsAtMs).toBe(jun2('09:00'));
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun2('09:00'), nowMs: now })).toEqual({ ok: true });
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun2('09:30'), nowMs: now })).toEqual({
      ok: false,
      reason: 'too_far',
    });
  });

  it('a start in the past is too soon', () => {
    const sched = schedule({ rules: TENANT_HOURS });
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun1('10:00'), nowMs: jun1('12:00') })).toEqual({
      ok: false,
      reason: 'too_soon',
    });
  });
});

describe('holds', () => {
  const sched = withStaff({}, ['ann']);
  const hold = (holdExpiresAtMs: number | undefined): ExistingBooking =>
    booking({ staffId: 'ann', status: 'held', startsAtMs: jun1('10:00'), endsAtMs: jun1('11:00'), holdExpiresAtMs });
  const check = (b: ExistingBooking, nowMs: number) =>
    checkSlot({ schedule: sched, bookings: [b], startsAtMs: jun1('10:00'), nowMs });
  const now = jun1('08:00');

  it('an unexpired hold blocks; an expired one frees the slot at once', () => {
    expect(check(hold(now + 1), now)).toEqual({ ok: false, reason: 'taken' });
    expect(check(hold(now), now)).toEqual({ ok: true, staffId: 'ann' });
    expect(check(hold(now - 10 * MIN), now)).toEqual({ ok: true, staffId: 'ann' });
    expect(localTimes(slotsOnJun1(sched, [hold(now - 1)], now))).toContain('10:00');
    expect(localTimes(slotsOnJun1(sched, [hold(now + 10 * MIN)], now))).not.toContain('10:00');
  });

  it('only confirmed and live held bookings occupy', () => {
    const b = (status: ExistingBooking['status'], holdExpiresAtMs?: number): ExistingBooking =>
      booking({ status, startsAtMs: 0, endsAtMs: 1, holdExpiresAtMs });
    expect(occupies(b('confirmed'), now)).toBe(true);
    expect(occupies(b('held', now + 1), now)).toBe(true);
    expect(occupies(b('held'), now)).toBe(true); // no expiry recorded: never sell it
    expect(occupies(b('held', now), now)).toBe(false);
    expect(occupies(b('cancelled'), now)).toBe(false);
    expect(occupies(b('completed'), now)).toBe(false);
    expect(occupies(b('no_show'), now)).toBe(false);
  });
});

describe('effective window', () => {
  it('a rule applies only from effectiveFromAtMs (inclusive) until effectiveUntilAtMs (exclusive)', () => {
    const rules = everyDay('tenant', 't1', hm(9), hm(11), TZ, {
      effectiveFromAtMs: jun2('00:00'),
      effectiveUntilAtMs: jun2('00:00') + 2 * DAY,
    });
    const sched = schedule({ rules });
    const slots = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: jun1('00:00'),
      toMs: jun1('00:00') + 5 * DAY,
      nowMs: NOW,
    });
    expect(starts(slots)).toEqual([
      '2026-06-02T07:00:00.000Z',
      '2026-06-02T08:00:00.000Z',
      '2026-06-03T07:00:00.000Z',
      '2026-06-03T08:00:00.000Z',
    ]);
  });

  it('a window edge inside a day clips the hours without moving the grid', () => {
    const rules = everyDay('tenant', 't1', hm(9), hm(12), TZ, { effectiveFromAtMs: jun1('10:10') });
    const sched = schedule({ rules, service: service({ durationMin: 30, slotIntervalMin: 30 }) });
    expect(localTimes(slotsOnJun1(sched))).toEqual(['10:30', '11:00', '11:30']);
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: jun1('10:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'outside_hours',
    });
  });
});

describe('slot validity', () => {
  it('rejects starts outside the hours or off the grid', () => {
    const sched = schedule({ rules: TENANT_HOURS, service: service({ durationMin: 60, slotIntervalMin: 30 }) });
    const check = (startsAtMs: number) => checkSlot({ schedule: sched, bookings: [], startsAtMs, nowMs: NOW });
    expect(check(jun1('09:30'))).toEqual({ ok: true });
    expect(check(jun1('09:10'))).toEqual({ ok: false, reason: 'misaligned' });
    expect(check(jun1('09:30') + 1)).toEqual({ ok: false, reason: 'misaligned' });
    expect(check(jun1('16:30'))).toEqual({ ok: false, reason: 'outside_hours' });
    expect(check(jun1('08:00'))).toEqual({ ok: false, reason: 'outside_hours' });
    expect(() => check(Number.NaN)).toThrow(RangeError);
  });
});
