import { z } from 'zod';
import { API_KEY_SCOPES, API_KEY_WILDCARD } from '@svc/rules';

/**
 * A partner API key as a record (the dashboard's API key routes and the platform API's).
 */

/** The key record (docs/decisions.md "API keys and scopes"): never the secret nor its hash. */
export const apiKeyRecordSchema = z
  .object({
    apiKeyId: z.string(),
    tenantId: z.string(),
    name: z.string(),
    prefix: z.string().describe('The first 12 characters of the current secret (sk_live_ and 4 more).'),
    scopes: z.array(z.enum([...API_KEY_SCOPES, API_KEY_WILDCARD])),
    status: z.enum(['active', 'revoked']),
    lastUsedAtMs: z
      .number()
      .int()
      .nullable()
      .describe('When the key last authenticated a request, to the minute; null if never.'),
    createdAtMs: z.number().int(),
    rotatedAtMs: z.number().int().nullable(),
    revokedAtMs: z.number().int().nullable(),
  })
  .describe('A partner API key.');

export const apiKeyWithSecretSchema = z.object({
  apiKey: apiKeyRecordSchema,
  secret: z.string().describe('sk_live_…: shown in this answer only; store it now. Send it as Authorization: Bearer.'),
});
