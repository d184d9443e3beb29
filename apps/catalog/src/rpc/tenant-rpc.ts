import type { catalogV1 } from '@svc/proto';
import { effectiveRetention } from '@svc/rules';
import { parsePageRequest } from './paging.js';
import { newId } from '../domain/ids.js';
import { newTenant, patchTenant, type TenantRecord } from '../domain/tenant.js';
import type { CatalogContext, CatalogHandlers } from './entity-rpc.js';
import { found, rejectSlugClash, requireTenant } from './lookups.js';

export const toTenantMessage = (r: TenantRecord): catalogV1.Tenant => ({
  tenantId: r.tenantId,
  slug: r.slug,
  name: r.name,
  status: r.status,
  timezone: r.timezone,
  locale: r.locale,
  branding: { ...r.branding, embedOrigins: [...(r.branding.embedOrigins ?? [])] },
  retention: effectiveRetention(r.retention),
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

/** Tenants are not tenant-scoped records, so they do not go through `entityRpc`. */
export function tenantHandlers({
  store,
  repos,
  now,
}: CatalogContext): CatalogHandlers<'createTenant' | 'getTenant' | 'getTenantBySlug' | 'updateTenant' | 'listTenants'> {
  return {
    createTenant: async (req) => {
      // proto3 strings cannot be absent, so '' means "not given" (required ones then fail as required).
      const input = {
        slug: req.slug || undefined,
        name: req.name || undefined,
        timezone: req.timezone || undefined,
        locale: req.locale || undefined,
        branding: req.branding && { ...req.branding },
      };
      const tenant = newTenant(input, { id: newId('tenant'), now: now() });
      await rejectSlugClash('tenant', () => repos.tenants.insert(tenant));
      return { tenant: toTenantMessage(tenant) };
    },

    getTenant: async (req) => ({ tenant: toTenantMessage(await requireTenant(repos, req.tenantId)) }),

    getTenantBySlug: async (req) => {
      const { tenant, catalogVersion } = found(
        req.slug === '' ? null : await repos.tenants.getBySlugVersioned(req.slug),
        'Tenant',
      );
      return { tenant: toTenantMessage(tenant), catalogVersion };
    },

    updateTenant: async (req) => {
      const { name, timezone, locale, status } = req;
      const patch = {
        name,
        timezone,
        locale,
        status,
        // An absent list stays; a present one replaces it (catalog.proto BrandingPatch).
        branding: req.branding && { ...req.branding, embedOrigins: req.branding.embedOrigins?.origins },
        retention: req.retention && { ...req.retention },
      };
      const tenant = await store.withTransaction(async (tx) => {
        const next = patchTenant(await requireTenant(repos, req.tenantId, tx), patch, now());
        await repos.tenants.save(next, tx);
        await repos.tenants.bumpCatalogVersion(next.tenantId, tx);
        return next;
      });
      return { tenant: toTenantMessage(tenant) };
    },

    listTenants: async (req) => {
      const { items, nextCursor } = await repos.tenants.list(parsePageRequest(req.page));
      return { items: items.map(toTenantMessage), page: { nextCursor } };
    },
  };
}
