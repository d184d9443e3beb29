import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DomainError } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import { defineRoute } from '../http/route.js';
import { perIp } from '../limits/rate-limits.js';
import { bookingConfigOf } from '../routes/public/booking-config-route.js';
import { tenantSlugParams } from '../routes/public/schemas.js';
import { registerAssetRoutes, type PageAssets } from './assets.js';
import { renderBookingPage } from './booking-page.js';
import { renderErrorPage } from './error-page.js';
import { prefersHtml } from './negotiate.js';
import { newNonce, setPageHeaders } from './page-headers.js';

export { loadPageAssets, type PageAssets } from './assets.js';
export { renderManagePage } from './manage-page.js';
export { renderUnsubscribePage } from './unsubscribe-page.js';

/** Sets a page's headers (CSP with a fresh nonce and the rest) and renders it with that nonce. */
export function sendPage(reply: FastifyReply, render: (nonce: string) => string): string {
  const nonce = newNonce();
  setPageHeaders(reply, nonce);
  reply.type('text/html; charset=utf-8');
  return render(nonce);
}

/**
 * The error of a page route as a page, when a browser asked for one (the route's `page` config,
 * set by defineRoute); undefined: answer the envelope.
 */
export function errorPageFor(assets: PageAssets) {
  return (error: DomainError, request: FastifyRequest, reply: FastifyReply): string | undefined => {
    if (!request.routeOptions?.config?.page) return undefined;
    reply.header('vary', 'Accept');
    if (!prefersHtml(request)) return undefined;
    return sendPage(reply, (nonce) => renderErrorPage(error, request.id, assets, nonce));
  };
}

/**
 * The booking pages (docs/decisions.md "Booking pages"): their assets and GET /book/{tenantSlug}.
 * The manage page is the HTML answer of GET /booking/manage/{token} (routes/manage).
 */
export function registerBookingPages(app: FastifyInstance, catalog: CatalogClient, assets: PageAssets): void {
  registerAssetRoutes(app, assets);
  defineRoute(app, {
    method: 'GET',
    url: '/book/:tenantSlug',
    summary: "The tenant's public booking page (HTML)",
    description:
      "Services, free slots, the booking form and its confirmation, in the tenant's branding. Its script uses " +
      'the JSON routes under /book/{tenantSlug}/. Unknown tenant NOT_FOUND, inactive TENANT_INACTIVE (as pages ' +
      'when Accept prefers text/html).',
    tags: ['booking pages'],
    params: tenantSlugParams,
    limits: [perIp('pages')],
    produces: 'text/html',
    response: z.string(),
    handler: async ({ params }, _request, reply) => {
      const config = await bookingConfigOf(catalog, params.tenantSlug);
      reply.header('cache-control', 'no-cache');
      return sendPage(reply, (nonce) => renderBookingPage(config, assets, nonce));
    },
  });
}
