import { checkEpochMs, checkText, requirePresent } from './field-checks.js';
import { checkOwner, type FoundOwner, type OwnerInput, type OwnerType } from './owner.js';
import { checkCreateStatus, checkPatchStatus, type SoftDeleteStatus } from './soft-delete.js';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

/** Time [startsAtMs, endsAtMs) in which the owner cannot be booked. */
export type BlockedTimeRecord = {
  blockId: string;
  tenantId: string;
  ownerType: OwnerType;
  ownerId: string;
  startsAtMs: number;
  endsAtMs: number;
  reason: string;
  status: SoftDeleteStatus;
  createdAtMs: number;
  updatedAtMs: number;
};

export interface BlockedTimeInput extends OwnerInput {
  startsAtMs?: number;
  endsAtMs?: number;
  reason?: string;
  status?: string;
}

interface BlockContext {
  tenantId: string;
  now: number;
  found: FoundOwner;
}

export function newBlockedTime(input: BlockedTimeInput, ctx: BlockContext & { id: string }): BlockedTimeRecord {
  const v = new Violations();
  const owner = checkOwner(v, input, undefined, ctx);
  const fields = checkBlockFields(v, input);
  const status = checkCreateStatus(v, input.status);
  requirePresent(v, 'startsAtMs', fields.startsAtMs);
  requirePresent(v, 'endsAtMs', fields.endsAtMs);
  const record: BlockedTimeRecord = {
    blockId: ctx.id,
    tenantId: ctx.tenantId,
    ownerType: 'tenant',
    ownerId: ctx.tenantId,
    startsAtMs: 0,
    endsAtMs: 0,
    reason: '',
    status: status ?? 'active',
    ...createdAt(ctx.now),
    ...owner,
    ...definedOnly(fields),
  };
  checkBlockRange(v, record);
  v.throwIfAny();
  return record;
}

/** Validates the merged record, so moving only one end still keeps startsAtMs < endsAtMs. */
export function patchBlockedTime(
  current: BlockedTimeRecord,
  input: BlockedTimeInput,
  ctx: BlockContext,
): BlockedTimeRecord {
  assertSomeField(input);
  const v = new Violations();
  const owner = checkOwner(v, input, current, ctx);
  const fields = checkBlockFields(v, input);
  const status = checkPatchStatus(v, input.status);
  const record: BlockedTimeRecord = {
    ...current,
    ...owner,
    ...definedOnly({ ...fields, status }),
    updatedAtMs: nextUpdatedAt(current.updatedAtMs, ctx.now),
  };
  checkBlockRange(v, record);
  v.throwIfAny();
  return record;
}

function checkBlockFields(v: Violations, input: BlockedTimeInput) {
  return {
    startsAtMs: checkEpochMs(v, 'startsAtMs', input.startsAtMs),
    endsAtMs: checkEpochMs(v, 'endsAtMs', input.endsAtMs),
    reason: checkText(v, 'reason', input.reason, { max: 500, allowEmpty: true }),
  };
}

function checkBlockRange(v: Violations, r: BlockedTimeRecord): void {
  if (!v.has('startsAtMs') && !v.has('endsAtMs') && r.startsAtMs >= r.endsAtMs) {
    v.add('startsAtMs', 'must be before endsAtMs');
  }
}

/** ListBlockedTimes' optional overlap window. */
export function parseBlockListWindow(
  fromMs: number | undefined,
  toMs: number | undefined,
): { fromMs?: number; toMs?: number } {
  const v = new Violations();
  const from = checkEpochMs(v, 'fromMs', fromMs);
  const to = checkEpochMs(v, 'toMs', toMs);
  if (from !== undefined && to !== undefined && from >= to) v.add('toMs', 'must be greater than fromMs');
  v.throwIfAny();
  return { fromMs: from, toMs: to };
}
