import type { ExistingBooking, ScheduleInput } from '../domain/availability/index.js';
import type { BusyTimeSource, ExternalBusy, StaffZones } from './ports.js';

/**
 * Busy times of connected calendars as the availability engine sees them: occupancy of their
 * staff member like a confirmed booking without buffers of its own, so the engine stays pure
 * and the slot's own service buffers keep their distance from them (docs/decisions.md
 * "Integrations").
 */
export function busyAsOccupancy(busy: readonly ExternalBusy[]): ExistingBooking[] {
  return busy.map((b, i) => ({
    bookingId: `external-busy:${i}`,
    serviceId: '',
    staffId: b.staffId,
    startsAtMs: b.startsAtMs,
    endsAtMs: b.endsAtMs,
    status: 'confirmed',
    bufferBeforeMin: 0,
    bufferAfterMin: 0,
  }));
}

/**
 * The staff members' busy times in `[fromMs, toMs)` as occupancy; `known.schedule` names their
 * zones, and its catalog version which kept answers may be taken (BusyTimeSource).
 */
export async function externalOccupancy(
  source: BusyTimeSource,
  known: { schedule: ScheduleInput; catalogVersion?: string | undefined },
  q: { tenantId: string; staffIds: readonly string[]; fromMs: number; toMs: number; fresh: boolean },
): Promise<ExistingBooking[]> {
  const zones = zonesOf(known.schedule, q.staffIds);
  const options = { fresh: q.fresh, zones, catalogVersion: known.catalogVersion };
  return busyAsOccupancy(await source.busy(q.tenantId, q.staffIds, q.fromMs, q.toMs, options));
}

/** The zones of `staffIds` as the schedule knows them, the tenant's for the others. */
export function zonesOf(schedule: ScheduleInput, staffIds: readonly string[]): StaffZones {
  const asked = new Set(staffIds);
  const staffTimeZones: Record<string, string> = {};
  for (const s of schedule.staff)
    // A staff member without a zone of their own ('') lives in the tenant's.
    if (asked.has(s.staffId) && s.timezone !== '' && s.timezone !== schedule.timezone)
      staffTimeZones[s.staffId] = s.timezone;
  return { timeZone: schedule.timezone, staffTimeZones };
}
