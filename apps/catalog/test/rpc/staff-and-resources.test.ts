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

beforeAll(async () => {
  h = await startCatalog();
  tenantA = await createTenant(h.client);
  tenantB = await createTenant(h.client);
});
afterAll(() => h.stop());

describe('staff over gRPC', () => {
  it('creates, lists, updates and gets staff', async () => {
    const { client } = h;
    const { staff } = await client.createStaff({
      tenantId: tenantA.tenantId,
      fields: { displayName: 'Ana', email: 'ana@example.com', timezone: 'Europe/Lisbon' },
    });
    expect(staff).toMatchObject({
      staffId: expect.stringMatching(/^stf_[A-Za-z0-9_-]{20,}$/),
      tenantId: tenantA.tenantId,
      userId: '',
      displayName: 'Ana',
      email: 'ana@example.com',
      timezone: 'Europe/Lisbon',
      status: 'active',
    });
    const staffId = staff?.staffId ?? '';

    const listed = await client.listStaff({ tenantId: tenantA.tenantId });
    expect(listed.items).toContainEqual(staff);

    const { staff: updated } = await client.updateStaff({
      tenantId: tenantA.tenantId,
      staffId,
      fields: { status: 'disabled', timezone: '' },
    });
    expect(updated).toMatchObject({ displayName: 'Ana', status: 'disabled', timezone: '' });
    const relisted = await client.listStaff({ tenantId: tenantA.tenantId });
    expect(relisted.items.find((s) => s.staffId === staffId)).toEqual(updated);
    // Disabled staff are still theirs to read.
    const got = await client.getStaff({ tenantId: tenantA.tenantId, staffId });
    expect(got.staff).toEqual(updated);

    await expectViolations(client.updateStaff({ tenantId: tenantA.tenantId, staffId, fields: {} }), ['']);
    await expectViolations(client.createStaff({ tenantId: tenantA.tenantId, fields: { email: 'nope' } }), [
      'displayName',
      'email',
    ]);
  });

  it("keeps tenant B out of tenant A's staff", async () => {
    const { client } = h;
    const { staff } = await client.createStaff({
      tenantId: tenantA.tenantId,
      fields: { displayName: 'Secret' },
    });
    await expectNotFound(
      client.updateStaff({
        tenantId: tenantB.tenantId,
        staffId: staff?.staffId ?? '',
        fields: { displayName: 'Hijacked' },
      }),
    );
    const listB = await client.listStaff({ tenantId: tenantB.tenantId });
    expect(listB.items.map((s) => s.staffId)).not.toContain(staff?.staffId);
    await expectNotFound(client.listStaff({ tenantId: 'ten_nobody' }));

    const get = (tenantId: string, staffId: string) => client.getStaff({ tenantId, staffId });
    await expectNotFound(get(tenantB.tenantId, staff?.staffId ?? ''));
    await expectNotFound(get(tenantA.tenantId, 'stf_unknown'));
    await expectNotFound(get(tenantA.tenantId, ''));
    await expectNotFound(get('', staff?.staffId ?? ''));
    expect((await get(tenantA.tenantId, staff?.staffId ?? '')).staff).toEqual(staff);
  });
});

describe('resources over gRPC', () => {
  it('creates, lists, updates and gets resources, scoped to their tenant', async () => {
    const { client } = h;
    const { resource } = await client.createResource({
      tenantId: tenantA.tenantId,
      fields: { type: 'room', name: 'Room 1' },
    });
    expect(resource).toMatchObject({
      resourceId: expect.stringMatching(/^res_[A-Za-z0-9_-]{20,}$/),
      type: 'room',
      name: 'Room 1',
      locationLabel: '',
      capacity: 1,
      status: 'active',
    });
    const resourceId = resource?.resourceId ?? '';
    expect((await client.listResources({ tenantId: tenantA.tenantId })).items).toContainEqual(resource);

    const { resource: updated } = await client.updateResource({
      tenantId: tenantA.tenantId,
      resourceId,
      fields: { capacity: 3, locationLabel: 'First floor' },
    });
    expect(updated).toMatchObject({ capacity: 3, locationLabel: 'First floor', name: 'Room 1' });
    const listed = await client.listResources({ tenantId: tenantA.tenantId });
    expect(listed.items.find((r) => r.resourceId === resourceId)).toEqual(updated);
    const get = (tenantId: string, id = resourceId) => client.getResource({ tenantId, resourceId: id });
    expect((await get(tenantA.tenantId)).resource).toEqual(updated);

    await expectViolations(
      client.updateResource({
        tenantId: tenantA.tenantId,
        resourceId,
        fields: { capacity: 0 },
      }),
      ['capacity'],
    );
    await expectNotFound(
      client.updateResource({
        tenantId: tenantB.tenantId,
        resourceId,
        fields: { capacity: 2 },
      }),
    );
    const listB = await client.listResources({ tenantId: tenantB.tenantId });
    expect(listB.items.map((r) => r.resourceId)).not.toContain(resourceId);
    await expectNotFound(get(tenantB.tenantId));
    await expectNotFound(get(tenantA.tenantId, 'res_unknown'));
  });
});

describe('paging', () => {
  it('pages over more than 100 records with an opaque cursor, in creation order', async () => {
    const { client } = h;
    const tenant = await createTenant(client);
    const created: string[] = [];
    for (let i = 0; i < 130; i++) {
      const { staff } = await client.createStaff({
        tenantId: tenant.tenantId,
        fields: { displayName: `Staff ${i}` },
      });
      created.push(staff?.staffId ?? '');
    }
    const list = (limit: number, cursor = '') =>
      client.listStaff({ tenantId: tenant.tenantId, page: { limit, cursor } });

    await expectViolations(list(101), ['limit']);
    const first = await list(100);
    expect(first.items).toHaveLength(100);
    expect(first.page?.nextCursor).not.toBe('');
    const second = await list(100, first.page?.nextCursor);
    expect(second.items).toHaveLength(30);
    expect(second.page?.nextCursor).toBe('');
    const seen = [...first.items, ...second.items].map((s) => s.staffId);
    expect(new Set(seen).size).toBe(130);
    // Many share a createdAtMs; the order is (createdAtMs, id) either way.
    const byCreation = [...first.items, ...second.items].map((s) => [s.createdAtMs, s.staffId] as const);
    const sorted = [...byCreation].sort(([a, x], [b, y]) => a - b || (x < y ? -1 : x > y ? 1 : 0));
    expect(byCreation).toEqual(sorted);
    expect(new Set(seen)).toEqual(new Set(created));

    const defaultPage = await client.listStaff({ tenantId: tenant.tenantId });
    expect(defaultPage.items).toHaveLength(50);

    await expectViolations(list(10, 'garbage!'), ['cursor']);
  });
});
