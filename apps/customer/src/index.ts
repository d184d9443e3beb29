export { startCustomerService, CUSTOMER_SERVICE_NAME } from './service.js';
export { customerConfigSchema, type CustomerConfig } from './config.js';
