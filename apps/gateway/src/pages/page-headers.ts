import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const NOSNIFF = 'nosniff';

/** A fresh nonce per page: the only inline element it admits is the tenant's theme `<style>`. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The Content-Security-Policy of a page: scripts only from the gateway itself (no inline
 * script at all), styles from the gateway plus the nonce'd theme (none on the dashboard), images from the gateway or any
 * https origin (the tenant's logo), requests only to the gateway, and no framing.
 */
export const contentSecurityPolicy = (nonce: string | null): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    nonce === null ? "style-src 'self'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The headers of an HTML page. `Referrer-Policy: no-referrer` on every page: the manage page's
 * URL carries the token, and the logo is fetched from the tenant's (third-party) host.
 */
export function setPageHeaders(reply: FastifyReply, nonce: string | null): void {
  reply
    .header('content-security-policy', contentSecurityPolicy(nonce))
    .header('x-content-type-options', NOSNIFF)
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');
}
