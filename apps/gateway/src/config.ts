import { z } from 'zod';
import { commonSettings, portSetting, requiredWhenDistributed } from '@svc/config';

const grpcAddress = z.string().regex(/^[^\s:]+:\d+$/, 'host:port');

export const gatewayConfigSchema = z
  .object({
    ...commonSettings,
    HOST: z.string().default('127.0.0.1'),
    PORT: portSetting.default(8080),
    /** Public base address used in links (manage URLs); defaults to http://HOST:PORT. */
    BASE_URL: z.string().url().optional(),
    CATALOG_GRPC_ADDR: grpcAddress.optional(),
    BOOKING_GRPC_ADDR: grpcAddress.optional(),
    CUSTOMER_GRPC_ADDR: grpcAddress.optional(),
    WEBHOOKS_GRPC_ADDR: grpcAddress.optional(),
  })
  .superRefine(
    requiredWhenDistributed(['CATALOG_GRPC_ADDR', 'BOOKING_GRPC_ADDR', 'CUSTOMER_GRPC_ADDR', 'WEBHOOKS_GRPC_ADDR']),
  );

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
