import type { AvailabilityRuleRecord } from './availability-rule.js';
import type { OwnerRef } from './owner.js';
import type { ResourceRecord } from './resource.js';
import type { TimeWindow } from './schedule-window.js';
import type { ServiceRecord } from './service.js';
import type { StaffRecord } from './staff.js';

export const ownerKey = (owner: OwnerRef): string => `${owner.ownerType}:${owner.ownerId}`;

export interface ScheduleScope {
  /** The service's listed staff that are active, in the service's order. */
  staff: StaffRecord[];
  resources: ResourceRecord[];
  /** The tenant plus those staff and resources: whose rules and blocks matter. */
  owners: OwnerRef[];
  ownerKeys: ReadonlySet<string>;
}

/** Who takes part in booking `service`: disabled staff and resources are left out with their rules and blocks. */
export function scheduleScope(
  service: ServiceRecord,
  staffFound: readonly StaffRecord[],
  resourcesFound: readonly ResourceRecord[],
): ScheduleScope {
  const staff = inListedOrder(service.staffIds, staffFound, (s) => s.staffId).filter((s) => s.status === 'active');
  const resources = inListedOrder(service.resourceIds, resourcesFound, (r) => r.resourceId).filter(
    (r) => r.status === 'active',
  );
  const owners: OwnerRef[] = [
    { ownerType: 'tenant', ownerId: service.tenantId },
    ...staff.map((s): OwnerRef => ({ ownerType: 'staff', ownerId: s.staffId })),
    ...resources.map((r): OwnerRef => ({ ownerType: 'resource', ownerId: r.resourceId })),
  ];
  return { staff, resources, owners, ownerKeys: new Set(owners.map(ownerKey)) };
}

/** A rule matters when its owner is in scope and its effective period meets the window. */
export function ruleApplies(rule: AvailabilityRuleRecord, ownerKeys: ReadonlySet<string>, window: TimeWindow): boolean {
  if (!ownerKeys.has(ownerKey(rule))) return false;
  if (rule.effectiveUntilAtMs !== null && rule.effectiveUntilAtMs <= window.fromMs) return false;
  return rule.effectiveFromAtMs === null || rule.effectiveFromAtMs < window.toMs;
}

function inListedOrder<T>(ids: readonly string[], records: readonly T[], idOf: (record: T) => string): T[] {
  const byId = new Map(records.map((record) => [idOf(record), record]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
