import { DAY_MS, MINUTE_MS, MINUTES_PER_DAY } from '@svc/rules';

/**
 * The longest buffer a booking can carry: the catalog takes buffers of 0 to 1440 minutes
 * (apps/catalog/src/domain/service.ts). A booking starting this long after a window, or ending
 * this long before it, can still occupy time inside it.
 */
export const MAX_BUFFER_MS = MINUTES_PER_DAY * MINUTE_MS;

/**
 * The locks guarding one booking's capacity: one per contested owner (each listed staff
 * member and resource, or the service itself when it lists neither) and per UTC day touched by
 * the buffered interval. Two bookings that could collide touch a common instant, hence a
 * common day, hence a common key. Sorted, so contenders take them in the same order.
 */
export function lockKeysFor(
  tenantId: string,
  service: { serviceId: string; staffIds: string[]; resourceIds: string[] },
  fromMs: number,
  toMs: number,
): string[] {
  const owners = [...service.staffIds.map((id) => `staff:${id}`), ...service.resourceIds.map((id) => `resource:${id}`)];
  if (owners.length === 0) owners.push(`service:${service.serviceId}`);
  const days: string[] = [];
  for (let day = Math.floor(fromMs / DAY_MS); day * DAY_MS < toMs; day++) {
    days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  }
  return owners.flatMap((owner) => days.map((d) => `${tenantId}:${owner}:${d}`)).sort();
}
