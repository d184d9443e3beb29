// GetBookingPage: the public booking page's catalog in one round trip (docs/benchmarks.md
// "Round 5"). What it answers must be what ListServices (active) and ListStaff (active, named by
// a service) answer together, for every status of tenant, service and staff member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  expectNotFound,
  startCatalog,
  uniqueSlug,
  type CatalogHarness,
} from '../support/catalog-harness.js';

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(() => h.stop());

const unchanged = {
  staffIds: [],
  staffIdsSet: false,
  resourceIds: [],
  resourceIdsSet: false,
  questions: [],
  questionsSet: false,
  staffWeights: {},
  staffWeightsSet: false,
};

/** Created active (create takes nothing else), then given `status`. */
async function service(tenantId: string, slug: string, staffIds: string[], status = 'active') {
  const fields = {
    slug,
    name: slug,
    durationMin: 30,
    staffIds,
    staffIdsSet: true,
    resourceIds: [],
    resourceIdsSet: false,
    questions: [],
    questionsSet: false,
    staffWeights: {},
    staffWeightsSet: false,
  };
  const { service: made } = await h.client.createService({ tenantId, fields });
  if (status === 'active') return made!;
  const { service: changed } = await h.client.updateService({
    tenantId,
    serviceId: made!.serviceId,
    fields: { ...unchanged, status },
  });
  return changed!;
}

async function staff(tenantId: string, displayName: string, status = 'active') {
  const { staff: made } = await h.client.createStaff({ tenantId, fields: { displayName } });
  if (status === 'active') return made!;
  const { staff: changed } = await h.client.updateStaff({ tenantId, staffId: made!.staffId, fields: { status } });
  return changed!;
}

describe('GetBookingPage over gRPC', () => {
  it('answers the tenant, its active services in list order and the active staff they name', async () => {
    const slug = uniqueSlug('page');
    const tenant = await createTenant(h.client, { slug });
    const tenantId = tenant.tenantId;
    const ana = await staff(tenantId, 'Ana');
    const ben = await staff(tenantId, 'Ben', 'disabled');
    const cy = await staff(tenantId, 'Cy');
    await staff(tenantId, 'Unnamed');
    const cut = await service(tenantId, 'cut', [ana.staffId, ben.staffId]);
    await service(tenantId, 'gone', [cy.staffId], 'disabled');
    await service(tenantId, 'secret', [cy.staffId], 'hidden');
    const dye = await service(tenantId, 'dye', [cy.staffId, ana.staffId]);

    const page = await h.client.getBookingPage({ slug });
    expect(page.tenant).toEqual(tenant);
    expect(page.catalogVersion).toBe((await h.client.getTenantBySlug({ slug })).catalogVersion);
    expect(page.services.map((s) => s.serviceId)).toEqual([cut.serviceId, dye.serviceId]);
    const listed = await h.client.listServices({ tenantId, statuses: ['active'] });
    expect(page.services).toEqual(listed.items);
    expect(page.staff.map((s) => s.displayName).sort()).toEqual(['Ana', 'Cy']);
  });

  it('answers a tenant that takes no bookings as it is (the gateway says TENANT_INACTIVE), and NOT_FOUND for no tenant', async () => {
    const slug = uniqueSlug('paused');
    const tenant = await createTenant(h.client, { slug });
    await h.client.updateTenant({ tenantId: tenant.tenantId, status: 'suspended' });
    const page = await h.client.getBookingPage({ slug });
    expect(page.tenant?.status).toBe('suspended');
    expect(page.services).toEqual([]);
    expect(page.staff).toEqual([]);
    await expectNotFound(h.client.getBookingPage({ slug: uniqueSlug('nobody') }));
    await expectNotFound(h.client.getBookingPage({ slug: '' }));
  });
});
