export { buildGateway, BODY_LIMIT_BYTES, type GatewayDeps } from './app.js';
export { startGateway, type RunningGateway } from './start.js';
export { gatewayConfigSchema, gatewaySettings, type GatewayConfig, type GatewaySettings } from './config.js';
export { ROLES, WRITE_ROLES, principalOf, type Role, type DashboardPrincipal, type Access } from './auth/principal.js';
export {
  connectDownstream,
  SERVICE_NAMES,
  type Downstream,
  type ServiceName,
  type ServiceAddresses,
} from './downstream/services.js';
export { defineRoute } from './http/route.js';
