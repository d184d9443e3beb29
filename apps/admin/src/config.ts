import { z } from 'zod';
import { profileSchema, requiredWhenDistributed, storeSettings } from '@svc/config';

/**
 * Where the operator tool finds the platform. Embedded: the DATA_DIR of `npm start` (service
 * addresses from DATA_DIR/platform.json). Distributed: the addresses of the catalog and identity
 * services. It reaches data through their gRPC contracts only; the store settings are the audit
 * log's, still the gateway's store (docs/architecture.md).
 */
export const adminConfigSchema = z
  .object({
    PROFILE: profileSchema.default('embedded'),
    /** The gateway's store, for the audit log only (and, embedded, DATA_DIR/platform.json). */
    ...storeSettings,
    CATALOG_GRPC_ADDR: z.string().optional(),
    IDENTITY_GRPC_ADDR: z.string().optional(),
    /** The gateway's public address, for the links the CLI prints; embedded: DATA_DIR/platform.json's. */
    BASE_URL: z.string().url().optional(),
  })
  .superRefine(requiredWhenDistributed(['CATALOG_GRPC_ADDR', 'IDENTITY_GRPC_ADDR', 'MONGODB_URL']));

export type AdminConfig = z.output<typeof adminConfigSchema>;
