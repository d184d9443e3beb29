import { describe, expect, it } from 'vitest';
import { newAvailabilityRule } from '../../src/domain/availability-rule.js';
import { newResource } from '../../src/domain/resource.js';
import { ruleApplies, scheduleScope } from '../../src/domain/schedule-scope.js';
import { localDateRange, parseScheduleWindow } from '../../src/domain/schedule-window.js';
import { newService } from '../../src/domain/service.js';
import { newStaff } from '../../src/domain/staff.js';
import { violationPaths } from '../support/violations.js';
import { DAY_MS } from '@svc/rules';

const DAY = DAY_MS;
const at = (iso: string) => Date.parse(iso);

describe('schedule window', () => {
  it('needs 0 <= fromMs < toMs', () => {
    expect(parseScheduleWindow(0, 1)).toEqual({ fromMs: 0, toMs: 1 });
    expect(violationPaths(() => parseScheduleWindow(-1, 1))).toEqual(['fromMs']);
    expect(violationPaths(() => parseScheduleWindow(5, 5))).toEqual(['toMs']);
  });

  it('gives the local dates a window covers in a timezone (toMs exclusive)', () => {
    const window = { fromMs: at('2024-03-01T00:00:00Z'), toMs: at('2024-03-03T00:00:00Z') };
    expect(localDateRange(window, 'UTC')).toEqual({ first: '2024-03-01', last: '2024-03-02' });
    expect(localDateRange(window, 'Pacific/Auckland')).toEqual({ first: '2024-03-01', last: '2024-03-03' });
    expect(localDateRange(window, 'America/New_York')).toEqual({ first: '2024-02-29', last: '2024-03-02' });
  });

  it('finds the date that a midnight DST end steps back to', () => {
    // Santiago leaves DST on 2024-04-07 at 00:00 (-03) by going back to 2024-04-06 23:00 (-04).
    const fromMs = at('2024-04-07T03:30:00Z'); // 00:30 on the 7th, before the step back
    expect(localDateRange({ fromMs, toMs: fromMs + 2 * 3_600_000 }, 'America/Santiago')).toEqual({
      first: '2024-04-06',
      last: '2024-04-07',
    });
  });
});

describe('schedule scope', () => {
  const ctx = { tenantId: 'ten_1', now: 1 };
  const ana = newStaff({ displayName: 'Ana' }, { ...ctx, id: 'stf_ana' });
  const bob = newStaff({ displayName: 'Bob', status: 'disabled' }, { ...ctx, id: 'stf_bob' });
  const cid = newStaff({ displayName: 'Cid' }, { ...ctx, id: 'stf_cid' });
  const room = newResource({ type: 'room', name: 'Room' }, { ...ctx, id: 'res_room' });
  const service = newService(
    { slug: 's', name: 'S', durationMin: 30, staffIds: ['stf_cid', 'stf_bob', 'stf_ana'], resourceIds: ['res_room'] },
    {
      ...ctx,
      id: 'svc_1',
      references: { staffIds: new Set(['stf_ana', 'stf_bob', 'stf_cid']), resourceIds: new Set(['res_room']) },
    },
  );

  it("keeps the service's active staff and resources, in the service's order, and their owners", () => {
    const scope = scheduleScope(service, [ana, bob, cid], [room]);
    expect(scope.staff.map((s) => s.staffId)).toEqual(['stf_cid', 'stf_ana']);
    expect(scope.resources.map((r) => r.resourceId)).toEqual(['res_room']);
    expect([...scope.ownerKeys]).toEqual(['tenant:ten_1', 'staff:stf_cid', 'staff:stf_ana', 'resource:res_room']);
  });

  it('keeps rules of owners in scope whose effective period meets the window', () => {
    const ownerKeys = new Set(['tenant:ten_1']);
    const rule = (from?: number, until?: number, ownerType: 'tenant' | 'staff' = 'tenant') => ({
      ...newAvailabilityRule(
        { ownerType, ownerId: ownerType === 'staff' ? 'stf_x' : undefined, weekday: 1, startMinute: 0, endMinute: 60 },
        { ...ctx, id: 'rul_1', tenantTimezone: 'UTC', found: { timezone: null } },
      ),
      effectiveFromAtMs: from ?? null,
      effectiveUntilAtMs: until ?? null,
    });
    const window = { fromMs: 10 * DAY, toMs: 20 * DAY };
    expect(ruleApplies(rule(), ownerKeys, window)).toBe(true);
    expect(ruleApplies(rule(undefined, undefined, 'staff'), ownerKeys, window)).toBe(false);
    expect(ruleApplies(rule(undefined, 10 * DAY), ownerKeys, window)).toBe(false); // ended as the window starts
    expect(ruleApplies(rule(undefined, 10 * DAY + 1), ownerKeys, window)).toBe(true);
    expect(ruleApplies(rule(20 * DAY), ownerKeys, window)).toBe(false); // starts as the window ends
    expect(ruleApplies(rule(20 * DAY - 1), ownerKeys, window)).toBe(true);
  });
});
