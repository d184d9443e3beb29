export { startIdentityService, type IdentityServiceDeps } from './service.js';
export { identityConfigSchema, type IdentityConfig } from './config.js';
export { startIdentityFromConfig } from './from-config.js';
export type { WorkspaceDeps } from './workspace.js';
