import { checkEnum, checkInteger, checkText, requirePresent } from './field-checks.js';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

export const RESOURCE_STATUSES = ['active', 'disabled'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];

export type ResourceRecord = {
  resourceId: string;
  tenantId: string;
  /** Free text chosen by the tenant (room, chair, court...). */
  type: string;
  name: string;
  locationLabel: string;
  /** How many bookings may overlap on this resource. */
  capacity: number;
  status: ResourceStatus;
  createdAtMs: number;
  updatedAtMs: number;
};

/** Absent fields are not given; '' clears locationLabel. */
export interface ResourceInput {
  type?: string;
  name?: string;
  locationLabel?: string;
  capacity?: number;
  status?: string;
}

export const MAX_CAPACITY = 10_000;

export function newResource(input: ResourceInput, ctx: { id: string; tenantId: string; now: number }): ResourceRecord {
  const v = new Violations();
  const fields = checkResourceFields(v, input);
  requirePresent(v, 'type', fields.type);
  requirePresent(v, 'name', fields.name);
  v.throwIfAny();
  return {
    resourceId: ctx.id,
    tenantId: ctx.tenantId,
    type: '',
    name: '',
    locationLabel: '',
    capacity: 1,
    status: 'active',
    ...createdAt(ctx.now),
    ...definedOnly(fields),
  };
}

export function patchResource(current: ResourceRecord, input: ResourceInput, now: number): ResourceRecord {
  assertSomeField(input);
  const v = new Violations();
  const fields = checkResourceFields(v, input);
  v.throwIfAny();
  return { ...current, ...definedOnly(fields), updatedAtMs: nextUpdatedAt(current.updatedAtMs, now) };
}

function checkResourceFields(v: Violations, input: ResourceInput) {
  return {
    type: checkText(v, 'type', input.type, { max: 64 }),
    name: checkText(v, 'name', input.name, { max: 200 }),
    locationLabel: checkText(v, 'locationLabel', input.locationLabel, { max: 200, allowEmpty: true }),
    capacity: checkInteger(v, 'capacity', input.capacity, 1, MAX_CAPACITY),
    status: checkEnum(v, 'status', input.status, RESOURCE_STATUSES),
  };
}
