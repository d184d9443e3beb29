import { canonicalTimeZone, isIanaTimeZone, MINUTES_PER_DAY, TIME_ZONE_MESSAGE } from '@svc/rules';
import { checkEpochMs, checkFormat, checkInteger, requireFields } from './field-checks.js';
import { checkOwner, type FoundOwner, type OwnerInput, type OwnerType } from './owner.js';
import { checkCreateStatus, checkPatchStatus, type SoftDeleteStatus } from './soft-delete.js';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

/** Weekly working hours: wall-clock minutes [startMinute, endMinute) of `weekday` in `timezone`. */
export type AvailabilityRuleRecord = {
  ruleId: string;
  tenantId: string;
  ownerType: OwnerType;
  ownerId: string;
  /** 0 = Sunday ... 6 = Saturday (JavaScript's getDay). */
  weekday: number;
  startMinute: number;
  endMinute: number;
  timezone: string;
  /** The rule applies from this instant (inclusive) until effectiveUntilAtMs (exclusive); null = unbounded. */
  effectiveFromAtMs: number | null;
  effectiveUntilAtMs: number | null;
  status: SoftDeleteStatus;
  createdAtMs: number;
  updatedAtMs: number;
};

/** Absent fields are not given; an effective bound of 0 clears it (no rule can end at the epoch). */
export interface AvailabilityRuleInput extends OwnerInput {
  weekday?: number;
  startMinute?: number;
  endMinute?: number;
  timezone?: string;
  effectiveFromAtMs?: number;
  effectiveUntilAtMs?: number;
  status?: string;
}

interface RuleContext {
  tenantId: string;
  now: number;
  /** The staff/resource named by the (merged) owner, as `ownerToLookUp` asked for. */
  found: FoundOwner;
}

export function newAvailabilityRule(
  input: AvailabilityRuleInput,
  ctx: RuleContext & { id: string; tenantTimezone: string },
): AvailabilityRuleRecord {
  const v = new Violations();
  const owner = checkOwner(v, input, undefined, ctx);
  // '' on create asks for the default, like an absent timezone.
  const fields = checkRuleFields(v, { ...input, timezone: input.timezone || undefined });
  const status = checkCreateStatus(v, input.status);
  requireFields(v, fields, ['weekday', 'startMinute', 'endMinute']);
  const record: AvailabilityRuleRecord = {
    ruleId: ctx.id,
    tenantId: ctx.tenantId,
    ownerType: 'tenant',
    ownerId: ctx.tenantId,
    weekday: 0,
    startMinute: 0,
    endMinute: 0,
    // Staff work in their own timezone when they have one; resources and the tenant in the tenant's.
    timezone: (owner?.ownerType === 'staff' ? ctx.found?.timezone : null) ?? ctx.tenantTimezone,
    effectiveFromAtMs: null,
    effectiveUntilAtMs: null,
    status: status ?? 'active',
    ...createdAt(ctx.now),
    ...owner,
    ...definedOnly(fields),
  };
  checkRuleRanges(v, record);
  v.throwIfAny();
  return record;
}

/** Validates the merged record, so a PATCH of endMinute alone still keeps startMinute < endMinute. */
export function patchAvailabilityRule(
  current: AvailabilityRuleRecord,
  input: AvailabilityRuleInput,
  ctx: RuleContext,
): AvailabilityRuleRecord {
  assertSomeField(input);
  const v = new Violations();
  const owner = checkOwner(v, input, current, ctx);
  const fields = checkRuleFields(v, input);
  const status = checkPatchStatus(v, input.status);
  const record: AvailabilityRuleRecord = {
    ...current,
    ...owner,
    ...definedOnly({ ...fields, status }),
    updatedAtMs: nextUpdatedAt(current.updatedAtMs, ctx.now),
  };
  checkRuleRanges(v, record);
  v.throwIfAny();
  return record;
}

/** An effective bound: 0 clears it (proto3's unset, and no rule can end at the epoch). */
const effectiveBound = (v: Violations, path: string, value: number | undefined) =>
  value === 0 ? null : checkEpochMs(v, path, value);

function checkRuleFields(v: Violations, input: AvailabilityRuleInput) {
  return {
    weekday: checkInteger(v, 'weekday', input.weekday, 0, 6),
    startMinute: checkInteger(v, 'startMinute', input.startMinute, 0, MINUTES_PER_DAY),
    endMinute: checkInteger(v, 'endMinute', input.endMinute, 0, MINUTES_PER_DAY),
    timezone: canonicalIfGiven(checkFormat(v, 'timezone', input.timezone, isIanaTimeZone, TIME_ZONE_MESSAGE)),
    effectiveFromAtMs: effectiveBound(v, 'effectiveFromAtMs', input.effectiveFromAtMs),
    effectiveUntilAtMs: effectiveBound(v, 'effectiveUntilAtMs', input.effectiveUntilAtMs),
  };
}

function checkRuleRanges(v: Violations, r: AvailabilityRuleRecord): void {
  if (!v.has('startMinute') && !v.has('endMinute') && r.startMinute >= r.endMinute) {
    v.add('startMinute', 'must be less than endMinute');
  }
  const { effectiveFromAtMs: from, effectiveUntilAtMs: until } = r;
  const checked = !v.has('effectiveFromAtMs') && !v.has('effectiveUntilAtMs');
  if (checked && from !== null && until !== null && from >= until) {
    v.add('effectiveFromAtMs', 'must be before effectiveUntilAtMs');
  }
}

const canonicalIfGiven = (zone: string | undefined) => (zone ? canonicalTimeZone(zone) : zone);
