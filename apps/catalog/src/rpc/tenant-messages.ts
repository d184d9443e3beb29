import type { catalogV1 } from '@svc/proto';
import type { TenantCreateInput, TenantPatch, TenantRecord } from '../domain/tenant.js';

export const toTenantMessage = (r: TenantRecord): catalogV1.Tenant => ({
  tenantId: r.tenantId,
  slug: r.slug,
  name: r.name,
  status: r.status,
  timezone: r.timezone,
  locale: r.locale,
  branding: { ...r.branding },
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

/** proto3 strings cannot be absent, so '' means "not given" (required ones then fail as required). */
export const toTenantCreateInput = (req: catalogV1.CreateTenantRequest): TenantCreateInput => ({
  slug: req.slug || undefined,
  name: req.name || undefined,
  timezone: req.timezone || undefined,
  locale: req.locale || undefined,
  branding: req.branding && { ...req.branding },
});

export const toTenantPatch = (req: catalogV1.UpdateTenantRequest): TenantPatch => ({
  name: req.name,
  timezone: req.timezone,
  locale: req.locale,
  status: req.status,
  branding: req.branding && { ...req.branding },
});
