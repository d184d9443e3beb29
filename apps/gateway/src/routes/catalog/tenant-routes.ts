import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import { auditRetentionDaysSchema, localeSchema, retentionDaysSchema, timeZoneSchema } from '@svc/rules';
import { DomainError } from '@svc/errors';
import { activeTenantOf, principalOf } from '../../auth/principal.js';
import { defineRoute } from '../../http/route.js';
import { nameSchema } from '../../api/field-schemas.js';
import { present } from '../../api/present.js';
import { tenantOf } from '../../api/request-tenant.js';
import { brandingPatchSchema, tenantRecordSchema, toBrandingPatch } from '../../api/tenant-records.js';

// Slug and status are not the workspace's to change from the dashboard: the slug is in public
// links and status is an operator decision.
const retentionPatchSchema = z
  .strictObject({
    webhookBodyDays: retentionDaysSchema,
    notificationBodyDays: retentionDaysSchema,
    auditDays: auditRetentionDaysSchema.describe('90 to 3650; owners only.'),
  })
  .partial()
  .describe(
    'Days to keep webhook delivery bodies (default 30) and message bodies (30), 1 to 3650, and audit records (365), ' +
      '90 to 3650 and changed by owners only. ' +
      'Only the fields sent change (docs/operations.md "Retention").',
  );

const patchTenantSchema = z
  .strictObject({
    name: nameSchema,
    timezone: timeZoneSchema,
    locale: localeSchema,
    branding: brandingPatchSchema,
    retention: retentionPatchSchema,
  })
  .partial()
  .refine(({ branding, retention, ...rest }) => Object.keys({ ...rest, ...branding, ...retention }).length > 0, {
    // `{ branding: {} }` changes nothing either, as the catalog sees it.
    message: 'Send at least one field to change.',
    when: (payload) => payload.issues.length === 0,
  })
  // The refinement as the document states it: a field, or branding with at least one of its own.
  .meta({
    minProperties: 1,
    anyOf: [
      { required: ['name'] },
      { required: ['timezone'] },
      { required: ['locale'] },
      { required: ['branding'], properties: { branding: { minProperties: 1 } } },
      { required: ['retention'], properties: { retention: { minProperties: 1 } } },
    ],
  });

/** GET/PATCH /api/tenant: the session's own tenant; there is no tenant id to choose. */
export function registerTenantRoutes(app: FastifyInstance, catalog: CatalogClient): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/tenant',
    summary: "Get the session's tenant",
    tags: ['tenant'],
    access: 'dashboard:read',
    response: tenantRecordSchema,
    // The guard has just fetched it (and found it active): no second GetTenant.
    handler: async (_input, request) => activeTenantOf(request),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/tenant',
    summary: "Update the session's tenant: name, timezone, locale, branding, retention (partial)",
    description:
      'At least one field; `{ "branding": {} }` or `{ "retention": {} }` alone changes nothing and is refused.',
    tags: ['tenant'],
    access: 'dashboard:write',
    body: patchTenantSchema,
    response: tenantRecordSchema,
    handler: async ({ body }, request) => {
      // Whoever may change things must not also decide how long the trace of it is kept.
      if (body.retention?.auditDays !== undefined && principalOf(request).role !== 'tenant_owner')
        throw new DomainError('FORBIDDEN', 'Only an owner can change how long the audit log is kept.');
      const res = await catalog.updateTenant({
        tenantId: tenantOf(request),
        ...body,
        branding: body.branding && toBrandingPatch(body.branding),
      });
      return present(res.tenant, 'tenant');
    },
  });
}
