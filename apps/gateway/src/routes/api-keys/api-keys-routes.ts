import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiKeyNameSchema, apiKeyScopesSchema, idSchema } from '@svc/rules';
import { linksTo } from '../../http/openapi-links.js';
import { routeGroup } from '../../http/route-group.js';
import type { ApiKeys } from '../../identity/identity-client.js';
import { apiKeyRecordSchema, apiKeyWithSecretSchema } from '../../api/api-key-records.js';
import { pageOf, pageQuerySchema } from '../../api/paging.js';
import { tenantOf } from '../../api/request-tenant.js';

const TAGS = ['api keys'];
const KEY = '/api/api-keys/:apiKeyId';

const createApiKeyBody = z.strictObject({ name: apiKeyNameSchema, scopes: apiKeyScopesSchema });
const keyParams = z.strictObject({ apiKeyId: idSchema });

/**
 * /api/api-keys: the dashboard's API keys screen (docs/api-conventions.md "API keys"). Owners and
 * admins only, reading included: a key list tells who can act for the tenant. Every change needs
 * the CSRF header like any dashboard write.
 */
export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeys): void {
  const route = routeGroup(app, { tags: TAGS, access: 'dashboard:write' });
  route({
    method: 'GET',
    url: '/api/api-keys',
    summary: "List the tenant's API keys (revoked ones included)",
    description: 'Oldest first. Owner and admin roles only.',
    access: 'dashboard:read',
    guard: { writeRole: true },
    querystring: pageQuerySchema,
    response: pageOf(apiKeyRecordSchema),
    handler: ({ query }, request) => keys.list(tenantOf(request), query),
  });

  route({
    method: 'POST',
    url: '/api/api-keys',
    summary: 'Create an API key; its secret is in this answer only',
    body: createApiKeyBody,
    status: 201,
    response: apiKeyWithSecretSchema,
    // The new key's rotate and revoke. The list links to neither: a client following links from
    // it would revoke the key it may be running with.
    links: linksTo([`POST ${KEY}/rotate`, `POST ${KEY}/revoke`], 'apiKeyId', 'apiKey/apiKeyId'),
    handler: ({ body }, request) => keys.create(tenantOf(request), body.name, body.scopes),
  });

  route({
    method: 'POST',
    url: `${KEY}/rotate`,
    summary: 'Give an API key a new secret; the old one stops working at once',
    description: 'Same id, name and scopes. A revoked key cannot be rotated (VALIDATION_ERROR at params.apiKeyId).',
    params: keyParams,
    response: apiKeyWithSecretSchema,
    links: linksTo([`POST ${KEY}/revoke`], 'apiKeyId', 'apiKey/apiKeyId'),
    handler: ({ params }, request) => keys.rotate(tenantOf(request), params.apiKeyId),
  });

  route({
    method: 'POST',
    url: `${KEY}/revoke`,
    summary: 'Revoke an API key; it stops working at once',
    description: 'Revoking a revoked key changes nothing and answers it again.',
    params: keyParams,
    response: apiKeyRecordSchema,
    handler: ({ params }, request) => keys.revoke(tenantOf(request), params.apiKeyId),
  });
}
