// The catalog version (docs/architecture.md "Booking create"): every write to a tenant or one of
// its records changes it before the write answers; reads leave it alone. The booking service
// reuses a cached schedule snapshot only while the version it was read at is still current.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@svc/rules';
import {
  createTenant,
  expectNotFound,
  expectViolations,
  startCatalog,
  type CatalogHarness,
} from '../support/catalog-harness.js';

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(() => h.stop());

const NO_LISTS = {
  staffIds: [],
  staffIdsSet: true,
  resourceIds: [],
  resourceIdsSet: true,
  questions: [],
  questionsSet: false,
  staffWeights: {},
  staffWeightsSet: false,
};

describe('GetCatalogVersion', () => {
  it('changes with every kind of catalog write, and not with reads', async () => {
    const { tenantId } = await createTenant(h.client);
    const version = async () => (await h.client.getCatalogVersion({ tenantId })).catalogVersion;
    const seen = new Set<string>([await version()]);
    /** Runs a write and asserts the version is one never seen before. */
    const changes = async <T>(write: () => Promise<T>): Promise<T> => {
      const result = await write();
      const next = await version();
      expect(seen.has(next)).toBe(false);
      seen.add(next);
      return result;
    };

    const { service } = await changes(() =>
      h.client.createService({ tenantId, fields: { slug: 'cut', name: 'Cut', durationMin: 30, ...NO_LISTS } }),
    );
    const serviceId = service!.serviceId;
    await changes(() => h.client.updateService({ tenantId, serviceId, fields: { status: 'hidden', ...NO_LISTS } }));
    const { staff } = await changes(() => h.client.createStaff({ tenantId, fields: { displayName: 'Sam' } }));
    await changes(() => h.client.updateStaff({ tenantId, staffId: staff!.staffId, fields: { displayName: 'Samuel' } }));
    await changes(() => h.client.createResource({ tenantId, fields: { type: 'room', name: 'Room 1' } }));
    const { rule } = await changes(() =>
      h.client.createAvailabilityRule({
        tenantId,
        fields: { ownerType: 'tenant', ownerId: tenantId, weekday: 1, startMinute: 540, endMinute: 1020 },
      }),
    );
    await changes(() =>
      h.client.updateAvailabilityRule({ tenantId, ruleId: rule!.ruleId, fields: { endMinute: 960 } }),
    );
    const start = Date.UTC(2030, 5, 3, 10);
    await changes(() =>
      h.client.createBlockedTime({
        tenantId,
        fields: { ownerType: 'tenant', ownerId: tenantId, startsAtMs: start, endsAtMs: start + 3_600_000 },
      }),
    );
    await changes(() => h.client.createHoliday({ tenantId, fields: { date: '2030-06-04', name: 'Closed' } }));
    await changes(() => h.client.updateTenant({ tenantId, name: 'Renamed' }));

    const before = await version();
    await h.client.getService({ tenantId, serviceId, slug: '' });
    await h.client.listServices({ tenantId, statuses: [] });
    const snap = await h.client.getScheduleSnapshot({
      tenantId,
      serviceSlug: 'cut',
      fromMs: start,
      toMs: start + DAY_MS,
    });
    expect(snap.catalogVersion).toBe(before);
    expect(await version()).toBe(before);
  });

  it('is per tenant, and NOT_FOUND for an unknown tenant', async () => {
    const a = await createTenant(h.client);
    const b = await createTenant(h.client);
    const versionB = (await h.client.getCatalogVersion({ tenantId: b.tenantId })).catalogVersion;
    await h.client.createStaff({ tenantId: a.tenantId, fields: { displayName: 'Ann' } });
    expect((await h.client.getCatalogVersion({ tenantId: b.tenantId })).catalogVersion).toBe(versionB);
    await expectNotFound(h.client.getCatalogVersion({ tenantId: 'ten_nope' }));
    await expectNotFound(h.client.getCatalogVersion({ tenantId: '' }));
  });

  it('BumpCatalogVersion changes it for that tenant only, with no record changed; an unknown tenant is no error', async () => {
    const a = await createTenant(h.client);
    const b = await createTenant(h.client);
    const of = async (tenantId: string) => (await h.client.getCatalogVersion({ tenantId })).catalogVersion;
    const [beforeA, beforeB] = [await of(a.tenantId), await of(b.tenantId)];
    const tenantBefore = (await h.client.getTenant({ tenantId: a.tenantId })).tenant;
    await h.client.bumpCatalogVersion({ tenantId: a.tenantId });
    const afterA = await of(a.tenantId);
    expect(afterA).not.toBe(beforeA);
    expect(afterA).not.toBe('');
    expect(await of(b.tenantId)).toBe(beforeB);
    expect((await h.client.getTenant({ tenantId: a.tenantId })).tenant).toEqual(tenantBefore);
    await h.client.bumpCatalogVersion({ tenantId: a.tenantId });
    expect(await of(a.tenantId)).not.toBe(afterA);
    await expect(h.client.bumpCatalogVersion({ tenantId: 'ten_nope' })).resolves.toEqual({});
    await expectViolations(h.client.bumpCatalogVersion({ tenantId: '' }), ['tenantId']);
  });
});
