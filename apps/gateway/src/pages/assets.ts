import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { NOSNIFF } from './page-headers.js';

/** The gateway package's root, from src/pages (tests) or dist/pages (built) alike. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The pages' scripts, compiled from client/ by `tsc -p tsconfig.client.json` (npm run build). */
const SCRIPT_DIR = join(PACKAGE_ROOT, 'dist', 'client');
const STYLE_DIR = join(PACKAGE_ROOT, 'client');

export interface PageAssets {
  /** A hash of every file: part of each asset's URL, so a cached copy is never stale. */
  version: string;
  scripts: ReadonlyMap<string, string>;
  styles: ReadonlyMap<string, string>;
}

const filesOf = (dir: string, ext: string): Map<string, string> =>
  new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith(ext))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

/** Reads the pages' scripts and styles once, at start-up. */
export function loadPageAssets(): PageAssets {
  if (!existsSync(SCRIPT_DIR)) throw new Error(`${SCRIPT_DIR} is missing: build the gateway (npm run build) first`);
  const scripts = filesOf(SCRIPT_DIR, '.js');
  const styles = filesOf(STYLE_DIR, '.css');
  const hash = createHash('sha256');
  for (const [name, text] of [...scripts, ...styles]) hash.update(name).update('\0').update(text).update('\0');
  return { version: hash.digest('hex').slice(0, 12), scripts, styles };
}

export const scriptUrl = (assets: PageAssets, name: string): string => `/assets/${assets.version}/js/${name}`;
export const styleUrl = (assets: PageAssets, name: string): string => `/assets/${assets.version}/css/${name}`;

/** A year: the URL changes with the content, so a cached copy never needs checking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /assets/{version}/js/{name} and /assets/{version}/css/{name}: the pages' own files, served by
 * the gateway (no CDN: the pages work from the gateway alone). Scripts import each other by
 * relative URL, so one version segment covers a page's whole module graph.
 */
export function registerAssetRoutes(app: FastifyInstance, assets: PageAssets): void {
  const kinds = [
    { dir: 'js', files: assets.scripts, type: 'text/javascript' },
    { dir: 'css', files: assets.styles, type: 'text/css' },
  ];
  for (const { dir, files, type } of kinds) {
    defineRoute(app, {
      method: 'GET',
      url: `/assets/:version/${dir}/:name`,
      summary: `A ${dir === 'js' ? 'script' : 'style sheet'} of the booking pages`,
      description: 'Cached for a year: `version` is a hash of the files, so new files get new URLs.',
      tags: ['booking pages'],
      params: z.strictObject({
        version: z.literal(assets.version, { message: 'not the current asset version' }),
        name: z.enum([...files.keys()] as [string, ...string[]], { message: 'no such file' }),
      }),
      produces: type,
      response: z.string(),
      handler: async ({ params }, _request, reply) => {
        reply.header('cache-control', IMMUTABLE).header('x-content-type-options', NOSNIFF);
        return files.get(params.name)!;
      },
    });
  }
}

/**
 * Five minutes: businesses paste GET /embed.js by its fixed address, so a new version must reach
 * their pages soon, while a visitor's later pages still take it from the cache.
 */
const EMBED_SCRIPT_CACHE = 'public, max-age=300';

/**
 * GET /embed.js: the booking widget a business includes on its own site with one tag
 * (client/embed.ts; docs/decisions.md "Embedding"). A classic script, not a module, so the tag
 * needs no `type` and the script can find itself through `document.currentScript`.
 */
export function registerEmbedScript(app: FastifyInstance, assets: PageAssets): void {
  const script = assets.scripts.get('embed.js');
  if (script === undefined)
    throw new Error(`${SCRIPT_DIR}/embed.js is missing: build the gateway (npm run build) first`);
  defineRoute(app, {
    method: 'GET',
    url: '/embed.js',
    summary: 'The booking widget: a script a business includes on its own site',
    description:
      '`<script src="…/embed.js" data-tenant="{tenantSlug}" data-service="{serviceSlug}" async></script>` ' +
      "inserts the tenant's booking page (GET /book/{tenantSlug}) in an iframe after the tag, sizes it to its " +
      'content and raises `booking:created` (detail `{ bookingId, status }`) and `booking:height` (detail ' +
      "`{ height }`) on the iframe, bubbling to the document. The host's origin must be one of the tenant's " +
      '`branding.embedOrigins` (docs/decisions.md "Embedding"). Cached for five minutes.',
    tags: ['booking pages'],
    produces: 'text/javascript',
    response: z.string(),
    handler: async (_input, _request, reply) => {
      reply
        .header('cache-control', EMBED_SCRIPT_CACHE)
        .header('x-content-type-options', NOSNIFF)
        // Loadable by a host page that requires it of what it embeds (Cross-Origin-Embedder-Policy).
        .header('cross-origin-resource-policy', 'cross-origin');
      return script;
    },
  });
}
