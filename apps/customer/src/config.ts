import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';

export const customerConfigSchema = z
  .object({ ...serviceSettings, GRPC_PORT: serviceSettings.GRPC_PORT.default(50053) })
  .superRefine(requiredWhenDistributed(['MONGODB_URL']));

export type CustomerConfig = z.output<typeof customerConfigSchema>;
