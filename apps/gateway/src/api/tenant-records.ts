import { z } from 'zod';
import type { CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { EMBED_ORIGINS_MAX, emailSchema, embedOriginsSchema, localeSchema, slugSchema, timeZoneSchema } from '@svc/rules';
import { nameSchema, optionalText, patchOf } from './field-schemas.js';
import { present } from './present.js';

/**
 * The tenant and its branding as the HTTP API shows them, the branding patch and its update (the
 * dashboard's `/api/tenant`, `/v1/branding`, MCP's branding tools, the platform API, the booking
 * config and the manage page).
 */

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

/** Branding fields to change, at least one: PATCH /v1/branding's body and MCP update_branding's arguments. */
export const brandingPatchBody = patchOf(brandingPatchSchema.shape);

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
export const toBrandingPatch = ({
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

/**
 * A new tenant with its owner, as identity.v1 ProvisionTenant opens it: the platform API's create
 * and the setup wizard's workspace (docs/decisions.md "Platform provisioning", "First start").
 */
export const newTenantSchema = z.strictObject({
  slug: slugSchema.describe('The tenant in public links (/book/{slug}); unique, never changed.'),
  name: nameSchema,
  timezone: timeZoneSchema,
  locale: localeSchema.optional().describe("The tenant's language; default en."),
  ownerEmail: emailSchema.describe(
    "The owner's address: a member with the tenant_owner role, who signs in with Google under it.",
  ),
});
