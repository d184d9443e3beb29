export { buildGateway, BODY_LIMIT_BYTES, type GatewayDeps } from './app.js';
export { startGateway, type RunningGateway } from './start.js';
export { gatewayConfigSchema, type GatewayConfig } from './config.js';
export {
  connectDownstream,
  SERVICE_NAMES,
  type Downstream,
  type ServiceName,
  type ServiceAddresses,
} from './downstream/services.js';
export { defineRoute } from './http/route.js';
