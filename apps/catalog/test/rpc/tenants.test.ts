import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  expectNotFound,
  expectViolations,
  startCatalog,
  uniqueSlug,
  type CatalogHarness,
} from '../support/catalog-harness.js';

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(() => h.stop());

describe('tenants over gRPC', () => {
  it('creates, gets by id and slug, and updates a tenant', async () => {
    const { client } = h;
    const slug = uniqueSlug('acme');
    const created = await createTenant(client, { slug, name: 'Acme', branding: undefined });
    expect(created).toMatchObject({ slug, name: 'Acme', status: 'active', timezone: 'Europe/Berlin', locale: 'en' });
    expect(created.tenantId).toMatch(/^ten_[A-Za-z0-9_-]{20,}$/);
    expect(created.branding).toEqual({
      displayName: '',
      logoUrl: '',
      primaryColor: '',
      accentColor: '',
      embedOrigins: [],
    });

    const byId = await client.getTenant({ tenantId: created.tenantId });
    expect(byId.tenant).toEqual(created);
    const bySlug = await client.getTenantBySlug({ slug });
    expect(bySlug.tenant).toEqual(created);

    const { tenant: updated } = await client.updateTenant({
      tenantId: created.tenantId,
      status: 'suspended',
      locale: 'de-de',
      branding: { primaryColor: '#112233' },
    });
    expect(updated).toMatchObject({
      status: 'suspended',
      locale: 'de-DE',
      name: 'Acme',
      branding: { displayName: '', logoUrl: '', primaryColor: '#112233', accentColor: '' },
    });
    expect(updated?.updatedAtMs).toBeGreaterThan(created.updatedAtMs);
    // Embed origins: present replaces the list (normalized), absent keeps it.
    const embedded = await client.updateTenant({
      tenantId: created.tenantId,
      branding: { embedOrigins: { origins: ['https://WWW.Acme.example/', 'https://www.acme.example'] } },
    });
    expect(embedded.tenant?.branding?.embedOrigins).toEqual(['https://www.acme.example']);
    const kept = await client.updateTenant({ tenantId: created.tenantId, branding: { displayName: 'Acme' } });
    expect(kept.tenant?.branding?.embedOrigins).toEqual(['https://www.acme.example']);
    await expectViolations(
      client.updateTenant({
        tenantId: created.tenantId,
        branding: { embedOrigins: { origins: ['http://acme.example'] } },
      }),
      ['branding.embedOrigins.0'],
    );
    const cleared = await client.updateTenant({
      tenantId: created.tenantId,
      branding: { displayName: '', embedOrigins: { origins: [] } },
    });
    expect(cleared.tenant?.branding?.embedOrigins).toEqual([]);
    expect((await client.getTenant({ tenantId: created.tenantId })).tenant).toEqual(cleared.tenant);
    // By slug, the tenant comes with its catalog version (the gateway hands it to availability).
    const version = (await client.getCatalogVersion({ tenantId: created.tenantId })).catalogVersion;
    expect(version).not.toBe('');
    expect((await client.getTenantBySlug({ slug })).catalogVersion).toBe(version);
    await client.updateTenant({ tenantId: created.tenantId, status: 'active' });
    const next = (await client.getTenantBySlug({ slug })).catalogVersion;
    expect(next).not.toBe(version);
    expect(next).toBe((await client.getCatalogVersion({ tenantId: created.tenantId })).catalogVersion);
  });

  it('answers NOT_FOUND for unknown tenants', async () => {
    const { client } = h;
    await expectNotFound(client.getTenant({ tenantId: 'ten_unknown' }));
    await expectNotFound(client.getTenant({ tenantId: '' }));
    await expectNotFound(client.getTenantBySlug({ slug: 'no-such-tenant' }));
    await expectNotFound(client.updateTenant({ tenantId: 'ten_unknown', name: 'X' }));
  });

  it('keeps tenant slugs unique', async () => {
    const { client } = h;
    const slug = uniqueSlug('taken');
    await createTenant(client, { slug });
    await expectViolations(createTenant(client, { slug }), ['slug']);
  });

  it('validates create and update', async () => {
    const { client } = h;
    await expectViolations(client.createTenant({ slug: '', name: '', timezone: '', locale: '' }), [
      'slug',
      'name',
      'timezone',
    ]);
    await expectViolations(createTenant(client, { timezone: 'Moon/Base' }), ['timezone']);
    const tenant = await createTenant(client);
    const update = (patch: object) => client.updateTenant({ tenantId: tenant.tenantId, ...patch });
    await expectViolations(update({}), ['']);
    await expectViolations(update({ branding: {} }), ['']);
    await expectViolations(update({ status: 'archived' }), ['status']);
    await expectViolations(update({ branding: { logoUrl: 'ftp://x/y.png', accentColor: 'blue' } }), [
      'branding.logoUrl',
      'branding.accentColor',
    ]);
  });
});

describe('tenant retention and the tenant list', () => {
  it('answers the defaults until set, keeps what was set, and refuses days out of range', async () => {
    const { client } = h;
    const created = await createTenant(client, { slug: uniqueSlug('keep'), name: 'Keep', branding: undefined });
    expect(created.retention).toEqual({ webhookBodyDays: 30, notificationBodyDays: 30, auditDays: 365 });
    const { tenant } = await client.updateTenant({ tenantId: created.tenantId, retention: { webhookBodyDays: 7 } });
    expect(tenant?.retention).toEqual({ webhookBodyDays: 7, notificationBodyDays: 30, auditDays: 365 });
    const again = await client.updateTenant({ tenantId: created.tenantId, retention: { auditDays: 3650 } });
    expect(again.tenant?.retention).toEqual({ webhookBodyDays: 7, notificationBodyDays: 30, auditDays: 3650 });
    await expectViolations(
      client.updateTenant({ tenantId: created.tenantId, retention: { notificationBodyDays: 0, auditDays: 3651 } }),
      ['retention.notificationBodyDays', 'retention.auditDays'],
    );
    // The audit log: at least 90 days (docs/decisions.md "Audit log").
    await expectViolations(client.updateTenant({ tenantId: created.tenantId, retention: { auditDays: 89 } }), [
      'retention.auditDays',
    ]);
    expect((await client.getTenant({ tenantId: created.tenantId })).tenant?.retention?.auditDays).toBe(3650);
  });

  it('lists every tenant page by page, each once', async () => {
    const { client } = h;
    const made = new Set<string>();
    for (let i = 0; i < 5; i++)
      made.add((await createTenant(client, { slug: uniqueSlug('list'), name: `L${i}`, branding: undefined })).tenantId);
    const seen: string[] = [];
    let cursor = '';
    do {
      const { items, page } = await client.listTenants({ page: { limit: 2, cursor } });
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((t) => t.tenantId));
      cursor = page?.nextCursor ?? '';
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of made) expect(seen).toContain(id);
    await expectViolations(client.listTenants({ page: { limit: 101, cursor: '' } }), ['limit']);
  });
});
