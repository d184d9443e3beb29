import { checkEnum, requirePresent } from './field-checks.js';
import { Violations } from './violations.js';

/** Who a weekly rule or a blocked time belongs to. */
export const OWNER_TYPES = ['tenant', 'staff', 'resource'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
export type OwnerRef = { ownerType: OwnerType; ownerId: string };

export interface OwnerInput {
  ownerType?: string;
  ownerId?: string;
}

/** The staff or resource record found for the owner id in the tenant, or null when there is none. */
export type FoundOwner = { timezone: string | null } | null;

/**
 * The owner after applying the input to the current one. Changing ownerType without an ownerId
 * drops the old id (it named a record of the other kind); for a tenant owner it is implied.
 */
function mergeOwner(input: OwnerInput, current: OwnerRef | undefined): OwnerInput {
  const typeChanged = input.ownerType !== undefined && input.ownerType !== current?.ownerType;
  return {
    ownerType: input.ownerType ?? current?.ownerType,
    ownerId: input.ownerId ?? (typeChanged ? undefined : current?.ownerId),
  };
}

const touchesOwner = (input: OwnerInput) => input.ownerType !== undefined || input.ownerId !== undefined;

/** The staff/resource record the caller must look up before `checkOwner`, or null when none is needed. */
export function ownerToLookUp(
  input: OwnerInput,
  current?: OwnerRef,
): { ownerType: 'staff' | 'resource'; ownerId: string } | null {
  if (current && !touchesOwner(input)) return null;
  const { ownerType, ownerId } = mergeOwner(input, current);
  return (ownerType === 'staff' || ownerType === 'resource') && ownerId ? { ownerType, ownerId } : null;
}

/** The validated owner; a staff/resource owner must exist in the tenant (`found`). */
export function checkOwner(
  v: Violations,
  input: OwnerInput,
  current: OwnerRef | undefined,
  ctx: { tenantId: string; found: FoundOwner },
): OwnerRef | undefined {
  if (current && !touchesOwner(input)) return current;
  const merged = mergeOwner(input, current);
  const ownerType = checkEnum(v, 'ownerType', merged.ownerType, OWNER_TYPES);
  requirePresent(v, 'ownerType', ownerType);
  if (ownerType === undefined) return undefined;
  const { ownerId } = merged;
  if (ownerType === 'tenant') {
    if (ownerId === undefined || ownerId === '' || ownerId === ctx.tenantId)
      return { ownerType, ownerId: ctx.tenantId };
    v.add('ownerId', 'must be the tenant id when ownerType is tenant');
    return undefined;
  }
  if (ownerId === undefined || ownerId === '') {
    v.add('ownerId', 'is required');
    return undefined;
  }
  if (ctx.found === null) {
    v.add('ownerId', `no ${ownerType} with this id in the tenant`);
    return undefined;
  }
  return { ownerType, ownerId };
}

/** ListAvailabilityRules' owner filter; '' (proto's unset) does not filter. */
export function parseOwnerFilter(ownerType: string, ownerId: string): { ownerType?: OwnerType; ownerId?: string } {
  const v = new Violations();
  const type = checkEnum(v, 'ownerType', ownerType || undefined, OWNER_TYPES);
  v.throwIfAny();
  return { ownerType: type, ownerId: ownerId || undefined };
}
