import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { catalogV1 } from '@svc/proto';
import {
  createTenant,
  expectNotFound,
  expectViolations,
  startCatalog,
  type CatalogHarness,
} from '../support/catalog-harness.js';

let h: CatalogHarness;
let tenantA: catalogV1.Tenant;
let tenantB: catalogV1.Tenant;

const fields = (f: Partial<catalogV1.ServiceFields>): catalogV1.ServiceFields => ({
  staffIds: [],
  staffIdsSet: false,
  resourceIds: [],
  resourceIdsSet: false,
  questions: [],
  questionsSet: false,
  staffWeights: {},
  staffWeightsSet: false,
  ...f,
});

async function createService(tenantId: string, f: Partial<catalogV1.ServiceFields>) {
  const { service } = await h.client.createService({ tenantId, fields: fields(f) });
  if (!service) throw new Error('no service');
  return service;
}

async function createStaff(tenantId: string, displayName: string) {
  const { staff } = await h.client.createStaff({ tenantId, fields: { displayName } });
  if (!staff) throw new Error('no staff');
  return staff;
}

beforeAll(async () => {
  h = await startCatalog();
  tenantA = await createTenant(h.client);
  tenantB = await createTenant(h.client);
});
afterAll(() => h.stop());

describe('services over gRPC', () => {
  it('creates, lists, updates and gets a service', async () => {
    const { client } = h;
    const ana = await createStaff(tenantA.tenantId, 'Ana');
    const created = await createService(tenantA.tenantId, {
      slug: 'haircut',
      name: 'Haircut',
      durationMin: 45,
      priceAmount: 3_500,
      priceCurrency: 'eur',
      staffIds: [ana.staffId],
    });
    expect(created).toMatchObject({
      serviceId: expect.stringMatching(/^svc_[A-Za-z0-9_-]{20,}$/),
      tenantId: tenantA.tenantId,
      slug: 'haircut',
      durationMin: 45,
      slotIntervalMin: 45,
      minNoticeMin: 0,
      maxAdvanceDays: 90,
      priceAmount: 3_500,
      priceCurrency: 'EUR',
      staffIds: [ana.staffId],
      resourceIds: [],
      status: 'active',
    });

    const listed = await client.listServices({ tenantId: tenantA.tenantId, statuses: [] });
    expect(listed.items).toContainEqual(created);

    const { service: updated } = await client.updateService({
      tenantId: tenantA.tenantId,
      serviceId: created.serviceId,
      fields: fields({ name: 'Long haircut', durationMin: 60, status: 'hidden', staffIdsSet: true }),
    });
    expect(updated).toMatchObject({
      name: 'Long haircut',
      durationMin: 60,
      slotIntervalMin: 60,
      status: 'hidden',
      staffIds: [],
      priceAmount: 3_500,
    });
    expect(updated?.updatedAtMs).toBeGreaterThan(created.updatedAtMs);

    const byId = await client.getService({
      tenantId: tenantA.tenantId,
      serviceId: created.serviceId,
      slug: '',
    });
    expect(byId.service).toEqual(updated);
    const bySlug = await client.getService({
      tenantId: tenantA.tenantId,
      serviceId: '',
      slug: 'haircut',
    });
    expect(bySlug.service).toEqual(updated);

    const hidden = await client.listServices({
      tenantId: tenantA.tenantId,
      statuses: ['hidden'],
    });
    expect(hidden.items.map((s) => s.serviceId)).toEqual([created.serviceId]);
    const active = await client.listServices({
      tenantId: tenantA.tenantId,
      statuses: ['active'],
    });
    expect(active.items.map((s) => s.serviceId)).not.toContain(created.serviceId);
    await expectViolations(client.listServices({ tenantId: tenantA.tenantId, statuses: ['gone'] }), ['status']);
  });

  it("keeps tenant B out of tenant A's services", async () => {
    const { client } = h;
    const service = await createService(tenantA.tenantId, { slug: 'private-a', name: 'A only', durationMin: 30 });
    const asB = { tenantId: tenantB.tenantId };
    await expectNotFound(client.getService({ ...asB, serviceId: service.serviceId, slug: '' }));
    await expectNotFound(client.getService({ ...asB, serviceId: '', slug: 'private-a' }));
    await expectNotFound(
      client.updateService({
        ...asB,
        serviceId: service.serviceId,
        fields: fields({ name: 'Hijacked' }),
      }),
    );
    const listB = await client.listServices({ ...asB, statuses: [] });
    expect(listB.items.map((s) => s.serviceId)).not.toContain(service.serviceId);
    await expectNotFound(client.listServices({ tenantId: 'ten_nobody', statuses: [] }));
    await expectNotFound(createService('ten_nobody', { slug: 'x', name: 'X', durationMin: 30 }));
  });

  it('keeps slugs unique per tenant, on create and on update', async () => {
    const { client } = h;
    await createService(tenantA.tenantId, { slug: 'massage', name: 'Massage', durationMin: 60 });
    await expectViolations(createService(tenantA.tenantId, { slug: 'massage', name: 'Again', durationMin: 60 }), [
      'slug',
    ]);
    // Another tenant may use the same slug.
    expect((await createService(tenantB.tenantId, { slug: 'massage', name: 'B', durationMin: 60 })).slug).toBe(
      'massage',
    );
    const other = await createService(tenantA.tenantId, { slug: 'facial', name: 'Facial', durationMin: 30 });
    await expectViolations(
      client.updateService({
        tenantId: tenantA.tenantId,
        serviceId: other.serviceId,
        fields: fields({ slug: 'massage' }),
      }),
      ['slug'],
    );
  });

  it("rejects staffIds and resourceIds naming another tenant's records", async () => {
    const { client } = h;
    const bStaff = await createStaff(tenantB.tenantId, 'Bea');
    const details = await expectViolations(
      createService(tenantA.tenantId, { slug: 'stolen', name: 'Stolen', durationMin: 30, staffIds: [bStaff.staffId] }),
      ['staffIds'],
    );
    expect(details[0]?.message).toContain(bStaff.staffId);
    await expectViolations(
      createService(tenantA.tenantId, { slug: 'stolen', name: 'Stolen', durationMin: 30, resourceIds: ['res_nope'] }),
      ['resourceIds'],
    );
    const own = await createService(tenantA.tenantId, { slug: 'own', name: 'Own', durationMin: 30 });
    await expectViolations(
      client.updateService({
        tenantId: tenantA.tenantId,
        serviceId: own.serviceId,
        fields: fields({ staffIds: [bStaff.staffId], staffIdsSet: true }),
      }),
      ['staffIds'],
    );
  });

  it('accepts a long list that repeats one id (duplicates are dropped before the size limit)', async () => {
    const ana = await createStaff(tenantA.tenantId, 'Ana again');
    const service = await createService(tenantA.tenantId, {
      slug: 'repeated-staff',
      name: 'Repeated',
      durationMin: 30,
      staffIds: Array.from({ length: 150 }, () => ana.staffId),
    });
    expect(service.staffIds).toEqual([ana.staffId]);
  });

  it('validates fields and needs at least one on update', async () => {
    const { client } = h;
    await expectViolations(createService(tenantA.tenantId, {}), ['slug', 'name', 'durationMin']);
    await expectViolations(
      createService(tenantA.tenantId, { slug: 'x1', name: 'X', durationMin: 1441, bufferBeforeMin: -1 }),
      ['durationMin', 'bufferBeforeMin'],
    );
    await expectViolations(
      createService(tenantA.tenantId, { slug: 'x2', name: 'X', durationMin: 30, priceAmount: 5 }),
      ['priceCurrency'],
    );
    const service = await createService(tenantA.tenantId, { slug: 'x3', name: 'X', durationMin: 30 });
    const update = (f: Partial<catalogV1.ServiceFields>) =>
      client.updateService({
        tenantId: tenantA.tenantId,
        serviceId: service.serviceId,
        fields: fields(f),
      });
    await expectViolations(update({}), ['']);
    await expectViolations(update({ maxAdvanceDays: 0 }), ['maxAdvanceDays']);
    await expectViolations(client.getService({ tenantId: tenantA.tenantId, serviceId: '', slug: '' }), ['serviceId']);
  });
});
