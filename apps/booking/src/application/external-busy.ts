import type { ExistingBooking } from '../domain/availability/index.js';
import type { BusyTimeSource, ExternalBusy } from './ports.js';

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

/** The staff members' busy times in `[fromMs, toMs)` as occupancy. */
export async function externalOccupancy(
  source: BusyTimeSource,
  q: { tenantId: string; staffIds: readonly string[]; fromMs: number; toMs: number; fresh: boolean },
): Promise<ExistingBooking[]> {
  return busyAsOccupancy(await source.busy(q.tenantId, q.staffIds, q.fromMs, q.toMs, { fresh: q.fresh }));
}
