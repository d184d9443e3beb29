export { unary, type CallContext } from './unary.js';
export { HealthService, type HealthProbe } from './health.js';
export {
  startGrpcHost,
  type GrpcHostOptions,
  type RunningGrpcHost,
  type ServiceBinding,
  type OwnedResource,
  type HostSettings,
} from './server-host.js';
export { createClient, callUnary } from './client.js';
export { startConfiguredProcess } from './process.js';
export { checkHealth, probeHealth, type ServingState } from './health-check.js';
