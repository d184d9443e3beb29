import { describe, expect, it } from 'vitest';
import type { catalogV1 } from '@svc/proto';
import { createTestTenant, uniqueSlug } from '../src/index.js';

/** A catalog stand-in that echoes the request as the created tenant. */
function recordingCatalog(answer: 'tenant' | 'nothing' = 'tenant') {
  const requests: catalogV1.CreateTenantRequest[] = [];
  return {
    requests,
    async createTenant(req: catalogV1.CreateTenantRequest): Promise<catalogV1.CreateTenantResponse> {
      requests.push(req);
      if (answer === 'nothing') return { tenant: undefined };
      return { tenant: { tenantId: `ten_${requests.length}`, ...req } as unknown as catalogV1.Tenant };
    },
  };
}

describe('createTestTenant', () => {
  it('sends a unique slug and Europe/Berlin unless told otherwise, and answers the tenant', async () => {
    const catalog = recordingCatalog();
    const a = await createTestTenant(catalog);
    const b = await createTestTenant(catalog, { slug: 'fixed', name: 'Named', locale: 'de' });
    expect(catalog.requests[0]).toEqual({ slug: a.slug, name: 'Tenant', timezone: 'Europe/Berlin', locale: '' });
    expect(catalog.requests[1]).toEqual({ slug: 'fixed', name: 'Named', timezone: 'Europe/Berlin', locale: 'de' });
    expect(b.tenantId).toBe('ten_2');
    expect(a.slug).toMatch(/^tenant-[a-z0-9-]+$/);
  });

  it('fails when the catalog answers without a tenant', async () => {
    await expect(createTestTenant(recordingCatalog('nothing'))).rejects.toThrow(/without a tenant/);
  });

  it('uniqueSlug never repeats and stays a valid slug', () => {
    const slugs = Array.from({ length: 1_000 }, () => uniqueSlug('svc'));
    expect(new Set(slugs).size).toBe(1_000);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9][a-z0-9-]{0,62}$/);
  });
});
