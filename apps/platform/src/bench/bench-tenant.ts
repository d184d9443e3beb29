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

/**
 * A tenant open every day 08:00–20:00 Berlin time with `staffCount` staff members and one
 * 30-minute service `consult` (buffers 5/10 min) that all of them perform. Answers the tenant
 * and staff ids.
 */
export async function seedStaffedTenant(
  catalogAddress: string,
  slug: string,
  staffCount: number,
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
    );
    await catalog.createService({
      tenantId,
      fields: {
        slug: 'consult',
        name: 'Consult',
        durationMin: 30,
        bufferBeforeMin: 5,
        bufferAfterMin: 10,
        staffIds,
        staffIdsSet: true,
        resourceIds: [],
        resourceIdsSet: false,
      },
    });
    return { tenantId, staffIds };
  } finally {
    catalog.close();
  }
}
