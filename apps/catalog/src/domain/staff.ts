import { checkEnum, checkFormat, checkOptionalId, checkText, requirePresent } from './field-checks.js';
import { canonicalTimeZone, EMAIL_MESSAGE, isIanaTimeZone, normalizeEmail, TIME_ZONE_MESSAGE } from '@svc/rules';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

export const STAFF_STATUSES = ['active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export type StaffRecord = {
  staffId: string;
  tenantId: string;
  userId: string | null;
  displayName: string;
  email: string | null;
  /** null: the staff member works in the tenant's timezone. */
  timezone: string | null;
  status: StaffStatus;
  createdAtMs: number;
  updatedAtMs: number;
};

/** Absent fields are not given; '' clears userId, email and timezone. */
export interface StaffInput {
  userId?: string;
  displayName?: string;
  email?: string;
  timezone?: string;
  status?: string;
}

export function newStaff(input: StaffInput, ctx: { id: string; tenantId: string; now: number }): StaffRecord {
  const v = new Violations();
  const fields = checkStaffFields(v, input);
  requirePresent(v, 'displayName', fields.displayName);
  v.throwIfAny();
  return {
    staffId: ctx.id,
    tenantId: ctx.tenantId,
    userId: null,
    displayName: '',
    email: null,
    timezone: null,
    status: 'active',
    ...createdAt(ctx.now),
    ...definedOnly(fields),
  };
}

export function patchStaff(current: StaffRecord, input: StaffInput, now: number): StaffRecord {
  assertSomeField(input);
  const v = new Violations();
  const fields = checkStaffFields(v, input);
  v.throwIfAny();
  return { ...current, ...definedOnly(fields), updatedAtMs: nextUpdatedAt(current.updatedAtMs, now) };
}

const orNull = (value: string | undefined) => (value === '' ? null : value);
/** '' is accepted too: it clears the field. */
const orEmpty = (test: (s: string) => boolean) => (s: string) => s === '' || test(s);

function checkStaffFields(v: Violations, input: StaffInput) {
  const userId = checkOptionalId(v, 'userId', input.userId);
  const displayName = checkText(v, 'displayName', input.displayName, { max: 200 });
  const email = checkFormat(
    v,
    'email',
    input.email,
    orEmpty((s) => normalizeEmail(s) !== null),
    EMAIL_MESSAGE,
  );
  const timezone = checkFormat(v, 'timezone', input.timezone, orEmpty(isIanaTimeZone), TIME_ZONE_MESSAGE);
  return {
    userId: orNull(userId),
    displayName,
    email: orNull(email?.toLowerCase()),
    timezone: orNull(timezone && canonicalTimeZone(timezone)),
    status: checkEnum(v, 'status', input.status, STAFF_STATUSES),
  };
}
