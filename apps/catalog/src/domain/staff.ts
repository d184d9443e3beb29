import { checkEnum, checkFormat, checkText, MAX_ID_LENGTH, requirePresent } from './field-checks.js';
import { canonicalTimeZone, isEmail, isIanaTimeZone } from './field-rules.js';
import { nextUpdatedAt } from './timestamps.js';
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
  requirePresent(v, 'body.displayName', fields.displayName);
  v.throwIfAny();
  return {
    staffId: ctx.id,
    tenantId: ctx.tenantId,
    userId: null,
    displayName: '',
    email: null,
    timezone: null,
    status: 'active',
    createdAtMs: ctx.now,
    updatedAtMs: ctx.now,
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
  const userId = checkText(v, 'body.userId', input.userId, { max: MAX_ID_LENGTH, allowEmpty: true });
  const displayName = checkText(v, 'body.displayName', input.displayName, { max: 200 });
  const email = checkFormat(v, 'body.email', input.email, orEmpty(isEmail), 'must be an email address');
  const timezone = checkFormat(
    v,
    'body.timezone',
    input.timezone,
    orEmpty(isIanaTimeZone),
    'must be an IANA time zone',
  );
  return {
    userId: orNull(userId),
    displayName,
    email: orNull(email?.toLowerCase()),
    timezone: orNull(timezone && canonicalTimeZone(timezone)),
    status: checkEnum(v, 'body.status', input.status, STAFF_STATUSES),
  };
}
