import { LruCache, type LruBounds } from '@svc/cache';
import { type CatalogClient } from '@svc/grpc';
import { assignmentOf, confirmationPolicyOf, DAY_MS, type Question } from '@svc/rules';
import type { catalogV1 } from '@svc/proto';
import type { OwnerType, ScheduleInput } from '../domain/availability/index.js';
import type { ScheduleSource, ServiceSchedule } from '../application/ports.js';
import { servicePaymentOf } from './service-payment.js';

/** How old an entry a lock-free look may take as it is (see below). */
const LOOK_MS = 2_000;

/**
 * Snapshots kept at most. The key holds what a caller chose (service slug, window days), so both
 * bounds hold whatever they send; a large tenant's month of blocks counts for what it holds
 * (docs/operations.md "Memory bounds").
 */
export const SCHEDULE_CACHE_BOUNDS: LruBounds = { maxEntries: 1_000, maxBytes: 32 * 1024 * 1024 };
/** What an entry counts while its read is under way; replaced by its estimate once it is in. */
const PENDING_BYTES = 1_024;
const OWNER_TYPES: readonly string[] = ['tenant', 'staff', 'resource'];

/**
 * The catalog's schedule snapshot as engine input, cached per (service, days) with the tenant's
 * catalog version it was read at; every catalog write changes the version. A reader that knows
 * the current version (`version`: the gateway read it with the tenant) reuses an entry of exactly
 * that version and reads anew otherwise, with no extra hop; `fresh` asks the catalog for the
 * version (one small read) and does the same (availability without a version, explain, and
 * create and reschedule under the lock: docs/decisions.md "Booking"), unless nothing is kept for
 * the key: a snapshot read then is current by itself. Only the lock-free look of
 * create and reschedule, whose "yes" is decided again under the lock, takes an entry up to
 * LOOK_MS old as it is.
 */
export function catalogSchedules(client: CatalogClient, bounds: LruBounds = SCHEDULE_CACHE_BOUNDS): ScheduleSource {
  const cache = new LruCache<CacheEntry>({ ...bounds, sizeOf: (entry) => entry.bytes });
  const load = (key: string, request: catalogV1.GetScheduleSnapshotRequest, now: number) => {
    const value: Promise<VersionedSchedule> = client.getScheduleSnapshot(request).then((snap) => {
      // Counted again at its size, while it is still the entry of its key.
      const held = cache.get(key);
      if (held?.value === value) cache.set(key, { ...held, bytes: snapshotBytes(snap) });
      // The schedule names its version: busy times kept under it are taken by its readers only.
      return { schedule: { ...toSchedule(snap), catalogVersion: snap.catalogVersion }, version: snap.catalogVersion };
    });
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    cache.set(key, { at: now, value, bytes: PENDING_BYTES });
    return value;
  };
  return {
    async forService(tenantId, serviceSlug, from, to, options = {}) {
      // Whole UTC days, so the many requests about one day share one entry.
      const fromMs = Math.floor(from / DAY_MS) * DAY_MS;
      const toMs = Math.ceil(to / DAY_MS) * DAY_MS;
      const key = `${tenantId}|${serviceSlug}|${fromMs}|${toMs}`;
      const request = { tenantId, serviceSlug, fromMs, toMs };
      const now = Date.now();
      const hit = cache.get(key);
      if (!options.fresh && !options.version) {
        return (hit && now - hit.at < LOOK_MS ? hit.value : load(key, request, now)).then((v) => v.schedule);
      }
      // Nothing kept: the snapshot read now is current by itself, no version to ask for.
      if (!hit && !options.version) return (await load(key, request, now)).schedule;
      // Asked before the entry is read, so an entry at least this new is current.
      const current = options.version
        ? Promise.resolve(options.version)
        : client.getCatalogVersion({ tenantId }).then((r) => r.catalogVersion);
      const cached = await hit?.value.catch(() => undefined);
      const catalogVersion = await current;
      // '' (no change since versions exist) names no state: never trusted.
      if (cached && catalogVersion !== '' && cached.version === catalogVersion) return cached.schedule;
      return (await load(key, request, now)).schedule;
    },
  };
}

interface VersionedSchedule {
  schedule: ServiceSchedule;
  /** The tenant's catalog version the snapshot was read at. */
  version: string;
}

interface CacheEntry {
  at: number;
  value: Promise<VersionedSchedule>;
  /** Approximate bytes of the snapshot (snapshotBytes). */
  bytes: number;
}

/**
 * Roughly what a snapshot holds once mapped (toSchedule): a few hundred bytes per record (rule,
 * block, holiday, date override, staff member, resource) and per id the service lists. An estimate for the
 * cache's byte bound, not a measurement.
 */
export function snapshotBytes(snap: catalogV1.GetScheduleSnapshotResponse): number {
  const records =
    snap.staff.length +
    snap.resources.length +
    snap.rules.length +
    snap.blockedTimes.length +
    snap.holidays.length +
    snap.dateOverrides.length;
  const ids = (snap.service?.staffIds.length ?? 0) + (snap.service?.resourceIds.length ?? 0);
  return 1_024 + 300 * records + 100 * ids;
}

export function toSchedule(snap: catalogV1.GetScheduleSnapshotResponse): ServiceSchedule {
  const { tenant, service } = snap;
  if (!tenant || !service) throw new Error('catalog snapshot without tenant or service');
  const owner = (t: string): OwnerType => (OWNER_TYPES.includes(t) ? (t as OwnerType) : 'tenant');
  const schedule: ScheduleInput = {
    timezone: tenant.timezone,
    service: {
      serviceId: service.serviceId,
      durationMin: service.durationMin,
      bufferBeforeMin: service.bufferBeforeMin,
      bufferAfterMin: service.bufferAfterMin,
      slotIntervalMin: service.slotIntervalMin,
      minNoticeMin: service.minNoticeMin,
      maxAdvanceDays: service.maxAdvanceDays,
      staffIds: service.staffIds,
      resourceIds: service.resourceIds,
      maxBookingsPerDay: service.maxBookingsPerDay,
      seats: service.seats,
      assignment: assignmentOf(service.assignment),
      staffWeights: { ...service.staffWeights },
    },
    staff: snap.staff.map((s) => ({ staffId: s.staffId, status: s.status, timezone: s.timezone })),
    resources: snap.resources.map((r) => ({ resourceId: r.resourceId, capacity: r.capacity, status: r.status })),
    rules: snap.rules
      .filter((r) => r.status === 'active')
      .map((r) => ({
        ownerType: owner(r.ownerType),
        ownerId: r.ownerId,
        weekday: r.weekday,
        startMinute: r.startMinute,
        endMinute: r.endMinute,
        timezone: r.timezone,
        effectiveFromAtMs: r.effectiveFromAtMs || undefined,
        effectiveUntilAtMs: r.effectiveUntilAtMs || undefined,
      })),
    blocks: snap.blockedTimes
      .filter((b) => b.status === 'active')
      .map((b) => ({
        ownerType: owner(b.ownerType),
        ownerId: b.ownerId,
        startsAtMs: b.startsAtMs,
        endsAtMs: b.endsAtMs,
      })),
    holidays: snap.holidays.filter((h) => h.status === 'active').map((h) => ({ date: h.date })),
    dateOverrides: snap.dateOverrides
      .filter((o) => o.status === 'active')
      .map((o) => ({
        ownerType: owner(o.ownerType),
        ownerId: o.ownerId,
        date: o.date,
        windows: o.windows.map((w) => ({ startMinute: w.startMinute, endMinute: w.endMinute })),
      })),
  };
  return {
    tenant: {
      tenantId: tenant.tenantId,
      slug: tenant.slug,
      name: tenant.name,
      timezone: tenant.timezone,
      status: tenant.status,
    },
    service: {
      serviceId: service.serviceId,
      slug: service.slug,
      name: service.name,
      status: service.status,
      durationMin: service.durationMin,
      bufferBeforeMin: service.bufferBeforeMin,
      bufferAfterMin: service.bufferAfterMin,
      staffIds: service.staffIds,
      resourceIds: service.resourceIds,
      confirmation: confirmationPolicyOf(service.confirmation),
      cancelCutoffMin: service.cancelCutoffMin,
      rescheduleCutoffMin: service.rescheduleCutoffMin,
      maxBookingsPerDay: service.maxBookingsPerDay,
      questions: service.questions.map((q) => ({
        key: q.key,
        label: q.label,
        // The catalog stores only the types it checked (@svc/rules QUESTION_TYPES).
        type: q.type as Question['type'],
        required: q.required,
        options: [...q.options],
      })),
      // Services stored before seats answer 0 over the wire: one seat.
      seats: Math.max(1, service.seats),
      maxPartySize: Math.max(1, service.maxPartySize),
      assignment: assignmentOf(service.assignment),
      ...servicePaymentOf(service),
    },
    schedule,
  };
}
