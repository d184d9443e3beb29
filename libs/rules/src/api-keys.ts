import { z } from 'zod';
import { API_KEY_SCOPES, API_KEY_WILDCARD, type ApiKeyScope } from './api-key-scopes.js';
import { trimmedTextSchema } from './text.js';

export const API_KEY_SCOPE_MESSAGE = `must be one of ${[...API_KEY_SCOPES, API_KEY_WILDCARD].join(', ')}`;

export const apiKeyScopeSchema = z.enum([...API_KEY_SCOPES, API_KEY_WILDCARD], { message: API_KEY_SCOPE_MESSAGE });

/** At least one scope, each once: the scopes a key is created with. */
export const apiKeyScopesSchema = z
  .array(apiKeyScopeSchema)
  .min(1, 'give at least one scope')
  .max(API_KEY_SCOPES.length + 1)
  .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'each scope at most once' })
  .meta({ uniqueItems: true })
  .describe(
    `The scopes the key grants: ${API_KEY_SCOPES.join(', ')}, or * for all. webhook:read and webhook:write ` +
      'also give the events’ data (bookings with their customers); branding:write also sets which sites may ' +
      'frame the booking pages (embedOrigins).',
  );

/**
 * The scopes an operator's platform key may mint for a tenant (docs/decisions.md "Platform
 * provisioning"): none that reads bookings, customers, messages or webhook events (which carry
 * both), and not `*`; the owner grants those in the dashboard.
 */
export const PLATFORM_MINTABLE_SCOPES = ['catalog:read', 'catalog:write', 'branding:read', 'branding:write'] as const;

export const platformMintScopesSchema = z
  .array(z.enum(PLATFORM_MINTABLE_SCOPES, { message: `must be one of ${PLATFORM_MINTABLE_SCOPES.join(', ')}` }))
  .min(1, 'give at least one scope')
  .max(PLATFORM_MINTABLE_SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'each scope at most once' })
  .meta({ uniqueItems: true })
  .describe(
    `The scopes the key grants: ${PLATFORM_MINTABLE_SCOPES.join(', ')}. Scopes that read bookings, customers, ` +
      "messages or webhook events are the tenant owner's to grant, in the dashboard.",
  );

/** A key's name as its owner recognises it in the list ("ci", "Zapier"). */
export const API_KEY_NAME_MAX = 100;
export const apiKeyNameSchema = trimmedTextSchema(API_KEY_NAME_MAX, { required: true });

/** Whether a key with these scopes may do what `needed` names. */
export function grantsScope(granted: readonly string[], needed: ApiKeyScope): boolean {
  return granted.includes(API_KEY_WILDCARD) || granted.includes(needed);
}

/** Whether a key with these scopes holds one of `needed`: an operation either scope opens (`GET /v1/services`). */
export function grantsAnyScope(granted: readonly string[], needed: readonly ApiKeyScope[]): boolean {
  return needed.some((scope) => grantsScope(granted, scope));
}
