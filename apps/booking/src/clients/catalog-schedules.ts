import { type CatalogClient } from '@svc/grpc';
import { DAY_MS } from '@svc/rules';
import type { catalogV1 } from '@svc/proto';
import type { OwnerType, ScheduleInput } from '../domain/availability/index.js';
import type { ScheduleSource, ServiceSchedule } from '../application/ports.js';

const CACHE_MS = 2_000;
const OWNER_TYPES: readonly string[] = ['tenant', 'staff', 'resource'];

/**
 * The catalog's schedule snapshot as engine input. Cached for two seconds per (service, days):
 * availability pages poll, and a stale slot list is safe because create and reschedule ask
 * again with `fresh` under the lock (docs/decisions.md "Booking"); a fresh answer also
 * replaces the cached one.
 */
export function catalogSchedules(client: CatalogClient): ScheduleSource {
  const cache = new Map<string, { at: number; value: Promise<ServiceSchedule> }>();
  return {
    forService(tenantId, serviceSlug, from, to, options = {}) {
      // Whole UTC days, so the many requests about one day share one entry.
      const fromMs = Math.floor(from / DAY_MS) * DAY_MS;
      const toMs = Math.ceil(to / DAY_MS) * DAY_MS;
      const key = `${tenantId}|${serviceSlug}|${fromMs}|${toMs}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && now - hit.at < CACHE_MS && !options.fresh) return hit.value;
      const value = client.getScheduleSnapshot({ tenantId, serviceSlug, fromMs, toMs }).then(toSchedule);
      value.catch(() => cache.delete(key));
      if (cache.size > 1_000) cache.clear();
      cache.set(key, { at: now, value });
      return value;
    },
  };
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
    },
    schedule,
  };
}
