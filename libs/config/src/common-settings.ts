import { z } from 'zod';
import { profileSchema } from './load-config.js';
import { storeSettings } from './store-settings.js';

const port = z.coerce.number().int().min(0).max(65535);
const positiveMs = z.coerce.number().int().positive();

/** Settings every process shares. */
export const commonSettings = {
  PROFILE: profileSchema.default('embedded'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: positiveMs.default(10_000),
};

/** Settings of a gRPC service process: where it listens and where its data lives. */
export const serviceSettings = {
  ...commonSettings,
  GRPC_HOST: z.string().default('127.0.0.1'),
  GRPC_PORT: port.default(0),
  /** Serves GET /metrics (Prometheus) on this port of GRPC_HOST; unset: no metrics listener. */
  METRICS_PORT: port.optional(),
  ...storeSettings,
};

/**
 * ALLOW_LOOPBACK_TARGETS: webhook URLs and CalDAV servers may point to loopback addresses, over
 * http too (libs/url-policy). Off unless set; `npm start` sets it while the gateway listens on a
 * loopback address (docs/operations.md "Running the whole platform (embedded)").
 */
export const allowLoopbackTargetsSetting = z.enum(['on', 'off']).default('off');

export { port as portSetting };
