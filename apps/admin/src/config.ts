import { z } from 'zod';
import { profileSchema, requiredWhenDistributed, storeSettings } from '@svc/config';

/**
 * Where the operator tool finds the platform. Embedded: the DATA_DIR of `npm start` (service
 * addresses from DATA_DIR/platform.json, the gateway's identity store and session secret from
 * the same folder). Distributed: the same settings the gateway and catalog use.
 */
export const adminConfigSchema = z
  .object({
    PROFILE: profileSchema.default('embedded'),
    /** The gateway's identity store (and, embedded, DATA_DIR/platform.json and secrets.json). */
    ...storeSettings,
    CATALOG_GRPC_ADDR: z.string().optional(),
    /** The identity service, whose audit log records every command; embedded: DATA_DIR/platform.json's. */
    IDENTITY_GRPC_ADDR: z.string().optional(),
    SESSION_SECRET: z.string().min(32).optional(),
    /** The gateway's public address, for the links the CLI prints; embedded: DATA_DIR/platform.json's. */
    BASE_URL: z.string().url().optional(),
  })
  .superRefine(requiredWhenDistributed(['CATALOG_GRPC_ADDR', 'IDENTITY_GRPC_ADDR', 'MONGODB_URL', 'SESSION_SECRET']));

export type AdminConfig = z.output<typeof adminConfigSchema>;
