export { startIntegrations, INTEGRATION_SERVICE_NAME, type IntegrationsDeps } from './service.js';
export { integrationsConfigSchema, type IntegrationsConfig } from './config.js';
export { startIntegrationsFromConfig } from './from-config.js';
export { busyEvents } from './calendars/providers/ical-busy-events.js';
export { GOOGLE_SCOPES } from './connections/providers/google-oauth.js';
export { MICROSOFT_SCOPES } from './connections/providers/microsoft-oauth.js';
