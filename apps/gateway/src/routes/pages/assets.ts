import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PageAssets } from '@svc/pages';
import { IMMUTABLE, NOSNIFF } from '../../http/page-headers.js';
import { defineRoute } from '../../http/route.js';

/**
 * /assets/{version}/js/{name} and /assets/{version}/css/{name}: the pages' own files (@svc/pages'
 * Vite build), served by the gateway (no CDN: the pages work from the gateway alone). Scripts
 * import each other by relative URL, so one version segment covers a page's whole module graph.
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
 * (@svc/pages client/embed.ts; docs/decisions.md "Embedding"). A classic script, not a module, so
 * the tag needs no `type` and the script can find itself through `document.currentScript`.
 */
export function registerEmbedScript(app: FastifyInstance, assets: PageAssets): void {
  const script = assets.embed;
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
