export {
  startEmbeddedPlatform,
  type EmbeddedPlatform,
  type EmbeddedPlatformOptions,
  type EmbeddedService,
} from './embedded-platform.js';
export { platformConfigSchema, type PlatformConfig, type ResolvedPlatformConfig } from './config.js';
