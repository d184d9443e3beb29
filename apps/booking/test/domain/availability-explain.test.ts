// explainSlot: checkSlot's one evaluation, with the owner a refusal concerns. Every reason the
// engine distinguishes, once; checkSlot gives the same verdict without the owner.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  explainSlot,
  type CheckSlotInput,
  type ExistingBooking,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { block, booking, everyDay, hm, schedule, service, TZ, NOW, jun1 } from './availability-fixtures.js';

const staffed: ScheduleInput = schedule({
  service: service({
    durationMin: 60,
    slotIntervalMin: 60,
    minNoticeMin: 60,
    maxAdvanceDays: 60,
    staffIds: ['ann', 'bob'],
  }),
  staff: ['ann', 'bob'].map((staffId) => ({ staffId, status: 'active', timezone: TZ })),
  rules: [...everyDay('tenant', 't1', hm(9), hm(17), TZ), ...everyDay('staff', 'bob', hm(13), hm(17), TZ)],
});

function explain(sched: ScheduleInput, startsAtMs: number, bookings: ExistingBooking[] = [], nowMs = NOW) {
  const input: CheckSlotInput = { schedule: sched, bookings, startsAtMs, nowMs };
  const verdict = explainSlot(input);
  // One evaluation: checkSlot is the same verdict without the owner.
  const { owner: _owner, ...withoutOwner } = verdict as { owner?: unknown };
  expect(checkSlot(input)).toEqual(withoutOwner);
  return verdict;
}

describe('explainSlot', () => {
  it('free: the assignment', () => {
    expect(explain(staffed, jun1('10:00'))).toEqual({ ok: true, staffId: 'ann' });
  });

  it('the service’s timing: too_soon, too_far, misaligned, with no owner', () => {
    expect(explain(staffed, jun1('10:00'), [], jun1('09:30'))).toEqual({ ok: false, reason: 'too_soon' });
    expect(explain(staffed, jun1('10:00'), [], jun1('10:00') - 61 * 86_400_000)).toEqual({
      ok: false,
      reason: 'too_far',
    });
    expect(explain(staffed, jun1('10:30'))).toEqual({ ok: false, reason: 'misaligned' });
  });

  it('the tenant: outside_hours, holiday, blocked, with no owner', () => {
    expect(explain(staffed, jun1('17:00'))).toEqual({ ok: false, reason: 'outside_hours' });
    expect(explain({ ...staffed, holidays: [{ date: '2026-06-01' }] }, jun1('10:00'))).toEqual({
      ok: false,
      reason: 'holiday',
    });
    expect(
      explain({ ...staffed, blocks: [block('tenant', 't1', jun1('10:30'), jun1('10:45'))] }, jun1('10:00')),
    ).toEqual({
      ok: false,
      reason: 'blocked',
    });
  });

  it('staff: outside_hours, blocked, taken, naming the staff member', () => {
    const onlyBob: ScheduleInput = { ...staffed, service: { ...staffed.service, staffIds: ['bob'] } };
    expect(explain(onlyBob, jun1('10:00'))).toEqual({
      ok: false,
      reason: 'outside_hours',
      owner: { ownerType: 'staff', ownerId: 'bob' },
    });
    const annBlocked = { ...staffed, blocks: [block('staff', 'ann', jun1('10:00'), jun1('10:15'))] };
    expect(explain(annBlocked, jun1('10:00'))).toEqual({
      ok: false,
      reason: 'blocked',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
    const annBooked = [booking({ staffId: 'ann', startsAtMs: jun1('10:00'), endsAtMs: jun1('11:00') })];
    expect(explain(staffed, jun1('10:00'), annBooked)).toEqual({
      ok: false,
      reason: 'taken',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
    // An inactive (or unknown) staff member has no hours.
    const annInactive = { ...staffed, staff: [{ staffId: 'ann', status: 'inactive', timezone: TZ }] };
    expect(explain(annInactive, jun1('10:00'))).toEqual({
      ok: false,
      reason: 'outside_hours',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
  });

  it('a resource, and a service listing neither, naming them', () => {
    const roomed = schedule({
      service: service({ resourceIds: ['room'] }),
      resources: [{ resourceId: 'room', capacity: 1, status: 'active' }],
      rules: [...everyDay('tenant', 't1', hm(9), hm(17), TZ), ...everyDay('resource', 'room', hm(12), hm(17), TZ)],
    });
    expect(explain(roomed, jun1('10:00'))).toEqual({
      ok: false,
      reason: 'outside_hours',
      owner: { ownerType: 'resource', ownerId: 'room' },
    });
    expect(
      explain({ ...roomed, blocks: [block('resource', 'room', jun1('12:00'), jun1('13:00'))] }, jun1('12:00')),
    ).toEqual({
      ok: false,
      reason: 'blocked',
      owner: { ownerType: 'resource', ownerId: 'room' },
    });
    const bare = schedule({ rules: everyDay('tenant', 't1', hm(9), hm(17), TZ) });
    const own = [booking({ startsAtMs: jun1('10:30'), endsAtMs: jun1('11:30') })];
    expect(explain(bare, jun1('10:00'), own)).toEqual({
      ok: false,
      reason: 'taken',
      owner: { ownerType: 'service', ownerId: 'svc' },
    });
  });
});
