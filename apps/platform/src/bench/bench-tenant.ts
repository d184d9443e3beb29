import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { createTestTenant, openEveryDay } from '@svc/testing';

/**
 * The benches' tenant: open 24 hours every day, with one 15-minute service `visit` that lists no
 * staff or resource (so each slot takes one booking). Answers the tenant id.
 */
export async function seedBenchTenant(
  catalogAddress: string,
  tenant: { slug: string; timezone: string },
): Promise<string> {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  try {
    const created = await catalog.createTenant({ ...tenant, name: 'Bench', locale: 'en' });
    const tenantId = created.tenant!.tenantId;
    for (let weekday = 0; weekday < 7; weekday++) {
      await catalog.createAvailabilityRule({
        tenantId,
        fields: { ownerType: 'tenant', ownerId: tenantId, weekday, startMinute: 0, endMinute: 1440 },
      });
    }
    await catalog.createService({
      tenantId,
      fields: {
        slug: 'visit',
        name: 'Visit',
        durationMin: 15,
        staffIds: [],
        staffIdsSet: false,
        resourceIds: [],
        resourceIdsSet: false,
        questions: [],
        questionsSet: false,
        staffWeights: {},
        staffWeightsSet: false,
      },
    });
    return tenantId;
  } finally {
    catalog.close();
  }
}

/** A public create of the bench service at `startsAtMs`, key `<prefix>-<i>`, customer number i. */
export function postBenchBooking(url: string, prefix: string, i: number, startsAtMs: number): Promise<Response> {
  return fetch(`${url}/book/bench/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `${prefix}-${i}` },
    body: JSON.stringify({
      serviceSlug: 'visit',
      startsAtMs,
      customer: { name: `C ${i}`, primaryEmail: `c${i}@bench.test` },
    }),
  });
}

/** The staffed tenant's week and service; the defaults are the integrations bench's. */
export interface StaffedTenantShape {
  /** Open weekdays, 0 = Sunday; default every day. */
  weekdays?: readonly number[];
  bufferBeforeMin?: number;
  bufferAfterMin?: number;
  /** The start grid; default the duration (30 min). */
  slotIntervalMin?: number;
  maxAdvanceDays?: number;
}

/**
 * A tenant open 08:00–20:00 Berlin time (every day unless `shape.weekdays` says otherwise) with
 * `staffCount` staff members and one 30-minute service `consult` (buffers 5/10 min unless
 * `shape` says otherwise) that all of them perform. Answers the tenant and staff ids.
 */
export async function seedStaffedTenant(
  catalogAddress: string,
  slug: string,
  staffCount: number,
  shape: StaffedTenantShape = {},
): Promise<{ tenantId: string; staffIds: string[] }> {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  try {
    const { tenantId } = await createTestTenant(catalog, { slug, name: `Bench ${slug}`, locale: 'en' });
    const staffIds: string[] = [];
    for (let i = 0; i < staffCount; i++) {
      const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: `Staff ${i}` } });
      staffIds.push(staff!.staffId);
    }
    await openEveryDay(
      catalog,
      tenantId,
      [['tenant', tenantId], ...staffIds.map((id) => ['staff', id] as ['staff', string])],
      480,
      1200,
      ...(shape.weekdays ? [shape.weekdays] : []),
    );
    await catalog.createService({
      tenantId,
      fields: {
        slug: 'consult',
        name: 'Consult',
        durationMin: 30,
        bufferBeforeMin: shape.bufferBeforeMin ?? 5,
        bufferAfterMin: shape.bufferAfterMin ?? 10,
        ...(shape.slotIntervalMin !== undefined ? { slotIntervalMin: shape.slotIntervalMin } : {}),
        ...(shape.maxAdvanceDays !== undefined ? { maxAdvanceDays: shape.maxAdvanceDays } : {}),
        staffIds,
        staffIdsSet: true,
        resourceIds: [],
        resourceIdsSet: false,
        questions: [],
        questionsSet: false,
        staffWeights: {},
        staffWeightsSet: false,
      },
    });
    return { tenantId, staffIds };
  } finally {
    catalog.close();
  }
}
