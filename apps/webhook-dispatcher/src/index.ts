export { startWebhookDispatcher, WEBHOOK_SERVICE_NAME, type DispatcherDeps } from './service.js';
export { dispatcherConfigSchema, type DispatcherConfig } from './config.js';
export { startWebhookDispatcherFromConfig } from './from-config.js';
export { USER_AGENT } from './delivery/worker.js';
