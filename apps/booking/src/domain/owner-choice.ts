// The owners a booking decision needs locked (docs/architecture.md "Booking create", step 3):
// only the staff member and resource the verdict chose (every staff member of a collective
// booking), never every owner the service lists, so two creates that go to different people
// never wait for each other. Pure: the application takes the locks.

import type { ScheduleInput, SlotVerdict } from './availability/index.js';
import { lockKeysFor } from './lock-keys.js';

/** A verdict that found the slot free: who takes the booking. */
export type Choice = SlotVerdict & { ok: true };

/** An owner as its lock key names it: `staff:<id>` or `resource:<id>`. */
export type OwnerTag = string;

/** The staff and resources a chosen booking occupies, as its occupancy documents count them (store/occupied-keys.ts). */
function ownersOf(choice: Choice): { staffIds: string[]; resourceIds: string[] } {
  return {
    staffIds: choice.staffIds ? [...choice.staffIds] : choice.staffId ? [choice.staffId] : [],
    resourceIds: choice.resourceId ? [choice.resourceId] : [],
  };
}

/**
 * The capacity lock keys of the booking `choice` would make over `[fromMs, toMs)`: its owners'
 * (the service's when it has neither), per UTC day. The same keys as the booking's occupancy
 * documents, so two bookings that could collide share one.
 */
export function choiceKeys(
  tenantId: string,
  serviceId: string,
  choice: Choice,
  fromMs: number,
  toMs: number,
): string[] {
  return lockKeysFor(tenantId, { serviceId, ...ownersOf(choice) }, fromMs, toMs);
}

/** The owner a lock key is about (`staff:<id>`, `resource:<id>`, `service:<id>`): lockKeysFor's `<tenant>:<owner>:<day>`. */
export function ownerOfKey(tenantId: string, key: string): OwnerTag {
  return key.slice(tenantId.length + 1, key.lastIndexOf(':'));
}

/**
 * The schedule with the owners in `skipped` left out, so the engine picks among the others; null
 * when nobody would be left to pick: a skipped service, a member of a collective team (every one
 * is needed), or the last staff member or resource of the service.
 */
export function withoutOwners(schedule: ScheduleInput, skipped: ReadonlySet<OwnerTag>): ScheduleInput | null {
  const { service } = schedule;
  if (skipped.has(`service:${service.serviceId}`)) return null;
  const collective = service.assignment === 'collective';
  const staffIds = service.staffIds.filter((id) => !skipped.has(`staff:${id}`));
  const resourceIds = service.resourceIds.filter((id) => !skipped.has(`resource:${id}`));
  if (collective && staffIds.length < service.staffIds.length) return null;
  if (
    (service.staffIds.length > 0 && staffIds.length === 0) ||
    (service.resourceIds.length > 0 && resourceIds.length === 0)
  ) {
    return null;
  }
  return { ...schedule, service: { ...service, staffIds, resourceIds } };
}

/**
 * The schedule narrowed to the owners of `held` (the choice whose locks are held): the decision
 * under the locks may only give the booking to them. Null when the schedule no longer lists them
 * (the catalog changed meanwhile).
 */
export function onlyOwners(schedule: ScheduleInput, held: Choice): ScheduleInput | null {
  const { service } = schedule;
  const owners = ownersOf(held);
  const listed = (ids: readonly string[], list: readonly string[]) => ids.every((id) => list.includes(id));
  if (!listed(owners.staffIds, service.staffIds) || !listed(owners.resourceIds, service.resourceIds)) return null;
  // A collective booking needs the whole team as the schedule lists it now.
  if (service.assignment === 'collective' && owners.staffIds.length !== new Set(service.staffIds).size) return null;
  if (service.staffIds.length > 0 && owners.staffIds.length === 0) return null;
  if (service.resourceIds.length > 0 && owners.resourceIds.length === 0) return null;
  return { ...schedule, service: { ...service, staffIds: owners.staffIds, resourceIds: owners.resourceIds } };
}
