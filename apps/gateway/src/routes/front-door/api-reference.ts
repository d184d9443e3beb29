import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@svc/errors';
import { styleText, type PageAssets } from '@svc/pages';
import { setPageHeaders } from '../../http/page-headers.js';
import { perIp } from '../../limits/rate-limits.js';
import { REFERENCE_LABELS_SCRIPT } from './reference-labels.js';

/** Where the API reference lives; its files are under `/docs/static/`. */
export const API_REFERENCE_PATH = '/docs';

/** Swagger UI's files (swagger-ui-dist's, served by @fastify/static) and the overrides, `theme/`. */
const FILES = `${API_REFERENCE_PATH}/static/`;

/**
 * Whether a path under FILES names a file: not a folder (the folder's index.html is
 * swagger-ui-dist's own page, without our settings) and no `.`/`..` segment, raw or
 * percent-encoded, which @fastify/static would refuse with a bare 403. Those are 404s, as any
 * path that names nothing.
 */
const namesAFile = (rest: string): boolean =>
  rest !== '' && rest.split('/').every((segment) => segment !== '' && !/^(?:\.|%2e)+$/i.test(segment));

/**
 * What Swagger UI needs beyond the pages' policy: its style sheet draws icons as data: URLs. It
 * loads no image from elsewhere (no validator badge: `validatorUrl` is null), so not https: either.
 */
const REFERENCE_IMAGES = ["'self'", 'data:'];

/**
 * GET /docs: the API reference, Swagger UI (@fastify/swagger-ui) over the live /openapi.json,
 * served from the gateway itself (docs/decisions.md "Front door and API reference"). Every answer
 * under /docs carries the pages' Content-Security-Policy (no inline script, styles only from the
 * gateway): the plugin's page loads its initializer as a file, and the style overrides are
 * @svc/pages' `api-reference` style sheet. None of its routes is in the OpenAPI document.
 */
export async function registerApiReference(app: FastifyInstance, assets: PageAssets): Promise<void> {
  const pagePaths = new Set([API_REFERENCE_PATH, `${API_REFERENCE_PATH}/`]);
  // Its own scope, so the headers hook covers the reference's routes (its static files too) and nothing else.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      setPageHeaders(reply, null, [], REFERENCE_IMAGES);
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith(FILES) && !namesAFile(path.slice(FILES.length))) {
        throw new DomainError('NOT_FOUND', `No route for ${request.method} ${path}.`);
      }
    });
    await scope.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      uiConfig: {
        // No top bar: it would offer to load any URL's document into the page.
        layout: 'BaseLayout',
        // Off: a deep link is an <a> inside each operation's <button>, an interactive element
        // in another (axe-core's nested-interactive).
        deepLinking: false,
        // Each operation's request body and answers as example values generated from their schemas.
        defaultModelRendering: 'example',
        displayOperationId: true,
        displayRequestDuration: true,
        // Plain text: every highlighting theme colours numbers or strings below 4.5:1 on its
        // background (axe-core's color-contrast), and inline, past a style sheet's reach.
        syntaxHighlight: false,
      },
      uiHooks: {
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          const path = request.url.split('?')[0] ?? '';
          // The plugin's copy of the document: the reference reads the one every client reads.
          if (path === `${API_REFERENCE_PATH}/json`) return reply.redirect('/openapi.json');
          // Its YAML copy is written anew on every request (some 1.5 s of the event loop for this
          // document, unauthenticated): not offered.
          if (path === `${API_REFERENCE_PATH}/yaml`) throw new DomainError('NOT_FOUND', `No route for GET ${path}.`);
          // The page counts as a page (routes/pages); its files do not, as no asset does.
          if (pagePaths.has(path)) await app.rateLimits.enforce(request, reply, [perIp('pages')]);
          return undefined;
        },
      },
      theme: {
        title: 'API reference · Booking platform',
        css: [{ filename: 'api-reference.css', content: styleText(assets, 'api-reference') }],
        js: [{ filename: 'reference-labels.js', content: REFERENCE_LABELS_SCRIPT }],
      },
    });
  });
}
