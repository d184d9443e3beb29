// The owners a create locks (domain/owner-choice.ts): the chosen ones only, and the schedule
// narrowed to skip the ones another create holds or to keep the decision among the held ones.

import { describe, expect, it } from 'vitest';
import type { ScheduleInput } from '../../src/domain/availability/index.js';
import { choiceKeys, onlyOwners, ownerOfKey, withoutOwners } from '../../src/domain/owner-choice.js';
import { occupiedKeys } from '../../src/store/occupied-keys.js';

const DAY = 86_400_000;
const AT = Date.UTC(2030, 0, 7, 10);

function schedule(staffIds: string[], resourceIds: string[], assignment?: 'collective'): ScheduleInput {
  return {
    timezone: 'UTC',
    service: {
      serviceId: 'svc_1',
      durationMin: 30,
      bufferBeforeMin: 0,
      bufferAfterMin: 0,
      slotIntervalMin: 30,
      minNoticeMin: 0,
      maxAdvanceDays: 365,
      staffIds,
      resourceIds,
      ...(assignment ? { assignment } : {}),
    },
    staff: staffIds.map((staffId) => ({ staffId, status: 'active', timezone: 'UTC' })),
    resources: resourceIds.map((resourceId) => ({ resourceId, capacity: 1, status: 'active' })),
    rules: [],
    blocks: [],
    holidays: [],
  };
}

describe('choiceKeys', () => {
  it('are the keys of the booking the choice makes: its staff member and resource per UTC day, nobody else', () => {
    const keys = choiceKeys('ten_1', 'svc_1', { ok: true, staffId: 'stf_b', resourceId: 'res_2' }, AT, AT + DAY);
    expect(keys).toEqual([
      'ten_1:resource:res_2:2030-01-07',
      'ten_1:resource:res_2:2030-01-08',
      'ten_1:staff:stf_b:2030-01-07',
      'ten_1:staff:stf_b:2030-01-08',
    ]);
    const booking = {
      tenantId: 'ten_1',
      serviceId: 'svc_1',
      staffId: 'stf_b',
      resourceId: 'res_2',
      startsAtMs: AT,
      endsAtMs: AT + DAY,
      bufferBeforeMin: 0,
      bufferAfterMin: 0,
      maxBookingsPerDay: 0,
    };
    // The same keys as the occupancy documents the booking then writes.
    expect(occupiedKeys(booking)).toEqual(keys);
  });

  it('a collective choice locks its whole team; a service with neither locks the service', () => {
    const team = { ok: true as const, staffId: 'a', staffIds: ['a', 'b'] };
    expect(choiceKeys('t', 's', team, AT, AT + 1)).toEqual(['t:staff:a:2030-01-07', 't:staff:b:2030-01-07']);
    expect(choiceKeys('t', 's', { ok: true }, AT, AT + 1)).toEqual(['t:service:s:2030-01-07']);
  });

  it('ownerOfKey names the owner of each key', () => {
    expect(ownerOfKey('ten_1', 'ten_1:staff:stf_b:2030-01-07')).toBe('staff:stf_b');
    expect(ownerOfKey('ten_1', 'ten_1:service:svc_1:2030-01-07')).toBe('service:svc_1');
  });
});

describe('withoutOwners', () => {
  it('leaves the skipped staff members and resources out of the choice', () => {
    const narrowed = withoutOwners(schedule(['a', 'b', 'c'], ['r1', 'r2']), new Set(['staff:a', 'resource:r1']));
    expect(narrowed?.service).toMatchObject({ staffIds: ['b', 'c'], resourceIds: ['r2'] });
  });

  it('is null when nobody is left: the last staff member or resource, a collective member, the service', () => {
    expect(withoutOwners(schedule(['a'], []), new Set(['staff:a']))).toBeNull();
    expect(withoutOwners(schedule(['a', 'b'], ['r1']), new Set(['resource:r1']))).toBeNull();
    expect(withoutOwners(schedule(['a', 'b'], [], 'collective'), new Set(['staff:b']))).toBeNull();
    expect(withoutOwners(schedule([], []), new Set(['service:svc_1']))).toBeNull();
    expect(withoutOwners(schedule([], []), new Set())).not.toBeNull();
  });
});

describe('onlyOwners', () => {
  it('narrows the schedule to the held choice', () => {
    const held = { ok: true as const, staffId: 'b', resourceId: 'r2' };
    expect(onlyOwners(schedule(['a', 'b'], ['r1', 'r2']), held)?.service).toMatchObject({
      staffIds: ['b'],
      resourceIds: ['r2'],
    });
  });

  it('is null when the fresh schedule no longer lists a held owner, or a collective team changed', () => {
    expect(onlyOwners(schedule(['a'], []), { ok: true, staffId: 'b' })).toBeNull();
    expect(onlyOwners(schedule(['a'], ['r1']), { ok: true, staffId: 'a', resourceId: 'r2' })).toBeNull();
    expect(onlyOwners(schedule(['a'], ['r1']), { ok: true, staffId: 'a' })).toBeNull();
    const team = { ok: true as const, staffId: 'a', staffIds: ['a', 'b'] };
    expect(onlyOwners(schedule(['a', 'b', 'c'], [], 'collective'), team)).toBeNull();
    expect(onlyOwners(schedule(['a', 'b'], [], 'collective'), team)?.service.staffIds).toEqual(['a', 'b']);
  });
});
