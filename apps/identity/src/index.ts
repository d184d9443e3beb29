export { startIdentityService, IDENTITY_SERVICE_NAME, type IdentityServiceDeps } from './service.js';
export { identityConfigSchema, type IdentityConfig } from './config.js';
export { startIdentityFromConfig } from './from-config.js';
export type { WorkspaceDeps } from './workspace.js';
// What the tenant export answers and keeps, for the gateway's route tests.
export { ERASED_AFTER, ERASED_WHILE_RUNNING } from './tenant-export/tenant-exports.js';
export { replacedBy } from './tenant-export/job-store.js';
export { EXPORT_CHUNKS, type ExportJobDoc } from './tenant-export/documents.js';
export { AUDIT_EVENTS, type AuditEventDoc } from './audit/audit-documents.js';
export { mintDownloadToken as mintExportDownloadToken } from './tenant-export/download-link.js';
export { IdentityStore, type User, type Membership, type Session, type NewSession } from './store/identity-store.js';
export { ApiKeyStore, type ApiKey, type ApiKeyWithSecret, LAST_USED_WRITE_INTERVAL_MS } from './store/api-key-store.js';
export { PlatformKeyStore, type PlatformKey, type PlatformKeyWithSecret } from './store/platform-key-store.js';
export { OAuthAttempts } from './store/oauth-attempts.js';
export { hashSessionToken } from './domain/session-token.js';
export { copyFormerGatewayIdentity } from './store/former-gateway-copy.js';
export * from './store/documents.js';
