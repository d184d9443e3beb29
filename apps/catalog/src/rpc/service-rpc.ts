import { validationError } from '@svc/errors';
import type { catalogV1 } from '@svc/proto';
import { newId } from '../domain/ids.js';
import {
  effectiveSlotInterval,
  newService,
  parseServiceStatusFilter,
  patchService,
  type ServiceInput,
  type ServiceRecord,
} from '../domain/service.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';
import { findServiceReferences, found, rejectSlugClash } from './lookups.js';

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
  conferencing: r.conferencing ?? 'none',
  confirmation: r.confirmation ?? 'manual',
  cancelCutoffMin: r.cancelCutoffMin ?? 0,
  rescheduleCutoffMin: r.rescheduleCutoffMin ?? 0,
  maxBookingsPerDay: r.maxBookingsPerDay ?? 0,
  questions: (r.questions ?? []).map((q) => ({ ...q, options: [...q.options] })),
  seats: r.seats ?? 1,
  maxPartySize: r.maxPartySize ?? 1,
  assignment: r.assignment ?? 'first_available',
  staffWeights: { ...(r.staffWeights ?? {}) },
  // Services stored before payments: none, and 0 for the amounts and the percentage.
  payment: r.payment ?? 'none',
  depositAmount: r.depositAmount ?? 0,
  refundAfterCutoffPercent: r.refundAfterCutoffPercent ?? 0,
  noShowCharge: r.noShowCharge ?? 'none',
  noShowFeeAmount: r.noShowFeeAmount ?? 0,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

/** A repeated field cannot say "present but empty" on its own: `*_ids_set` does; a non-empty list is present anyway. */
const listField = (ids: string[], set: boolean) => (set || ids.length > 0 ? ids : undefined);

function toServiceInput(fields: catalogV1.ServiceFields | undefined): ServiceInput {
  if (!fields) return {};
  const {
    staffIds,
    staffIdsSet,
    resourceIds,
    resourceIdsSet,
    questions,
    questionsSet,
    staffWeights,
    staffWeightsSet,
    ...scalars
  } = fields;
  return {
    ...scalars,
    staffWeights: staffWeightsSet || Object.keys(staffWeights).length > 0 ? staffWeights : undefined,
    staffIds: listField(staffIds, staffIdsSet),
    resourceIds: listField(resourceIds, resourceIdsSet),
    questions: questionsSet || questions.length > 0 ? questions : undefined,
  };
}

export function serviceHandlers(
  ctx: CatalogContext,
): CatalogHandlers<'createService' | 'listServices' | 'getService' | 'updateService'> {
  const { repos, now } = ctx;
  const services = entityRpc(ctx, {
    what: 'Service',
    repo: repos.services,
    toMessage: toServiceMessage,
    guardWrite: (write) => rejectSlugClash('service', write),
    build: async (fields: catalogV1.ServiceFields | undefined, tenant) => {
      const input = toServiceInput(fields);
      // Staff and resources are never erased (only disabled), so the references cannot vanish before the insert.
      const references = await findServiceReferences(repos, tenant.tenantId, input);
      return newService(input, { id: newId('service'), tenantId: tenant.tenantId, now: now(), references });
    },
    patch: async (current, fields, tx) => {
      const input = toServiceInput(fields);
      const references = await findServiceReferences(repos, current.tenantId, input, tx);
      return patchService(current, input, { tenantId: current.tenantId, now: now(), references });
    },
  });
  return {
    createService: async (req) => ({ service: await services.create(req.tenantId, req.fields) }),
    listServices: (req) => {
      const statuses = parseServiceStatusFilter(req.statuses);
      return services.list(req.tenantId, req.page, (tenantId, page) => repos.services.list(tenantId, statuses, page));
    },
    getService: async (req) => {
      if (req.serviceId === '' && req.slug === '') {
        throw validationError([{ path: 'serviceId', message: 'serviceId or slug is required' }]);
      }
      const service =
        req.serviceId !== ''
          ? await repos.services.get(req.tenantId, req.serviceId)
          : await repos.services.findBySlug(req.tenantId, req.slug);
      // Both given: they must name the same service.
      const matches = service !== null && (req.slug === '' || service.slug === req.slug);
      return { service: toServiceMessage(found(matches ? service : null, 'Service')) };
    },
    updateService: async (req) => ({ service: await services.update(req.tenantId, req.serviceId, req.fields) }),
  };
}
