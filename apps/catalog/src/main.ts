import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { catalogConfigSchema } from './config.js';
import { startCatalogFromConfig } from './from-config.js';

await startConfiguredProcess('catalog', () => loadConfig(catalogConfigSchema), startCatalogFromConfig);
