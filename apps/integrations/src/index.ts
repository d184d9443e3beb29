export { startIntegrations, INTEGRATION_SERVICE_NAME, type IntegrationsDeps } from './service.js';
export { integrationsConfigSchema, type IntegrationsConfig } from './config.js';
export { startIntegrationsFromConfig } from './from-config.js';
export { busyIntervals } from './providers/caldav.js';
export { GOOGLE_SCOPES } from './providers/google-oauth.js';
