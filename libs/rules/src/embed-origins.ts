/**
 * The origins whose pages may embed a tenant's booking page (docs/decisions.md "Embedding"): the
 * booking and manage pages name exactly these in `frame-ancestors`, and the booking page posts
 * its messages to no other parent. An origin is a scheme, a host and a port, nothing else; https,
 * or http to a loopback host (`localhost`, 127.0.0.0/8), which browsers count as a secure
 * context and which only the visitor's own machine can serve. The host must be one a CSP source
 * expression can name: a domain name (punycode for other scripts) or an IPv4 address, no
 * wildcard, no IPv6 literal.
 */
import { z } from 'zod';
import { isLoopbackHost } from './network-address.js';

export const EMBED_ORIGINS_MAX = 20;
/** A host name of 253 characters, a scheme and a port fit. */
export const EMBED_ORIGIN_MAX_LENGTH = 300;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** What CSP's host-part takes (letters, digits, hyphens in dot-separated labels), URL-normalized. */
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const DNS_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** The last label starts with a letter: a name ending in a number would be read as an IPv4 address. */
const DOMAIN = `(?:${DNS_LABEL}\\.)*[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`;
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0))?';
/**
 * Every origin the rule takes, as one pattern (also the OpenAPI `pattern`, so a client can check
 * it and a fuzzer knows it): https to a domain name or a dotted IPv4 address, or http to
 * `localhost` or 127.0.0.0/8, an optional port, an optional lone slash; any letter case.
 */
export const EMBED_ORIGIN_PATTERN = new RegExp(
  `^(?:[Hh][Tt][Tt][Pp][Ss]://(?:${DOMAIN}|${OCTET}(?:\\.${OCTET}){3})|[Hh][Tt][Tt][Pp]://(?:[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]|127(?:\\.${OCTET}){3}))${PORT}/?$`,
);

export const EMBED_ORIGIN_MESSAGE =
  'must be an origin such as https://www.example.com: scheme, host and port only, without a path';

/**
 * The origin in its normalized form (`URL.origin`: lower case, punycode host, default port
 * dropped, no trailing slash), or why it is not one.
 */
export function parseEmbedOrigin(value: string): { origin: string } | { problem: string } {
  if (value.length > EMBED_ORIGIN_MAX_LENGTH) {
    return { problem: `must be at most ${EMBED_ORIGIN_MAX_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: EMBED_ORIGIN_MESSAGE };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'must be an https origin' };
  // A lone trailing slash is the empty path; anything after it, a query or a fragment is not an origin.
  if (url.pathname !== '/' || /[?#]/.test(value)) return { problem: EMBED_ORIGIN_MESSAGE };
  if (url.username !== '' || url.password !== '') return { problem: 'must not contain a user name or password' };
  if (!HOST.test(url.hostname)) {
    return { problem: 'must name its host by a domain name or an IPv4 address, without wildcards' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { problem: 'must be https (http only for localhost and 127.0.0.0/8)' };
  }
  // What the URL parser still takes beyond the pattern (a shortened IPv4 such as 127.1, a
  // percent-encoded host) is no origin a person writes: refused rather than rewritten.
  if (!EMBED_ORIGIN_PATTERN.test(value)) return { problem: EMBED_ORIGIN_MESSAGE };
  return { origin: url.origin };
}

export interface EmbedOriginViolation {
  /** The position in the list as sent; absent: the list as a whole. */
  index?: number;
  message: string;
}

/**
 * A tenant's list as it is kept: every entry normalized, duplicates (after normalizing) dropped,
 * the first occurrence kept in its place; or what is wrong with it.
 */
export function normalizeEmbedOrigins(
  values: readonly string[],
): { origins: string[] } | { violations: EmbedOriginViolation[] } {
  if (values.length > EMBED_ORIGINS_MAX) {
    return { violations: [{ message: `must list at most ${EMBED_ORIGINS_MAX} origins` }] };
  }
  const violations: EmbedOriginViolation[] = [];
  const origins = new Set<string>();
  values.forEach((value, index) => {
    const parsed = parseEmbedOrigin(value);
    if ('problem' in parsed) violations.push({ index, message: parsed.problem });
    else origins.add(parsed.origin);
  });
  return violations.length > 0 ? { violations } : { origins: [...origins] };
}

export const embedOriginSchema = z
  .string()
  .max(EMBED_ORIGIN_MAX_LENGTH)
  .superRefine((value, ctx) => {
    const parsed = parseEmbedOrigin(value);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
  })
  .meta({ pattern: EMBED_ORIGIN_PATTERN.source });

export const embedOriginsSchema = z.array(embedOriginSchema).max(EMBED_ORIGINS_MAX);
