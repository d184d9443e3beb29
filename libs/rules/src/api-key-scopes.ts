// Plain values only: the dashboard's browser bundle imports this module on its own
// (@svc/rules/api-key-scopes), without the zod schemas of the rest of the package.

/**
 * Scopes of a partner API key (docs/decisions.md "API keys and scopes"): read and write of
 * bookings, customers, branding, notifications, the catalog and webhooks; `*` grants every scope,
 * including any added later.
 */
export const API_KEY_SCOPES = [
  'booking:read',
  'booking:write',
  'customer:read',
  'customer:write',
  'branding:read',
  'branding:write',
  /** The notifications' send log (docs/decisions.md "Notifications"). */
  'notification:read',
  'notification:write',
  /** Services, staff, resources, weekly rules, date overrides, blocked times, holidays (docs/decisions.md "Partner API"). */
  'catalog:read',
  'catalog:write',
  /** Webhook subscriptions and their delivery log (docs/decisions.md "Partner API"). */
  'webhook:read',
  'webhook:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_WILDCARD = '*';
export type GrantedScope = ApiKeyScope | typeof API_KEY_WILDCARD;
