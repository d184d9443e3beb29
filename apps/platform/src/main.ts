import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { platformConfigSchema } from './config.js';
import { startEmbeddedPlatform } from './embedded-platform.js';

await startConfiguredProcess(
  'platform',
  () => loadConfig(platformConfigSchema),
  async (config, logger) => {
    const platform = await startEmbeddedPlatform(config);
    logger.info({ url: platform.url, dataDir: config.DATA_DIR }, 'platform started (embedded profile)');
    // The one line a person starting the platform looks for.
    process.stdout.write(
      `\nBooking platform (embedded profile) is running at ${platform.url}\n  try: curl -s ${platform.url}/health\n\n`,
    );
    return platform;
  },
);
