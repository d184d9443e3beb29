export { startWebhookDispatcher } from './service.js';
export { dispatcherConfigSchema, type DispatcherConfig } from './config.js';
