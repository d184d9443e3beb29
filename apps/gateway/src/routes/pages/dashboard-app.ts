import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMMUTABLE, NOSNIFF, setPageHeaders } from '../../http/page-headers.js';
import { defineRoute } from '../../http/route.js';

/** The staff dashboard's built files: apps/web's `vite build` output (docs/architecture.md "Web UI"). */
const WEB_DIST = join(dirname(createRequire(import.meta.url).resolve('@svc/web/package.json')), 'dist');

export interface DashboardApp {
  index: string;
  /** The first start's setup wizard (`setup.html`; routes/setup), on the same built files. */
  setup: string;
  /** dist/assets/js and dist/assets/css by file name; every name carries a content hash (apps/web/vite.config.ts). */
  scripts: ReadonlyMap<string, string>;
  styles: ReadonlyMap<string, string>;
}

const filesOf = (dir: string): Map<string, string> =>
  new Map(existsSync(dir) ? readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]) : []);

/** Reads the dashboard's files once, at start-up. */
export function loadDashboardApp(): DashboardApp {
  const page = (name: string) => {
    const file = join(WEB_DIST, name);
    if (!existsSync(file)) throw new Error(`${file} is missing: build apps/web (npm run build) first`);
    return readFileSync(file, 'utf8');
  };
  return {
    index: page('index.html'),
    setup: page('setup.html'),
    scripts: filesOf(join(WEB_DIST, 'assets', 'js')),
    styles: filesOf(join(WEB_DIST, 'assets', 'css')),
  };
}

/**
 * GET /dashboard (the app's one page; its views are addressed after `#`) and its assets, under
 * the pages' Content-Security-Policy: scripts and styles from the gateway only.
 */
export function registerDashboardApp(app: FastifyInstance, dashboard: DashboardApp): void {
  defineRoute(app, {
    method: 'GET',
    url: '/dashboard',
    summary: 'The staff dashboard (HTML): the web app of the dashboard API',
    description: 'Signs in with the dashboard session; without one it offers the sign-in.',
    tags: ['dashboard app'],
    produces: 'text/html',
    response: z.string(),
    handler: async (_input, _request, reply) => {
      // No nonce: the app has no inline style or script at all.
      setPageHeaders(reply, null);
      reply.header('cache-control', 'no-cache');
      return dashboard.index;
    },
  });
  const kinds = [
    { dir: 'js', files: dashboard.scripts, type: 'text/javascript', what: 'A script' },
    { dir: 'css', files: dashboard.styles, type: 'text/css', what: 'A style sheet' },
  ];
  for (const { dir, files, type, what } of kinds) {
    if (files.size === 0) continue;
    defineRoute(app, {
      method: 'GET',
      url: `/dashboard/assets/${dir}/:name`,
      summary: `${what} of the staff dashboard`,
      description: 'Cached for a year: each name carries a hash of its content.',
      tags: ['dashboard app'],
      params: z.strictObject({ name: z.enum([...files.keys()] as [string, ...string[]], { message: 'no such file' }) }),
      produces: type,
      response: z.string(),
      handler: async ({ params }, _request, reply) => {
        reply.header('cache-control', IMMUTABLE).header('x-content-type-options', NOSNIFF);
        return files.get(params.name)!;
      },
    });
  }
}
