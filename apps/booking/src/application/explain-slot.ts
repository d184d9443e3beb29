import { validationError, type FieldViolation } from '@svc/errors';
import { clampToEpochRange, DAY_MS, EPOCH_MS_MESSAGE, isEpochMs, MINUTE_MS } from '@svc/rules';
import {
  bookableStarts,
  decisionReach,
  explainSlot as evaluate,
  occupiedReach,
  slotShape,
  type SlotOverride,
  type SlotRejectReason,
} from '../domain/availability/index.js';
import { occupyingBookings } from './existing-bookings.js';
import { externalOccupancy } from './external-busy.js';
import type { AvailabilityDeps } from './get-availability.js';
import { ServiceBuffers } from './stored-buffers.js';

export interface ExplainQuery {
  tenantId: string;
  serviceId: string;
  startsAtMs: number;
}

/** What create would decide for this start, and why: the engine's verdict, or the status that stops it first. */
export type ExplainReason = 'free' | 'tenant_inactive' | 'service_inactive' | SlotRejectReason;

export interface SlotOwnerRef {
  ownerType: 'tenant' | 'service' | 'staff' | 'resource';
  ownerId: string;
}

export interface SlotExplanationView {
  serviceId: string;
  serviceSlug: string;
  timezone: string;
  startsAtMs: number;
  endsAtMs: number;
  free: boolean;
  reason: ExplainReason;
  /** Whom the reason concerns; null when the slot is free. */
  owner: SlotOwnerRef | null;
  /** The assignment create would make, when free. */
  staffId: string | null;
  resourceId: string | null;
  /** For `outside_hours` on a date an override sets (the tenant's, or `owner`'s): which one. */
  override: SlotOverride | null;
}

/** Reasons of the tenant's hours, holidays and blocks; the engine names no owner for them. */
const TENANT_REASONS: ReadonlySet<SlotRejectReason> = new Set(['outside_hours', 'holiday', 'blocked']);

/**
 * The dashboard's "why is this start not bookable?" (docs/api-conventions.md "Availability
 * explain"): the same inputs as availability (the catalog snapshot, bookings read fresh with
 * their buffers) and the same evaluation as create (the engine's explainSlot), without a lock:
 * an answer, not a promise.
 */
export async function explainStart(deps: AvailabilityDeps, q: ExplainQuery): Promise<SlotExplanationView> {
  const violations: FieldViolation[] = [];
  if (q.serviceId === '') violations.push({ path: 'serviceId', message: 'is required' });
  if (!isEpochMs(q.startsAtMs)) violations.push({ path: 'startsAtMs', message: EPOCH_MS_MESSAGE });
  if (violations.length > 0) throw validationError(violations);
  const ref = await deps.services.byId(q.tenantId, q.serviceId);
  const { tenant, service, schedule, catalogVersion } = await deps.schedules.forService(
    q.tenantId,
    ref.slug,
    clampToEpochRange(q.startsAtMs - DAY_MS),
    clampToEpochRange(q.startsAtMs + 2 * DAY_MS),
    { fresh: true },
  );
  const view = {
    serviceId: service.serviceId,
    serviceSlug: service.slug,
    timezone: tenant.timezone,
    startsAtMs: q.startsAtMs,
    endsAtMs: q.startsAtMs + service.durationMin * MINUTE_MS,
  };
  const refused = (reason: ExplainReason, owner: SlotOwnerRef, override?: SlotOverride): SlotExplanationView => ({
    ...view,
    free: false,
    reason,
    owner,
    staffId: null,
    resourceId: null,
    override: override ?? null,
  });
  const tenantOwner: SlotOwnerRef = { ownerType: 'tenant', ownerId: tenant.tenantId };
  const serviceOwner: SlotOwnerRef = { ownerType: 'service', ownerId: service.serviceId };
  if (tenant.status !== 'active') return refused('tenant_inactive', tenantOwner);
  if (service.status !== 'active') return refused('service_inactive', serviceOwner);

  const buffers = new ServiceBuffers(deps.services, q.tenantId, service);
  const shape = slotShape(schedule.service);
  const start = { fromMs: q.startsAtMs, toMs: q.startsAtMs };
  // What the slot occupies, for the calendars; the bookings as create reads them (a daily limit's
  // day, a round-robin week; decisionReach).
  const window = { tenantId: q.tenantId, ...occupiedReach(shape, start) };
  const nowMs = deps.now();
  // A start outside the bookable horizon is refused whatever the calendars say: none is asked.
  const bookable = bookableStarts(shape, nowMs, q.startsAtMs, q.startsAtMs + 1) !== null;
  const [booked, busy] = await Promise.all([
    occupyingBookings(deps, buffers, { tenantId: q.tenantId, ...decisionReach(shape, start) }),
    bookable
      ? externalOccupancy(
          deps.busyTimes,
          { schedule, catalogVersion },
          { ...window, staffIds: service.staffIds, fresh: false },
        )
      : [],
  ]);
  const bookings = busy.length === 0 ? booked : [...booked, ...busy];
  const verdict = evaluate({ schedule, bookings, startsAtMs: q.startsAtMs, nowMs });
  if (verdict.ok) {
    return {
      ...view,
      free: true,
      reason: 'free',
      owner: null,
      staffId: verdict.staffId ?? null,
      resourceId: verdict.resourceId ?? null,
      override: null,
    };
  }
  // No owner from the engine: the tenant's hours, holidays and blocks, or the service's own
  // timing (notice, advance, grid).
  const owner = verdict.owner ?? (TENANT_REASONS.has(verdict.reason) ? tenantOwner : serviceOwner);
  return refused(verdict.reason, owner, verdict.override);
}
