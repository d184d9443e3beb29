import { checkFormat, checkText, requirePresent } from './field-checks.js';
import { isCalendarDate } from './field-rules.js';
import { checkCreateStatus, checkPatchStatus, type SoftDeleteStatus } from './soft-delete.js';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

/** A day (in the tenant's timezone) on which the whole tenant is closed. */
export type HolidayRecord = {
  holidayId: string;
  tenantId: string;
  /** YYYY-MM-DD in the tenant timezone. */
  date: string;
  name: string;
  status: SoftDeleteStatus;
  createdAtMs: number;
  updatedAtMs: number;
};

export interface HolidayInput {
  date?: string;
  name?: string;
  status?: string;
}

export function newHoliday(input: HolidayInput, ctx: { id: string; tenantId: string; now: number }): HolidayRecord {
  const v = new Violations();
  const fields = checkHolidayFields(v, input);
  const status = checkCreateStatus(v, input.status);
  requirePresent(v, 'date', fields.date);
  v.throwIfAny();
  return {
    holidayId: ctx.id,
    tenantId: ctx.tenantId,
    date: '',
    name: '',
    status: status ?? 'active',
    ...createdAt(ctx.now),
    ...definedOnly(fields),
  };
}

export function patchHoliday(current: HolidayRecord, input: HolidayInput, now: number): HolidayRecord {
  assertSomeField(input);
  const v = new Violations();
  const fields = checkHolidayFields(v, input);
  const status = checkPatchStatus(v, input.status);
  v.throwIfAny();
  return {
    ...current,
    ...definedOnly({ ...fields, status }),
    updatedAtMs: nextUpdatedAt(current.updatedAtMs, now),
  };
}

function checkHolidayFields(v: Violations, input: HolidayInput) {
  return {
    date: checkFormat(v, 'date', input.date, isCalendarDate, 'must be a calendar date YYYY-MM-DD'),
    name: checkText(v, 'name', input.name, { max: 200, allowEmpty: true }),
  };
}
