export { startCustomerService, CUSTOMER_SERVICE_NAME, type CustomerServiceDeps } from './service.js';
export { customerConfigSchema, type CustomerConfig } from './config.js';
export { startCustomerFromConfig } from './from-config.js';
export type { Customer } from './domain/customer.js';
