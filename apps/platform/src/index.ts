export { startEmbeddedPlatform, type EmbeddedPlatform } from './embedded-platform.js';
export { platformConfigSchema, type PlatformConfig, type ResolvedPlatformConfig } from './config.js';
