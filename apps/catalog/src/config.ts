import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';

export const catalogConfigSchema = z
  .object({ ...serviceSettings, GRPC_PORT: serviceSettings.GRPC_PORT.default(50051) })
  .superRefine(requiredWhenDistributed(['MONGODB_URL']));

export type CatalogConfig = z.output<typeof catalogConfigSchema>;
