import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { platformConfigSchema } from './config.js';
import { demoLines, demoRequested, openDemoWorkspace, ReplayClock } from './demo/index.js';
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
    // `--demo` / DEMO=1: the demo workspace, made on the first such start of a DATA_DIR, its past
    // replayed on the booking and notifications services' clock (docs/decisions.md "Demo workspace").
    const clock = demoRequested(process.argv, config) ? new ReplayClock() : null;
    const platform = await startEmbeddedPlatform(config, clock ? { clock: clock.now } : {});
    const demo = clock ? await openDemoWorkspace(platform, clock) : null;
    logger.info(
      { url: platform.url, dataDir: config.DATA_DIR, nodeEnv: config.NODE_ENV },
      'platform started (embedded profile)',
    );
    // The lines a person starting the platform looks for: where it is and what to do next (the
    // demo's links, else the setup link or how to sign in).
    const next = demo ? demoLines(demo).trimEnd().split('\n') : (await nextSteps(platform)).map((line) => `  ${line}`);
    const lines = [
      `Booking platform (embedded profile) is running at ${platform.url}`,
      `  open ${platform.url}/ in a browser: the services' health, the dashboard, the API reference`,
      ...next,
      `  ${mode}`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
    return platform;
  },
);
