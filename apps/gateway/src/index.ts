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
export {
  GatewayIdentity,
  type User,
  type Membership,
  type Session,
  type NewSession,
  type ApiKey,
  type ApiKeyWithSecret,
  type PlatformKey,
} from './identity/identity-client.js';
export { CredentialCache, CREDENTIAL_CACHE_BOUNDS } from './identity/credential-cache.js';
export { IdentityChanges } from './identity/identity-changes.js';
export { sessionCookie, SESSION_COOKIE } from './auth/cookies.js';
export { InMemoryCounters, RedisCounters, type RateCounters } from './limits/counters.js';
export { RateLimits, OUTAGE_POLICY, type LimitName, type RateLimitSettings } from './limits/rate-limits.js';
export { MCP_TOOLS } from './routes/mcp/mcp-tools.js';
export type { AuditEventRecord as AuditEvent } from './routes/audit/audit-routes.js';
