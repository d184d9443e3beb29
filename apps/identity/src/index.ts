export { startIdentityService, type IdentityServiceDeps } from './service.js';
export { identityConfigSchema, type IdentityConfig } from './config.js';
export { startIdentityFromConfig } from './from-config.js';
export type { WorkspaceDeps } from './workspace.js';
// What the tenant export answers and keeps, for the gateway's route tests.
export { ERASED_AFTER, ERASED_WHILE_RUNNING } from './tenant-export/tenant-exports.js';
export { replacedBy } from './tenant-export/job-store.js';
export { EXPORT_CHUNKS, type ExportJobDoc } from './tenant-export/documents.js';
export { AUDIT_EVENTS, type AuditEventDoc } from './audit/audit-documents.js';
export { mintDownloadToken as mintExportDownloadToken } from './tenant-export/download-link.js';
