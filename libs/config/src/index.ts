export { loadConfig, ConfigError, requiredWhenDistributed, profileSchema, type Profile } from './load-config.js';
export { allowLoopbackTargetsSetting, commonSettings, serviceSettings, portSetting } from './common-settings.js';
export { storeConfigFor, storeSettings, type StoreConfig } from './store-settings.js';
export { embeddedSecret } from './embedded-secrets.js';
export { publishRuntime, readPlatformRuntime, RUNTIME_FILE, type PlatformRuntime } from './platform-runtime.js';
export { commaList } from './comma-list.js';
export { manageTokenSettings, manageTokenKeysOf } from './manage-token-settings.js';
