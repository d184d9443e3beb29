import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';

export const identityConfigSchema = z
  .object({ ...serviceSettings, GRPC_PORT: serviceSettings.GRPC_PORT.default(50057) })
  .superRefine(requiredWhenDistributed(['MONGODB_URL']));

export type IdentityConfig = z.output<typeof identityConfigSchema>;
