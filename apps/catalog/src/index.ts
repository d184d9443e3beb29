export { startCatalogService, CATALOG_SERVICE_NAME, type CatalogDeps } from './service.js';
export { catalogConfigSchema, type CatalogConfig } from './config.js';
export { startCatalogFromConfig } from './from-config.js';
