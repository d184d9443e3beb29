import { DAY_WINDOWS_MESSAGE, sortedDayWindows, type DayWindow } from '@svc/rules';
import { checkFormat, requirePresent } from './field-checks.js';
import { isCalendarDate } from './field-rules.js';
import { checkOwner, type FoundOwner, type OwnerInput, type OwnerType } from './owner.js';
import { checkCreateStatus, checkPatchStatus, type SoftDeleteStatus } from './soft-delete.js';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

/**
 * On `date` (in the owner's zone: a staff member's own, else the tenant's) the owner's hours are
 * `windows` instead of its weekly rules; none closes it that day (docs/decisions.md "Date overrides").
 */
export type DateOverrideRecord = {
  overrideId: string;
  tenantId: string;
  ownerType: OwnerType;
  ownerId: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Sorted by start, none overlapping another. */
  windows: DayWindow[];
  status: SoftDeleteStatus;
  createdAtMs: number;
  updatedAtMs: number;
};

export interface DateOverrideInput extends OwnerInput {
  date?: string;
  /** Absent: unchanged (a PATCH) or none (a create, which closes the day). */
  windows?: readonly DayWindow[];
  status?: string;
}

interface OverrideContext {
  tenantId: string;
  now: number;
  found: FoundOwner;
}

export function newDateOverride(input: DateOverrideInput, ctx: OverrideContext & { id: string }): DateOverrideRecord {
  const v = new Violations();
  const owner = checkOwner(v, input, undefined, ctx);
  const fields = checkOverrideFields(v, input);
  const status = checkCreateStatus(v, input.status);
  requirePresent(v, 'date', fields.date);
  v.throwIfAny();
  return {
    overrideId: ctx.id,
    tenantId: ctx.tenantId,
    ownerType: 'tenant',
    ownerId: ctx.tenantId,
    date: '',
    windows: [],
    status: status ?? 'active',
    ...createdAt(ctx.now),
    ...owner,
    ...definedOnly(fields),
  };
}

export function patchDateOverride(
  current: DateOverrideRecord,
  input: DateOverrideInput,
  ctx: OverrideContext,
): DateOverrideRecord {
  assertSomeField(input);
  const v = new Violations();
  const owner = checkOwner(v, input, current, ctx);
  const fields = checkOverrideFields(v, input);
  const status = checkPatchStatus(v, input.status);
  v.throwIfAny();
  return {
    ...current,
    ...owner,
    ...definedOnly({ ...fields, status }),
    updatedAtMs: nextUpdatedAt(current.updatedAtMs, ctx.now),
  };
}

function checkOverrideFields(v: Violations, input: DateOverrideInput) {
  let windows: DayWindow[] | undefined;
  if (input.windows !== undefined) {
    windows = sortedDayWindows(input.windows) ?? undefined;
    if (windows === undefined) v.add('windows', DAY_WINDOWS_MESSAGE);
  }
  return {
    date: checkFormat(v, 'date', input.date, isCalendarDate, 'must be a calendar date YYYY-MM-DD'),
    windows,
  };
}

/** ListDateOverrides' optional date bounds (inclusive). */
export function parseOverrideListDates(fromDate: string, toDate: string): { fromDate?: string; toDate?: string } {
  const v = new Violations();
  const from = checkFormat(v, 'fromDate', fromDate || undefined, isCalendarDate, 'must be a calendar date YYYY-MM-DD');
  const to = checkFormat(v, 'toDate', toDate || undefined, isCalendarDate, 'must be a calendar date YYYY-MM-DD');
  if (from !== undefined && to !== undefined && from > to) v.add('toDate', 'must not be before fromDate');
  v.throwIfAny();
  return { ...(from ? { fromDate: from } : {}), ...(to ? { toDate: to } : {}) };
}
