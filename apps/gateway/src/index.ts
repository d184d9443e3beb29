export { buildGateway, type GatewayDeps } from './app.js';
export { startGateway, type RunningGateway } from './start.js';
export { startGatewayFromConfig } from './from-config.js';
export { gatewayConfigSchema, gatewaySettings, type GatewayConfig, type GatewaySettings } from './config.js';
export {
  ROLES,
  principalOf,
  type Role,
  type DashboardPrincipal,
  type Access,
  type GuardOptions,
} from './auth/principal.js';
export { connectDownstream, type Downstream, type ServiceName, type ServiceAddresses } from './downstream/services.js';
export { defineRoute } from './http/route.js';
export { IdentityStore, type User, type Membership, type Session, type NewSession } from './identity/identity-store.js';
export { csrfToken, verifyCsrf } from './identity/csrf.js';
export { hashSessionToken } from './identity/session-token.js';
export { sessionCookie, SESSION_COOKIE } from './auth/cookies.js';
export {
  ApiKeyStore,
  type ApiKey,
  type ApiKeyWithSecret,
  LAST_USED_WRITE_INTERVAL_MS,
} from './identity/api-key-store.js';
export { PlatformKeyStore, type PlatformKey, type PlatformKeyWithSecret } from './identity/platform-key-store.js';
export { provisionTenant, type NewTenant, type ProvisionedTenant } from './provisioning/tenant-provisioning.js';
export { PLATFORM_KEYS, PLATFORM_TENANT_CREATES } from './identity/documents.js';
export { InMemoryCounters, RedisCounters, type RateCounters } from './limits/counters.js';
export { RateLimits, OUTAGE_POLICY, type LimitName, type RateLimitSettings } from './limits/rate-limits.js';
export { MCP_TOOLS } from './routes/mcp/mcp-tools.js';
export type { AuditEventRecord as AuditEvent } from './routes/audit/audit-routes.js';
