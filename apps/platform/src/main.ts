import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { platformConfigSchema } from './config.js';
import { startEmbeddedPlatform } from './embedded-platform.js';
import { nextSteps } from './next-steps.js';

// `npm start` runs the production settings; `--dev` (`npm run dev`, and the tests' platform
// processes) turns on the development checks (docs/operations.md "Production and development settings").
const dev = process.argv.includes('--dev');
if (!process.env.NODE_ENV) process.env.NODE_ENV = dev ? 'development' : 'production';
const mode =
  process.env.NODE_ENV === 'production'
    ? 'production settings: answers not checked at run time; `npm run dev` checks them'
    : `development settings (NODE_ENV=${process.env.NODE_ENV}): every answer checked against its schema`;

await startConfiguredProcess(
  'platform',
  () => loadConfig(platformConfigSchema),
  async (config, logger) => {
    const platform = await startEmbeddedPlatform(config);
    logger.info(
      { url: platform.url, dataDir: config.DATA_DIR, nodeEnv: config.NODE_ENV },
      'platform started (embedded profile)',
    );
    // The lines a person starting the platform looks for: where it is and what to do next.
    const lines = [
      `Booking platform (embedded profile) is running at ${platform.url}`,
      `  open ${platform.url}/ in a browser: the services' health, the dashboard, the API reference`,
      ...(await nextSteps(platform)).map((line) => `  ${line}`),
      `  ${mode}`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
    return platform;
  },
);
