export { startEmbeddedPlatform, type EmbeddedPlatform } from './embedded-platform.js';
export { platformConfigSchema, type PlatformConfig } from './config.js';
