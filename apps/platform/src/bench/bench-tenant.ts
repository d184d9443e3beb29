import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';

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
