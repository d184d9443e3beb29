// What a start of the platform needs of the demo beside the seeding: whether it was asked for,
// and the lines it prints (docs/decisions.md "Demo workspace").

import { MINUTE_MS } from '@svc/rules';
import type { ResolvedPlatformConfig } from '../config.js';
import type { EmbeddedPlatform } from '../embedded-platform.js';
import { DEMO_OWNER_EMAIL } from './demo-data.js';
import type { ReplayClock } from './replay-clock.js';
import { ensureDemoWorkspace, type DemoWorkspace } from './seed-demo.js';

/** `--demo` on the command line (`npm start -- --demo`), or DEMO=1 (or on) in the environment. */
export function demoRequested(argv: readonly string[], config: Pick<ResolvedPlatformConfig, 'DEMO'>): boolean {
  return argv.includes('--demo') || config.DEMO === '1' || config.DEMO === 'on';
}

/**
 * ensureDemoWorkspace at start-up: when it fails the platform is stopped before the error
 * leaves, so the process ends as after any failed start, its stores closed.
 */
export async function openDemoWorkspace(platform: EmbeddedPlatform, clock: ReplayClock): Promise<DemoWorkspace> {
  try {
    return await ensureDemoWorkspace(platform, clock);
  } catch (err) {
    await platform.stop();
    throw err;
  }
}

/**
 * The demo's lines of the start-up message, each ending in a newline. The sign-in link goes
 * to the terminal only, never to a log (docs/operations.md "Logs").
 */
export function demoLines(demo: DemoWorkspace, nowMs = Date.now()): string {
  const minutes = Math.max(1, Math.round((demo.signInExpiresAtMs - nowMs) / MINUTE_MS));
  return [
    demo.seeded
      ? '  demo workspace: made just now, with a week of bookings around today'
      : '  demo workspace: already there, left as it was',
    `    booking page: ${demo.bookingPageUrl}`,
    `    dashboard:    ${demo.signInUrl}`,
    `      (signs you in as ${DEMO_OWNER_EMAIL}: one use, valid for ${minutes} minutes; start with --demo again for a new link)`,
    '',
  ].join('\n');
}
