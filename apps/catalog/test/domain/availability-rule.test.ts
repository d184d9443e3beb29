import { describe, expect, it } from 'vitest';
import {
  newAvailabilityRule,
  patchAvailabilityRule,
  type AvailabilityRuleInput,
} from '../../src/domain/availability-rule.js';
import type { FoundOwner } from '../../src/domain/owner.js';
import { violationPaths } from '../support/violations.js';

const tenantRule: AvailabilityRuleInput = { ownerType: 'tenant', weekday: 1, startMinute: 540, endMinute: 1020 };
const create = (input: AvailabilityRuleInput, found: FoundOwner = null) =>
  newAvailabilityRule(input, { id: 'rul_1', tenantId: 'ten_1', tenantTimezone: 'Europe/Berlin', now: 1_000, found });

describe('availability rule create', () => {
  it("makes a tenant rule in the tenant's timezone, owned by the tenant", () => {
    expect(create(tenantRule)).toEqual({
      ruleId: 'rul_1',
      tenantId: 'ten_1',
      ownerType: 'tenant',
      ownerId: 'ten_1',
      weekday: 1,
      startMinute: 540,
      endMinute: 1020,
      timezone: 'Europe/Berlin',
      effectiveFromAtMs: null,
      effectiveUntilAtMs: null,
      status: 'active',
      createdAtMs: 1_000,
      updatedAtMs: 1_000,
    });
    expect(create({ ...tenantRule, ownerId: 'ten_1' }).ownerId).toBe('ten_1');
  });

  it('requires ownerType, weekday, startMinute and endMinute', () => {
    expect(violationPaths(() => create({}))).toEqual(['ownerType', 'weekday', 'startMinute', 'endMinute']);
  });

  it('rejects an unknown ownerType, and a tenant rule naming another owner', () => {
    expect(violationPaths(() => create({ ...tenantRule, ownerType: 'team' }))).toEqual(['ownerType']);
    expect(violationPaths(() => create({ ...tenantRule, ownerId: 'ten_other' }))).toEqual(['ownerId']);
  });

  it('needs staff and resource owners to exist in the tenant', () => {
    const staffRule = { ...tenantRule, ownerType: 'staff', ownerId: 'stf_1' };
    expect(violationPaths(() => create(staffRule, null))).toEqual(['ownerId']);
    expect(violationPaths(() => create({ ...staffRule, ownerId: undefined }))).toEqual(['ownerId']);
    expect(create(staffRule, { timezone: null })).toMatchObject({ ownerType: 'staff', ownerId: 'stf_1' });
  });

  it("defaults the timezone to the staff member's, else the tenant's", () => {
    const staffRule = { ...tenantRule, ownerType: 'staff', ownerId: 'stf_1' };
    expect(create(staffRule, { timezone: 'America/New_York' }).timezone).toBe('America/New_York');
    expect(create(staffRule, { timezone: null }).timezone).toBe('Europe/Berlin');
    const resourceRule = { ...tenantRule, ownerType: 'resource', ownerId: 'res_1' };
    expect(create(resourceRule, { timezone: null }).timezone).toBe('Europe/Berlin');
    expect(create({ ...tenantRule, timezone: '' }).timezone).toBe('Europe/Berlin');
    expect(create({ ...tenantRule, timezone: 'Asia/Tokyo' }).timezone).toBe('Asia/Tokyo');
    expect(violationPaths(() => create({ ...tenantRule, timezone: 'Asia/Atlantis' }))).toEqual(['timezone']);
  });

  it.each([
    ['weekday', -1],
    ['weekday', 7],
    ['startMinute', -1],
    ['endMinute', 1441],
    ['startMinute', 1.5],
  ] as const)('rejects %s = %d', (field, value) => {
    expect(violationPaths(() => create({ ...tenantRule, [field]: value }))).toEqual([field]);
  });

  it('needs startMinute < endMinute (endMinute 1440 is midnight)', () => {
    expect(violationPaths(() => create({ ...tenantRule, startMinute: 600, endMinute: 600 }))).toEqual(['startMinute']);
    expect(violationPaths(() => create({ ...tenantRule, startMinute: 700, endMinute: 600 }))).toEqual(['startMinute']);
    expect(create({ ...tenantRule, startMinute: 0, endMinute: 1440 }).endMinute).toBe(1440);
  });

  it('needs effectiveFromAtMs < effectiveUntilAtMs; 0 means unbounded', () => {
    expect(violationPaths(() => create({ ...tenantRule, effectiveFromAtMs: 5, effectiveUntilAtMs: 5 }))).toEqual([
      'effectiveFromAtMs',
    ]);
    expect(violationPaths(() => create({ ...tenantRule, effectiveFromAtMs: -1 }))).toEqual(['effectiveFromAtMs']);
    expect(create({ ...tenantRule, effectiveFromAtMs: 0, effectiveUntilAtMs: 9 })).toMatchObject({
      effectiveFromAtMs: null,
      effectiveUntilAtMs: 9,
    });
  });

  it('creates only active rules', () => {
    expect(violationPaths(() => create({ ...tenantRule, status: 'deleted' }))).toEqual(['status']);
  });
});

describe('availability rule patch', () => {
  const rule = create({ ...tenantRule, effectiveUntilAtMs: 10_000 });
  const patch = (input: AvailabilityRuleInput, found: FoundOwner = null) =>
    patchAvailabilityRule(rule, input, { tenantId: 'ten_1', now: 2_000, found });

  it('needs at least one field', () => {
    expect(violationPaths(() => patch({}))).toEqual(['']);
  });

  it('validates the merged record', () => {
    expect(violationPaths(() => patch({ endMinute: 500 }))).toEqual(['startMinute']);
    expect(violationPaths(() => patch({ startMinute: 1020 }))).toEqual(['startMinute']);
    expect(violationPaths(() => patch({ effectiveFromAtMs: 10_000 }))).toEqual(['effectiveFromAtMs']);
    expect(patch({ endMinute: 600 })).toEqual({ ...rule, endMinute: 600, updatedAtMs: 2_000 });
  });

  it('clears an effective bound with 0', () => {
    expect(patch({ effectiveUntilAtMs: 0 }).effectiveUntilAtMs).toBeNull();
  });

  it('soft-deletes with status deleted and rejects other statuses', () => {
    expect(patch({ status: 'deleted' }).status).toBe('deleted');
    expect(violationPaths(() => patch({ status: 'archived' }))).toEqual(['status']);
  });

  it('moves the rule to another owner that exists', () => {
    expect(violationPaths(() => patch({ ownerType: 'staff' }))).toEqual(['ownerId']);
    expect(violationPaths(() => patch({ ownerType: 'staff', ownerId: 'stf_x' }, null))).toEqual(['ownerId']);
    expect(patch({ ownerType: 'staff', ownerId: 'stf_1' }, { timezone: null })).toMatchObject({
      ownerType: 'staff',
      ownerId: 'stf_1',
      timezone: 'Europe/Berlin',
    });
  });

  it("rejects '' as timezone (a rule always has one)", () => {
    expect(violationPaths(() => patch({ timezone: '' }))).toEqual(['timezone']);
  });
});
