export { unary, metadataValue, type CallContext } from './unary.js';
export { HealthService, type HealthProbe } from './health.js';
export {
  startGrpcHost,
  type GrpcHostOptions,
  type RunningGrpcHost,
  type ServiceBinding,
  type OwnedResource,
  type HostSettings,
} from './server-host.js';
export { createClient, callUnary, traceInterceptor, DEFAULT_DEADLINE_MS } from './client.js';
export { onShutdownSignal } from './shutdown.js';
export { startConfiguredProcess } from './process.js';
export { checkHealth, type ServingState } from './health-check.js';
