// The scheduling scenarios of the fault suite (issue 26; docs/testing.md "Fault suite"): a
// tenant of its own on the shared topology with a 20-seat class, a collective team with its
// members' own services, and two round-robin teams (equal, and weighted 2:1:1), booked over real
// HTTP through both gateways; what is stored is read straight from the booking service's
// MongoDB database.

import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { SERVICE_LISTS_UNCHANGED } from '@svc/testing';
import type { Rig } from './fault-rig.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const SCHEDULING_SLUG = 'scheduling';

export interface SchedulingTenant {
  tenantId: string;
  /** The class teacher, the collective team's three, the equal round-robin four, the weighted three. */
  teacher: string;
  team: string[];
  equal: string[];
  weighted: string[];
}

/**
 * The tenant, open around the clock in UTC: `class` (60 min, 20 seats, parties up to 3),
 * `team` (collective, 60 min) and `solo-<i>` (each member alone, 60 min), `rr` (round-robin over
 * four, 30 min) and `rrw` (round-robin over three weighted 2:1:1, 30 min).
 */
export async function seedSchedulingTenant(rig: Rig): Promise<SchedulingTenant> {
  const catalog = connectService(catalogV1.CatalogServiceService, rig.topology.catalogAddress);
  try {
    const created = await catalog.createTenant({
      slug: SCHEDULING_SLUG,
      name: 'Scheduling',
      timezone: 'UTC',
      locale: 'en',
    });
    const tenantId = created.tenant!.tenantId;
    for (let weekday = 0; weekday < 7; weekday++) {
      await catalog.createAvailabilityRule({
        tenantId,
        fields: { ownerType: 'tenant', ownerId: tenantId, weekday, startMinute: 0, endMinute: 1440 },
      });
    }
    const staff = async (n: number, name: string) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const { staff: made } = await catalog.createStaff({ tenantId, fields: { displayName: `${name} ${i}` } });
        ids.push(made!.staffId);
      }
      return ids;
    };
    const [teacher] = await staff(1, 'Teacher');
    const team = await staff(3, 'Team');
    const equal = await staff(4, 'Equal');
    const weighted = await staff(3, 'Weighted');
    const service = (fields: Partial<catalogV1.ServiceFields>) =>
      catalog.createService({
        tenantId,
        fields: { ...SERVICE_LISTS_UNCHANGED, durationMin: 60, maxAdvanceDays: 365, ...fields },
      });
    await service({
      slug: 'class',
      name: 'Class',
      staffIds: [teacher!],
      staffIdsSet: true,
      seats: 20,
      maxPartySize: 3,
    });
    await service({ slug: 'team', name: 'Team', staffIds: team, staffIdsSet: true, assignment: 'collective' });
    for (const [i, id] of team.entries()) {
      await service({ slug: `solo-${i}`, name: `Solo ${i}`, staffIds: [id], staffIdsSet: true });
    }
    await service({
      slug: 'rr',
      name: 'Round',
      durationMin: 30,
      staffIds: equal,
      staffIdsSet: true,
      assignment: 'round_robin',
    });
    await service({
      slug: 'rrw',
      name: 'Weighted',
      durationMin: 30,
      staffIds: weighted,
      staffIdsSet: true,
      assignment: 'round_robin',
      staffWeights: { [weighted[0]!]: 2 },
      staffWeightsSet: true,
    });
    return { tenantId, teacher: teacher!, team, equal, weighted };
  } finally {
    catalog.close();
  }
}

/** The first whole hour three days ahead, plus `hours`: every scenario books from there on. */
export const hourAhead = (hours: number): number => Math.floor(Date.now() / DAY) * DAY + 3 * DAY + hours * 60 * MINUTE;

export interface Answer {
  status: number;
  code?: string;
  bookingId?: string;
  staffId?: string;
  /** Milliseconds from the request to its answer. */
  ms: number;
}

let seq = 0;

/** A fresh Idempotency-Key. */
export const newKey = (): string => `sched-${process.pid}-${++seq}`;

/**
 * A public create of `serviceSlug` through gateway `gateway` with Idempotency-Key `key` (a new one
 * unless a retry passes its own); never throws (status 0: no answer).
 */
export async function book(
  rig: Rig,
  gateway: number,
  serviceSlug: string,
  startsAtMs: number,
  extra: { partySize?: number } = {},
  key = newKey(),
): Promise<Answer> {
  const base = rig.topology.gatewayUrls[gateway % rig.topology.gatewayUrls.length]!;
  const started = performance.now();
  try {
    const res = await fetch(`${base}/book/${SCHEDULING_SLUG}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        serviceSlug,
        startsAtMs,
        customer: { name: `Customer ${key}`, primaryEmail: `${key}@example.test` },
        ...extra,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json().catch(() => ({}))) as {
      data?: { booking?: { bookingId?: string } };
      error?: { code?: string };
    };
    return {
      status: res.status,
      ms: performance.now() - started,
      ...(body.data?.booking?.bookingId ? { bookingId: body.data.booking.bookingId } : {}),
      ...(body.error?.code ? { code: body.error.code } : {}),
    };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

export interface StoredBooking {
  _id: string;
  serviceSlug: string;
  staffId: string | null;
  collectiveStaffIds?: string;
  startsAtMs: number;
  endsAtMs: number;
  status: string;
  partySize?: number;
}

/** The tenant's occupying bookings (held or confirmed) as stored. */
export function storedOf(rig: Rig, tenant: SchedulingTenant): Promise<StoredBooking[]> {
  return rig.booking
    .collection<StoredBooking>('bookings')
    .find({ tenantId: tenant.tenantId, status: { $in: ['held', 'confirmed'] } })
    .toArray();
}

/** Every staff member a stored booking occupies. */
export const staffOfStored = (b: StoredBooking): string[] =>
  b.collectiveStaffIds ? b.collectiveStaffIds.split(' ') : b.staffId ? [b.staffId] : [];

/** Staff members holding two bookings that overlap in time: none means nobody is double-booked. */
export function doubleBooked(bookings: readonly StoredBooking[]): string[] {
  const byStaff = new Map<string, StoredBooking[]>();
  for (const b of bookings) {
    for (const id of staffOfStored(b)) byStaff.set(id, [...(byStaff.get(id) ?? []), b]);
  }
  const twice: string[] = [];
  for (const [id, list] of byStaff) {
    // A session is one occupant: the bookings of one class at one start share it.
    const occupants = new Map<string, StoredBooking>();
    for (const b of list) occupants.set(b.serviceSlug === 'class' ? `class ${b.startsAtMs}` : b._id, b);
    const sorted = [...occupants.values()].sort((a, b) => a.startsAtMs - b.startsAtMs);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.startsAtMs < sorted[i - 1]!.endsAtMs) twice.push(id);
    }
  }
  return twice;
}

/** p-th percentile of `values` (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** Answers counted by status, as `201 41, 409 3, 503 156`. */
export function countBy(answers: readonly Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
}
