export { startIntegrations, INTEGRATION_SERVICE_NAME, type IntegrationsDeps } from './service.js';
export { integrationsConfigSchema, type IntegrationsConfig } from './config.js';
export { startIntegrationsFromConfig } from './from-config.js';
export { busyEvents } from './providers/ical-busy-events.js';
export { GOOGLE_SCOPES } from './providers/google-oauth.js';
export { MICROSOFT_SCOPES } from './providers/microsoft-oauth.js';
