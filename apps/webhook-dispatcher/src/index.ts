export { startWebhookDispatcher, WEBHOOK_SERVICE_NAME } from './service.js';
export { dispatcherConfigSchema, type DispatcherConfig } from './config.js';
