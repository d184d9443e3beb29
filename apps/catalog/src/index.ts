export { startCatalogService, CATALOG_SERVICE_NAME } from './service.js';
export { catalogConfigSchema, type CatalogConfig } from './config.js';
