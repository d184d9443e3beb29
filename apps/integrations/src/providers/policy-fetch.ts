/**
 * `fetch` for a server a tenant named (a CalDAV server): every request, and every redirect hop,
 * is checked by the URL policy when it is made and connects to an address the policy accepted
 * then (`pinnedLookup`, Host and TLS server name stay the URL's), as webhook attempts do. So a
 * name that resolves to a public address at connect and to the platform's own network later
 * (DNS rebinding) never gets a request. undici's fetch takes the connector with the pinned
 * lookup; each request has its own connection, closed once the body is read.
 *
 * The body is read while it streams, up to `maxResponseBytes` (PROVIDER_MAX_RESPONSE_BYTES): a
 * longer answer is cut off and refused (ResponseTooLargeError), so a server cannot make the
 * service hold more than that per request. A redirect to another origin drops the credentials
 * (Authorization, Proxy-Authorization, Cookie), as browsers' fetch does: the account's password
 * goes only to the origin it was given for (docs/decisions.md "Integrations").
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { pinnedLookup, type UrlPolicy } from '@svc/url-policy';
import { readCapped, ResponseTooLargeError } from './capped-body.js';

/** The URL policy refused the request's URL (an address it does not allow, or no address). */
export class UrlRefusedError extends Error {}

export { ResponseTooLargeError };

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);
/** Headers that carry credentials: never sent on to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** Headers of a request body, dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language'];

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface PolicyFetchOptions {
  /** The most one response body may carry. */
  maxResponseBytes: number;
}

export function policyFetch(policy: UrlPolicy, options: PolicyFetchOptions): Fetch {
  return async (input, init = {}) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    // One form whatever the caller gave (Headers, a plain object, pairs), so every spelling of a
    // credential header is found when a redirect leaves the origin.
    const headers = new Headers(init.headers);
    let origin: string | null = null;
    for (let hop = 0; ; hop++) {
      const where = await policy.check(url);
      if (!where.ok) throw new UrlRefusedError(`URL refused: ${where.problem}`);
      if (origin !== null && where.url.origin !== origin) {
        for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      }
      origin = where.url.origin;
      const agent = new Agent({ connect: { lookup: pinnedLookup(where.addresses) } });
      let done = false;
      try {
        const res = await undiciFetch(where.url, {
          ...(init as object),
          method,
          headers: [...headers],
          body: body as never,
          redirect: 'manual',
          dispatcher: agent,
        });
        const location = res.headers.get('location');
        if (REDIRECTS.has(res.status) && location !== null && init.redirect !== 'manual') {
          // The redirect's own body is of no use: not read at all.
          await res.body?.cancel();
          done = true;
          if (hop >= MAX_REDIRECTS) throw new UrlRefusedError(`more than ${MAX_REDIRECTS} redirects`);
          url = new URL(location, where.url).href;
          // What fetch does: a 303, or a 301/302 of a POST, continues as a GET without body.
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
            for (const name of BODY_HEADERS) headers.delete(name);
          }
          continue;
        }
        const bytes = await readCapped(res.body, res.headers.get('content-length'), options.maxResponseBytes);
        done = true;
        return new Response(NO_BODY.has(res.status) ? null : bytes, {
          status: res.status,
          statusText: res.statusText,
          headers: [...res.headers],
        });
      } finally {
        // A failed or cut-off request leaves its connection half read: closed at once, not drained.
        await (done ? agent.close() : agent.destroy());
      }
    }
  };
}
