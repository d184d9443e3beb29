export { startWebhookDispatcher } from './service.js';
export { dispatcherConfigSchema, type DispatcherConfig } from './config.js';
export { startWebhookDispatcherFromConfig } from './from-config.js';
