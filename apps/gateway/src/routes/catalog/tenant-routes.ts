import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import {
  auditRetentionDaysSchema,
  EMBED_ORIGINS_MAX,
  embedOriginsSchema,
  localeSchema,
  retentionDaysSchema,
  timeZoneSchema,
} from '@svc/rules';
import { DomainError } from '@svc/errors';
import { activeTenantOf, principalOf } from '../../auth/principal.js';
import { defineRoute } from '../../http/route.js';
import { present, tenantOf } from './admin-resource.js';
import { nameSchema, optionalText } from './schemas.js';

export const brandingRecordSchema = z.object({
  displayName: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string().describe('#rrggbb'),
  accentColor: z.string().describe('#rrggbb'),
  embedOrigins: z
    .array(z.string())
    .describe(
      'The origins whose pages may embed the booking and manage pages (their `frame-ancestors`; GET /embed.js), ' +
        'normalized; empty: no page may frame them (docs/decisions.md "Embedding").',
    ),
});

/** The catalog's Tenant message as it is. */
export const tenantRecordSchema = z
  .object({
    tenantId: z.string(),
    slug: z.string(),
    name: z.string(),
    status: z.string().describe('active | disabled | suspended'),
    timezone: z.string(),
    locale: z.string(),
    branding: brandingRecordSchema.optional(),
    retention: z
      .object({
        webhookBodyDays: z.number().int(),
        notificationBodyDays: z.number().int(),
        auditDays: z.number().int(),
      })
      .optional()
      .describe('How many days webhook delivery bodies, message bodies and audit records are kept.'),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe("The session's tenant (workspace).");

// '' clears a branding field: clients then fall back to the tenant name and their own colours.
const colorSchema = z
  .string()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'A colour as #rrggbb.')
  .describe("#rrggbb; '' clears it.");

export const brandingPatchSchema = z
  .strictObject({
    displayName: optionalText(200),
    logoUrl: z
      .union([z.url({ protocol: /^https$/ }).max(2_048), z.literal('')])
      .describe("An https URL; '' removes the logo."),
    primaryColor: colorSchema,
    accentColor: colorSchema,
    embedOrigins: embedOriginsSchema.describe(
      `Up to ${EMBED_ORIGINS_MAX} origins (scheme, host, port; no path) whose pages may embed the booking page: ` +
        'https, or http to localhost or 127.0.0.0/8. Normalized (lower case, default port dropped) and ' +
        'deduplicated; the list replaces the one before, `[]` clears it.',
    ),
  })
  .partial()
  .describe('Only the branding fields sent change.');

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

/** A tenant's branding as the record shows it: '' for a field never set. */
export function brandingOf(tenant: catalogV1.Tenant): z.input<typeof brandingRecordSchema> {
  const b = tenant.branding;
  return {
    displayName: b?.displayName ?? '',
    logoUrl: b?.logoUrl ?? '',
    primaryColor: b?.primaryColor ?? '',
    accentColor: b?.accentColor ?? '',
    embedOrigins: b?.embedOrigins ?? [],
  };
}

/** A branding patch as the catalog takes it: a list sent is wrapped, so an absent one stays absent. */
const toBrandingPatch = ({
  embedOrigins,
  ...fields
}: z.output<typeof brandingPatchSchema>): catalogV1.BrandingPatch => ({
  ...fields,
  ...(embedOrigins === undefined ? {} : { embedOrigins: { origins: embedOrigins } }),
});

/** A partial branding update (PATCH /api/tenant's `branding`, /v1/branding, MCP update_branding). */
export async function updateBranding(
  catalog: CatalogClient,
  tenantId: string,
  branding: z.output<typeof brandingPatchSchema>,
): Promise<z.input<typeof brandingRecordSchema>> {
  const res = await catalog.updateTenant({ tenantId, branding: toBrandingPatch(branding) });
  return brandingOf(present(res.tenant, 'tenant'));
}

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
