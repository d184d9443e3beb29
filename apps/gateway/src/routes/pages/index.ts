import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DomainError } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import { renderBookingPage, renderErrorPage, type BookingPageView, type PageAssets } from '@svc/pages';
import { EMBED_ORIGIN_MAX_LENGTH, slugSchema } from '@svc/rules';
import { prefersHtml } from '../../http/negotiate.js';
import { sendPage } from '../../http/page-headers.js';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { bookingConfigOf } from '../../api/booking-config.js';
import { tenantSlugParams } from '../../api/public-tenant.js';
import { registerAssetRoutes, registerEmbedScript } from './assets.js';

export { loadPageAssets } from '@svc/pages';

/**
 * The error of a page route as a page, when a browser asked for one (the route's `page` config,
 * set by defineRoute); undefined: answer the envelope.
 */
export function errorPageFor(assets: PageAssets) {
  return (error: DomainError, request: FastifyRequest, reply: FastifyReply): string | undefined => {
    if (!request.routeOptions?.config?.page) return undefined;
    reply.header('vary', 'Accept');
    if (!prefersHtml(request)) return undefined;
    return sendPage(reply, (nonce) => renderErrorPage({ code: error.code, requestId: request.id }, assets, nonce));
  };
}

/**
 * Other parameters (a campaign's `utm_*`) are ignored, so links made for the page keep working.
 * `embed` is for the page's script alone (@svc/pages client/embed-bridge.ts), which posts to it only when it
 * is one of the tenant's origins: any other value is ignored like a campaign's parameter, since the
 * server does nothing with it.
 */
const bookingPageQuery = z.object({
  service: slugSchema
    .optional()
    .describe(
      'The slug of a service to choose at once (as `data-service` of GET /embed.js); an unknown one chooses none.',
    ),
  embed: z
    .string()
    .max(EMBED_ORIGIN_MAX_LENGTH)
    .optional()
    .describe(
      'The origin of the page that embeds this one (GET /embed.js sets it): the page posts its events to it ' +
        'when it is one of the tenant\'s `embedOrigins` (docs/decisions.md "Embedding"), and ignores any other value.',
    ),
});

/**
 * The booking pages (docs/decisions.md "Booking pages"): their assets (built by @svc/pages), GET
 * /embed.js and GET /book/{tenantSlug}.
 * The manage page is the HTML answer of GET /booking/manage/{token} (routes/manage).
 */
export function registerBookingPages(app: FastifyInstance, catalog: CatalogClient, assets: PageAssets): void {
  registerAssetRoutes(app, assets);
  registerEmbedScript(app, assets);
  defineRoute(app, {
    method: 'GET',
    url: '/book/:tenantSlug',
    summary: "The tenant's public booking page (HTML)",
    description:
      "Services, free slots, the booking form and its confirmation, in the tenant's branding. Its script uses " +
      'the JSON routes under /book/{tenantSlug}/. Unknown tenant NOT_FOUND, inactive TENANT_INACTIVE (as pages ' +
      "when Accept prefers text/html). Framed only by the tenant's `branding.embedOrigins` (its " +
      "`frame-ancestors`; `'none'` when it has none): GET /embed.js puts it on their pages.",
    tags: ['booking pages'],
    params: tenantSlugParams,
    querystring: bookingPageQuery,
    limits: [perIp('pages')],
    produces: 'text/html',
    response: z.string(),
    handler: async ({ params, query }, _request, reply) => {
      // The /config answer is the page's view model as it stands (@svc/pages BookingPageView).
      const config: BookingPageView = await bookingConfigOf(catalog, params.tenantSlug);
      reply.header('cache-control', 'no-cache');
      return sendPage(
        reply,
        (nonce) => renderBookingPage(config, assets, nonce, query.service),
        config.tenant.branding.embedOrigins,
      );
    },
  });
}
