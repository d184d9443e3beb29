import type { catalogV1 } from '@svc/proto';
import { effectiveSlotInterval, type ServiceInput, type ServiceRecord } from '../domain/service.js';

export const toServiceMessage = (r: ServiceRecord): catalogV1.Service => ({
  serviceId: r.serviceId,
  tenantId: r.tenantId,
  categoryId: r.categoryId ?? '',
  slug: r.slug,
  name: r.name,
  description: r.description,
  durationMin: r.durationMin,
  bufferBeforeMin: r.bufferBeforeMin,
  bufferAfterMin: r.bufferAfterMin,
  slotIntervalMin: effectiveSlotInterval(r),
  minNoticeMin: r.minNoticeMin,
  maxAdvanceDays: r.maxAdvanceDays,
  // No price: amount 0 with an empty currency (a free service has a currency).
  priceAmount: r.priceAmount ?? 0,
  priceCurrency: r.priceCurrency ?? '',
  staffIds: [...r.staffIds],
  resourceIds: [...r.resourceIds],
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

/** A repeated field cannot say "present but empty" on its own: `*_ids_set` does; a non-empty list is present anyway. */
const listField = (ids: string[], set: boolean) => (set || ids.length > 0 ? ids : undefined);

export function toServiceInput(fields: catalogV1.ServiceFields | undefined): ServiceInput {
  if (!fields) return {};
  const { staffIds, staffIdsSet, resourceIds, resourceIdsSet, ...scalars } = fields;
  return {
    ...scalars,
    staffIds: listField(staffIds, staffIdsSet),
    resourceIds: listField(resourceIds, resourceIdsSet),
  };
}
