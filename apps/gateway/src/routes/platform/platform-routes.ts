import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CatalogClient } from '@svc/grpc';
import {
  apiKeyNameSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  idSchema,
  platformMintScopesSchema,
} from '@svc/rules';
import { platformOf } from '../../auth/principal.js';
import { linksTo } from '../../http/openapi-links.js';
import { routeGroup } from '../../http/route-group.js';
import type { GatewayIdentity } from '../../identity/identity-client.js';
import { apiKeyRecordSchema, apiKeyWithSecretSchema } from '../../api/api-key-records.js';
import { pageOf, pageQuerySchema, pageRequest, toPage } from '../../api/paging.js';
import { present } from '../../api/present.js';
import { newTenantSchema, tenantRecordSchema } from '../../api/tenant-records.js';

/** A minted key: the dashboard's body, with the scopes a platform may grant (docs/decisions.md "Platform provisioning"). */
const platformMintKeyBody = z.strictObject({ name: apiKeyNameSchema, scopes: platformMintScopesSchema });

const TENANTS = '/platform/v1/tenants';
const TENANT = `${TENANTS}/:tenantId`;
const KEYS = `${TENANT}/api-keys`;
const KEY = `${KEYS}/:apiKeyId`;

const platformTenantSchema = tenantRecordSchema.describe(
  'A tenant (workspace); status is active, disabled or suspended.',
);

const createTenantBody = newTenantSchema.describe('A new tenant and its owner.');

const createdTenantSchema = platformTenantSchema
  .extend({
    owner: z.object({ userId: z.string(), email: z.string() }).describe('The member made tenant_owner.'),
    idempotentReplay: z.boolean().describe('True when an earlier request with this Idempotency-Key made the tenant.'),
  })
  .describe('The tenant made, with its owner.');

const createHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .describe(
      'Optional; 1 to 255 printable ASCII characters, per platform key: a retry with the same key and body answers ' +
        'the tenant made (200, idempotentReplay true); with another body it is BOOKING_IDEMPOTENCY_CONFLICT.',
    ),
});

const tenantParams = z.strictObject({ tenantId: idSchema });
const keyParams = z.strictObject({ tenantId: idSchema, apiKeyId: idSchema });

export interface PlatformRouteDeps {
  catalog: CatalogClient;
  identity: GatewayIdentity;
}

/**
 * /platform/v1/tenants (docs/api-conventions.md "Platform API"; docs/decisions.md "Platform
 * provisioning"): an operator's platform opens tenants with their owner, reads and lists them,
 * suspends and reactivates them, and mints, lists and revokes their partner API keys, with a
 * platform key (`pk_live_`) the operator CLI made. Nothing here reads a tenant's bookings,
 * customers or catalog. Every change is in the tenant's audit log, the platform key its actor.
 */
export function registerPlatformRoutes(app: FastifyInstance, deps: PlatformRouteDeps): void {
  const { catalog, identity } = deps;
  const { apiKeys } = identity;
  /** The tenant as the catalog has it, whatever its status; NOT_FOUND when there is none. */
  const tenant = async (tenantId: string) => present((await catalog.getTenant({ tenantId })).tenant, 'tenant');
  const setStatus = async (tenantId: string, status: 'active' | 'suspended') =>
    present((await catalog.updateTenant({ tenantId, status })).tenant, 'tenant');
  const route = routeGroup(app, { tags: ['platform'], access: 'platform' });

  route({
    method: 'GET',
    url: TENANTS,
    summary: 'List every tenant (oldest first)',
    querystring: pageQuerySchema,
    response: pageOf(platformTenantSchema),
    handler: async ({ query }) => toPage(await catalog.listTenants({ page: pageRequest(query) })),
  });

  route({
    method: 'POST',
    url: TENANTS,
    summary: 'Create a tenant with its owner; Idempotency-Key optional',
    description:
      'The owner (ownerEmail) becomes a member with the tenant_owner role and signs in to the dashboard with Google ' +
      'under that address. A slug another tenant has is VALIDATION_ERROR at `body.slug`.',
    headers: createHeaders,
    body: createTenantBody,
    status: 201,
    alsoStatuses: [200],
    response: createdTenantSchema,
    links: linksTo(
      [`GET ${TENANT}`, `POST ${TENANT}/suspend`, `POST ${TENANT}/reactivate`, `GET ${KEYS}`, `POST ${KEYS}`],
      'tenantId',
      'tenantId',
    ),
    handler: async ({ body, headers }, request, reply) => {
      const made = await identity.provisionTenant(body, {
        platformKeyId: platformOf(request).platformKey.platformKeyId,
        key: headers['idempotency-key'],
      });
      if (made.replay) reply.code(200);
      return {
        ...made.tenant,
        owner: { userId: made.owner.userId, email: made.owner.email },
        idempotentReplay: made.replay,
      };
    },
  });

  route({
    method: 'GET',
    url: TENANT,
    summary: 'Get a tenant',
    params: tenantParams,
    response: platformTenantSchema,
    handler: async ({ params }) => tenant(params.tenantId),
  });

  route({
    method: 'POST',
    url: `${TENANT}/suspend`,
    summary: 'Suspend a tenant: its dashboard, booking pages, /v1 and MCP answer TENANT_INACTIVE',
    description: 'Its data and keys stay; reactivate undoes it. Suspending a suspended tenant changes nothing.',
    params: tenantParams,
    response: platformTenantSchema,
    handler: async ({ params }) => setStatus(params.tenantId, 'suspended'),
  });

  route({
    method: 'POST',
    url: `${TENANT}/reactivate`,
    summary: 'Reactivate a suspended (or disabled) tenant',
    params: tenantParams,
    response: platformTenantSchema,
    handler: async ({ params }) => setStatus(params.tenantId, 'active'),
  });

  route({
    method: 'GET',
    url: KEYS,
    summary: "List a tenant's API keys (revoked ones included, oldest first)",
    params: tenantParams,
    querystring: pageQuerySchema,
    response: pageOf(apiKeyRecordSchema),
    handler: async ({ params, query }) => {
      await tenant(params.tenantId);
      return apiKeys.list(params.tenantId, query);
    },
  });

  route({
    method: 'POST',
    url: KEYS,
    summary: 'Mint an API key for a tenant; its secret is in this answer only',
    description:
      'The key is the tenant’s own, as one its owner makes in the dashboard, and works on /v1 and MCP. It may grant ' +
      'the catalog and branding scopes only: the platform reads no booking, customer, message or webhook event ' +
      '(VALIDATION_ERROR at body.scopes.<i> for another scope).',
    params: tenantParams,
    body: platformMintKeyBody,
    status: 201,
    response: apiKeyWithSecretSchema,
    links: [
      { to: `POST ${KEY}/revoke`, parameters: { tenantId: '$request.path.tenantId', apiKeyId: 'apiKey/apiKeyId' } },
    ],
    handler: async ({ params, body }) => {
      await tenant(params.tenantId);
      return apiKeys.create(params.tenantId, body.name, body.scopes);
    },
  });

  route({
    method: 'POST',
    url: `${KEY}/revoke`,
    summary: "Revoke a tenant's API key; it stops working at once",
    description: 'Revoking a revoked key changes nothing and answers it again. A key of another tenant is NOT_FOUND.',
    params: keyParams,
    response: apiKeyRecordSchema,
    handler: async ({ params }) => apiKeys.revoke(params.tenantId, params.apiKeyId),
  });
}
