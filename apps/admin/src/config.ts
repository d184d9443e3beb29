import { z } from 'zod';
import { profileSchema, requiredWhenDistributed } from '@svc/config';

/**
 * Where the operator tool finds the platform. Embedded: the DATA_DIR of `npm start` (service
 * addresses from DATA_DIR/platform.json, the gateway's identity store and session secret from
 * the same folder). Distributed: the same settings the gateway and catalog use.
 */
export const adminConfigSchema = z
  .object({
    PROFILE: profileSchema.default('embedded'),
    DATA_DIR: z.string().default('./.data'),
    CATALOG_GRPC_ADDR: z.string().optional(),
    MONGODB_URL: z.string().url().optional(),
    MONGODB_DB: z.string().optional(),
    SESSION_SECRET: z.string().min(32).optional(),
  })
  .superRefine(requiredWhenDistributed(['CATALOG_GRPC_ADDR', 'MONGODB_URL', 'SESSION_SECRET']));

export type AdminConfig = z.output<typeof adminConfigSchema>;
