import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const NOSNIFF = 'nosniff';

/**
 * A year: the pages' and the dashboard's assets change their URL with their content, so a cached
 * copy never needs checking.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A fresh nonce per page: the only inline element it admits is the tenant's theme `<style>`. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/** Where a page's images may come from: the gateway, a tenant's logo (any https origin), data: URLs. */
const PAGE_IMAGES = ["'self'", 'https:', 'data:'];

/**
 * The Content-Security-Policy of a page: scripts only from the gateway itself (no inline
 * script at all), styles from the gateway plus the nonce'd theme (none on the dashboard), images from `images`
 * (by default the gateway or any https origin, the tenant's logo), requests only to the gateway, and no framing but by
 * `frameAncestors`: the tenant's embed origins on its booking and manage pages (docs/decisions.md
 * "Embedding"), already normalized origins (@svc/rules parseEmbedOrigin), so each is one CSP source.
 */
export const contentSecurityPolicy = (
  nonce: string | null,
  frameAncestors: readonly string[] = [],
  images: readonly string[] = PAGE_IMAGES,
): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    nonce === null ? "style-src 'self'" : `style-src 'self' 'nonce-${nonce}'`,
    `img-src ${images.join(' ')}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length === 0 ? "'none'" : frameAncestors.join(' ')}`,
  ].join('; ');

/**
 * Sets a page's headers (CSP with a fresh nonce and the rest) and renders it with that nonce
 * (@svc/pages); `frameAncestors`: the origins that may frame it (a tenant's embed origins), none by default.
 */
export function sendPage(
  reply: FastifyReply,
  render: (nonce: string) => string,
  frameAncestors: readonly string[] = [],
): string {
  const nonce = newNonce();
  setPageHeaders(reply, nonce, frameAncestors);
  reply.type('text/html; charset=utf-8');
  return render(nonce);
}

/**
 * The headers of an HTML page. `Referrer-Policy: no-referrer` on every page: the manage page's
 * URL carries the token, and the logo is fetched from the tenant's (third-party) host.
 * X-Frame-Options (for browsers without frame-ancestors) can only deny or name one origin, so a
 * page some origins may frame leaves it out and relies on the CSP alone.
 */
export function setPageHeaders(
  reply: FastifyReply,
  nonce: string | null,
  frameAncestors: readonly string[] = [],
  images: readonly string[] = PAGE_IMAGES,
): void {
  reply
    .header('content-security-policy', contentSecurityPolicy(nonce, frameAncestors, images))
    .header('x-content-type-options', NOSNIFF)
    .header('referrer-policy', 'no-referrer');
  if (frameAncestors.length === 0) reply.header('x-frame-options', 'DENY');
}
