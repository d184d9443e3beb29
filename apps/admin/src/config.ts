import { z } from 'zod';
import { profileSchema, requiredWhenDistributed } from '@svc/config';

/**
 * Where the operator tool finds the platform. Embedded: the DATA_DIR of `npm start` (service
 * addresses from DATA_DIR/platform.json). Distributed: the addresses of the catalog and identity
 * services. It reaches data through their gRPC contracts only: no store, no secret
 * (docs/architecture.md).
 */
export const adminConfigSchema = z
  .object({
    PROFILE: profileSchema.default('embedded'),
    /** Embedded: where DATA_DIR/platform.json names the running platform's addresses. */
    DATA_DIR: z.string().default('./.data'),
    CATALOG_GRPC_ADDR: z.string().optional(),
    /** The identity service: identity data and the audit log that records every command. */
    IDENTITY_GRPC_ADDR: z.string().optional(),
    /** The gateway's public address, for the links the CLI prints; embedded: DATA_DIR/platform.json's. */
    BASE_URL: z.string().url().optional(),
  })
  .superRefine(requiredWhenDistributed(['CATALOG_GRPC_ADDR', 'IDENTITY_GRPC_ADDR']));

export type AdminConfig = z.output<typeof adminConfigSchema>;
